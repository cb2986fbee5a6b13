// Who keeps working during maintenance (document 1 §4 and §6).
import type { MaintenanceLevel } from '../contract/platform';
import type { AccountType } from './accounts';

export function isExemptFromMaintenance(type: AccountType, level: MaintenanceLevel): boolean {
  if (type === 'superadmin' || type === 'superadmin_delegate') return true;
  return type === 'admin' && level !== 'full_lockdown';
}
