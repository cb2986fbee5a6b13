// Audit rows, written in the same batch as the change they describe.
import type { Account } from '../auth/session';
import type { Db } from './client';
import { auditLog, platformAuditLog } from './schema';

export interface AuditEntry {
  action: string;
  target?: string | null;
  details?: Record<string, unknown> | string | null;
}

function detailsText(details: AuditEntry['details']): string | null {
  if (details == null) return null;
  return typeof details === 'string' ? details : JSON.stringify(details);
}

/** A school account writes to its school's log; a platform account to the platform log. */
export function auditInsert(db: Db, account: Pick<Account, 'id' | 'username' | 'instanceId'>, entry: AuditEntry) {
  const row = {
    id: crypto.randomUUID(),
    username: account.username,
    actionType: entry.action,
    targetName: entry.target ?? null,
    details: detailsText(entry.details),
  };
  if (account.instanceId) {
    return db.insert(auditLog).values({ ...row, instanceId: account.instanceId, userId: account.id });
  }
  return db.insert(platformAuditLog).values({ ...row, actorId: account.id });
}
