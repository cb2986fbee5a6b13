// The register's page as a queued write leaves it (document 2 §7: update local state and cache,
// skip the reload): the change shows at once, here and in the offline copy.
import {
  type ClassOption,
  type Enrollment,
  type ListFilters,
  PAGE_SIZE,
  type Student,
  type StudentPage,
} from '../model';
import { listedBy, listOrder } from './stored';

export type PageUpdate = (page: StudentPage) => StudentPage;

const withStudents = (page: StudentPage, students: Student[], totalDelta = 0): StudentPage => {
  const total = Math.max(0, page.pagination.total + totalDelta);
  const limit = page.pagination.limit ?? PAGE_SIZE;
  return { students, pagination: { ...page.pagination, total, totalPages: Math.max(1, Math.ceil(total / limit)) } };
};

export const addedLocally =
  (student: Student): PageUpdate =>
  (page) =>
    withStudents(page, [student, ...page.students.filter((s) => s.id !== student.id)], 1);

export const updatedLocally =
  (student: Student): PageUpdate =>
  (page) =>
    withStudents(
      page,
      page.students.map((s) => (s.id === student.id ? { ...s, ...student } : s)),
    );

export const deletedLocally =
  (ids: readonly string[]): PageUpdate =>
  (page) => {
    const gone = new Set(ids);
    const kept = page.students.filter((s) => !gone.has(s.id));
    return withStudents(page, kept, kept.length - page.students.length);
  };

export const statusLocally =
  (ids: readonly string[], status: Student['status'], includeArchived: boolean): PageUpdate =>
  (page) => {
    const changed = new Set(ids);
    if (status === 'archived' && !includeArchived) return deletedLocally(ids)(page);
    return withStudents(
      page,
      page.students.map((s) => (changed.has(s.id) ? { ...s, status } : s)),
    );
  };

export const enrolledLocally =
  (enrolments: ReadonlyMap<string, Enrollment>): PageUpdate =>
  (page) =>
    withStudents(
      page,
      page.students.map((s) => {
        const enrollment = enrolments.get(s.id);
        return enrollment ? { ...s, enrollment } : s;
      }),
    );

export const movedLocally =
  (enrollmentIds: readonly string[], target: ClassOption): PageUpdate =>
  (page) => {
    const moved = new Set(enrollmentIds);
    return withStudents(
      page,
      page.students.map((s) =>
        s.enrollment && moved.has(s.enrollment.id)
          ? { ...s, enrollment: { ...s.enrollment, class_id: target.id, className: target.name } }
          : s,
      ),
    );
  };

/** The enrolment a queued enrolment stands for until it is sent (its id marks it local). */
export function localEnrollment(
  studentId: string,
  yearId: string,
  className: string,
  classes: readonly ClassOption[],
  mppa?: number | null,
): Enrollment {
  const target = classes.find((c) => c.name === className);
  return {
    id: `local-${studentId}`,
    year_id: yearId,
    class_id: target?.id ?? '',
    className,
    mppa: mppa ?? target?.mppa ?? 0,
  };
}

/** A student a write changed: as the list showed it (null: new), and as saved (null: deleted). */
export interface SavedChange {
  before: Student | null;
  after: Student | null;
}

/** The list a page belongs to: its filters and the 'not enrolled' class filter's value. */
export interface ListView {
  filters: ListFilters;
  unenrolledFilter: string;
}

/**
 * The page as a write's answer leaves it (issue 12: the saved rows replace theirs, no reload):
 * each saved student stays in place, moves to its place in the order when renamed, leaves the
 * page when the filters no longer show it, and a new one comes in where the order puts it on
 * this page. The total follows.
 */
export const savedLocally =
  (changes: readonly SavedChange[], view: ListView): PageUpdate =>
  (page) => {
    const listed = listedBy(view.filters, view.unenrolledFilter);
    const order = listOrder(view.filters);
    const { page: n, totalPages } = page.pagination;
    const rows = [...page.students];
    let delta = 0;
    for (const { before, after } of changes) {
      const id = (after ?? before)?.id;
      if (!id) continue;
      const shows = after !== null && listed(after);
      const was = before !== null && listed(before);
      delta += (shows ? 1 : 0) - (was ? 1 : 0);
      const at = rows.findIndex((s) => s.id === id);
      if (at >= 0) {
        const kept = rows[at]!;
        rows.splice(at, 1);
        if (!shows) continue;
        if (order(kept, after) === 0) {
          rows.splice(at, 0, { ...kept, ...after });
          continue;
        }
      } else if (!shows || was) continue;
      // Where the order puts it; before this page's first row or after its last (when more
      // pages follow), it belongs to another page.
      const place = rows.findIndex((s) => order(after, s) < 0);
      const index = place < 0 ? rows.length : place;
      if ((index === 0 && n > 1 && rows.length > 0) || (index === rows.length && n < totalPages)) continue;
      rows.splice(index, 0, after);
    }
    return withStudents(page, rows.slice(0, page.pagination.limit ?? PAGE_SIZE), delta);
  };

/**
 * Whether a page built locally is short of rows the server would bring from the next pages
 * (students left it): then it is read again instead.
 */
export const missesRows = (page: StudentPage) =>
  page.students.length < (page.pagination.limit ?? PAGE_SIZE) && page.pagination.page < page.pagination.totalPages;
