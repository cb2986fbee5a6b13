// The student portal's reads: the signed-in student's own, or, for an admin viewing a student's
// portal, the student named in the address (?studentId=…), passed on to every call.
import { useSearchParams } from 'react-router';

/** The student a portal's read names: none for the signed-in student, the address's for an admin. */
export function usePortalStudent(): { studentId?: string } {
  const [params] = useSearchParams();
  const studentId = params.get('studentId');
  return studentId ? { studentId } : {};
}

/** What the portal's links keep of the address (?studentId=… for an admin viewing a student's portal). */
export function usePortalSuffix(): string {
  const { studentId } = usePortalStudent();
  return studentId ? `?studentId=${encodeURIComponent(studentId)}` : '';
}
