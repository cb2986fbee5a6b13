// The student portal's reads: the signed-in student's own, or, for an admin viewing a student's
// portal, the student named in the address (?studentId=…), passed on to every call.
import { useSearchParams } from 'react-router';

export function usePortalPath(path: string): string {
  const [params] = useSearchParams();
  const studentId = params.get('studentId');
  if (!studentId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}studentId=${encodeURIComponent(studentId)}`;
}

/** Every section's read, fetched once when the portal opens so each section opens offline after one visit. */
export const PORTAL_READS = [
  '/student/me',
  '/student/timetable',
  '/student/grades',
  '/student/resources',
  '/student/finance',
] as const;
