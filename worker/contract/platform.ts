// The platform's maintenance state (document 1 §3 "Maintenance state", product decisions): the
// maintenance screen polls it; superadmins start and end it.
import { z } from 'zod';
import { optionalMultilineText } from './common';
import { area, get, put } from './endpoint';

export const maintenanceLevel = z.enum(['standard', 'full_lockdown']);
export type MaintenanceLevel = z.output<typeof maintenanceLevel>;

export const maintenance = z.strictObject({ active: z.boolean(), message: z.string(), level: maintenanceLevel });
export type Maintenance = z.output<typeof maintenance>;

export const platformApi = area('platform', {
  maintenance: get(
    '/maintenance',
    'Whether the platform is in maintenance: the maintenance screen polls it to know when to lift.',
    {
      answers: { 200: maintenance },
    },
  ),
  setMaintenance: put('/superadmin/maintenance', 'Starts or ends maintenance for the whole platform.', {
    body: z.object({
      active: z.boolean(),
      message: optionalMultilineText(500).transform((v) => v ?? ''),
      level: maintenanceLevel.default('standard'),
    }),
    answers: { 200: maintenance },
  }),
});
