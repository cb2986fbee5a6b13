// What every screen of an area needs before it shows anything: the school, and for staff and
// teachers its years and classes. The layout loads it once per page load, so the first visit
// leaves it in the offline copy (decision 100). One list of reads per area; a single bootstrap
// call can later replace them without changing the screens.
import type { SchoolClass } from '../../worker/contract/classes';
import type { SchoolInfo } from '../../worker/contract/instance';
import type { SchoolYear } from '../../worker/contract/school-years';
import { api } from './client';

export type { SchoolInfo };

export type { SchoolYear };

export type { SchoolClass };

export interface Bootstrap {
  school: SchoolInfo;
  years: SchoolYear[];
  classes: SchoolClass[];
}

/** 'school': staff and teachers (school, years, classes); 'student': the school only. */
export type BootstrapArea = 'school' | 'student';

export async function loadBootstrap(area: BootstrapArea): Promise<Bootstrap> {
  if (area === 'student') return { school: await api.get<SchoolInfo>('/instance/current'), years: [], classes: [] };
  const [school, years, classes] = await Promise.all([
    api.get<SchoolInfo>('/instance/current'),
    api.get<SchoolYear[]>('/school-years'),
    api.get<SchoolClass[]>('/classes'),
  ]);
  return { school, years, classes };
}
