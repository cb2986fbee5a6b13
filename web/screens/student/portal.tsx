// The student portal's reads: the signed-in student's own, or, for an admin viewing a student's
// portal, the student named in the address (?studentId=…), passed on to every call; and the frame
// of its pages: the title, the read's error or 'Chargement…' until it answers, then the page
// (`NotEnrolled`: a class's page for a student without a class this year).
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiState } from '../../api/useApi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { studentText } from '../../i18n/student';
import { useTexts } from '../../session/language';

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

/** A page of the portal around what it shows of its read's answer. */
export function PortalPage<T>({
  title,
  read,
  children,
}: {
  /** The page's heading, when it does not depend on the answer. */
  title?: string;
  read: Pick<ApiState<T>, 'data' | 'error'>;
  children: (data: T) => ReactNode;
}) {
  const t = useTexts('student', studentText);
  return (
    <main className="page student-page">
      {title && <h1>{title}</h1>}
      {read.error && !read.data && <ErrorNotice message={read.error} />}
      {!read.data && !read.error && <p className="muted">{t.loading}</p>}
      {read.data && children(read.data)}
    </main>
  );
}

export const NotEnrolled = () => <p className="notice tone-info">{useTexts('student', studentText).notEnrolled}</p>;
