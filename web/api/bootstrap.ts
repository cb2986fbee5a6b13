// What every screen of an area needs before it shows anything. Staff and teachers: one read,
// GET /bootstrap (the school, its years and classes, the latest platform announcement, the
// account's permissions), which the service worker revalidates (a 304 when unchanged, issue 12);
// students: the school. The layout loads it once per page load, so the first visit leaves it in
// the offline copy (decision 100).
import type { Announcement } from '../../worker/contract/announcements';
import type { Bootstrap as StaffBootstrap } from '../../worker/contract/bootstrap';
import type { SchoolClass } from '../../worker/contract/classes';
import type { SchoolInfo } from '../../worker/contract/instance';
import type { SchoolYear } from '../../worker/contract/school-years';
import { api } from './client';

export type { Announcement, SchoolClass, SchoolInfo, SchoolYear };

export type Bootstrap = Omit<StaffBootstrap, 'permissions'>;

/** 'school': staff and teachers; 'student': the school only. */
export type BootstrapArea = 'school' | 'student';

export async function loadBootstrap(area: BootstrapArea): Promise<Bootstrap> {
  if (area === 'student')
    return {
      school: await api.get<SchoolInfo>('/instance/current'),
      years: [],
      classes: [],
      announcement: null,
      fees: {},
    };
  return api.get<StaffBootstrap>('/bootstrap');
}
