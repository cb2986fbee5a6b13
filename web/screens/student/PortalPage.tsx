// A page of the student portal: its title, the read's error or 'Chargement…' until it answers,
// then what the page shows of the answer. `NotEnrolled`: a class's page for a student without a
// class this year.
import type { ReactNode } from 'react';
import type { ApiState } from '../../api/useApi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { studentText } from '../../i18n/student';

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
  return (
    <main className="page student-page">
      {title && <h1>{title}</h1>}
      {read.error && !read.data && <ErrorNotice message={read.error} />}
      {!read.data && !read.error && <p className="muted">{studentText.loading}</p>}
      {read.data && children(read.data)}
    </main>
  );
}

export const NotEnrolled = () => <p className="notice notice-info">{studentText.notEnrolled}</p>;
