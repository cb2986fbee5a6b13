// The register's page as a queued write leaves it (document 2 §7: update local state and cache,
// skip the reload): the change shows at once, here and in the offline copy.
import { type ClassOption, type Enrollment, PAGE_SIZE, type Student, type StudentPage } from '../model';

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
    withStudents(page, page.students.map((s) => (s.id === student.id ? { ...s, ...student } : s)));

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
    return withStudents(page, page.students.map((s) => (changed.has(s.id) ? { ...s, status } : s)));
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
        s.enrollment && moved.has(s.enrollment.id) ? { ...s, enrollment: { ...s.enrollment, class_id: target.id, className: target.name } } : s,
      ),
    );
  };

/** The enrolment a queued enrolment stands for until it is sent (its id marks it local). */
export function localEnrollment(studentId: string, yearId: string, className: string, classes: readonly ClassOption[], mppa?: number | null): Enrollment {
  const target = classes.find((c) => c.name === className);
  return { id: `local-${studentId}`, year_id: yearId, class_id: target?.id ?? '', className, mppa: mppa ?? target?.mppa ?? 0 };
}
