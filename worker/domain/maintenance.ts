// Who keeps working during maintenance (document 1 §4 and §6).
import type { MaintenanceLevel } from '../contract/platform';
import type { AccountType } from './accounts';

/**
 * How often an open page asks the platform's state (`GET /api/maintenance`, decision 170): a page
 * left open learns that maintenance started, and the maintenance screen that it ended, within it.
 */
export const MAINTENANCE_POLL_MS = 20_000;

export function isExemptFromMaintenance(type: AccountType, level: MaintenanceLevel): boolean {
  if (type === 'superadmin' || type === 'superadmin_delegate') return true;
  return type === 'admin' && level !== 'full_lockdown';
}
