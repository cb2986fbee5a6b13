// Journal tab: the school's activity log (document 2 §2 'Audit log', admin scope).
import { ActivityLog } from '../../journal/ActivityLog';

const SCHOOL = { kind: 'school' } as const;

export function JournalTab() {
  return <ActivityLog scope={SCHOOL} />;
}
