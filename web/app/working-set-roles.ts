// Who keeps a working set on the phone (app/working-data.ts, decision 320): teachers, pupils,
// guardians (issue 43) and the office (staff who read the register). Apart from the set itself, which loads only when needed.
import type { Session } from '../session/session';

export const keepsASet = (session: Pick<Session, 'role' | 'permissions'>) =>
  session.role === 'teacher' ||
  session.role === 'student' ||
  session.role === 'guardian' ||
  session.role === 'admin' ||
  (session.role === 'standard' && session.permissions.includes('student:read'));
