// The student register's data: API shapes, the list address, the list built offline from the
// stored pages, and the local updates applied when a write was queued offline (document 2 §7:
// update local state and cache, skip the reload).
import { compareNames, matchesStudentSearch } from '../../../worker/domain/text';

export interface Enrollment {
  id: string;
  year_id: string;
  class_id: string;
  className: string;
  mppa: number;
}

export interface Student {
  id: string;
  nisu: string | null;
  nom: string;
  prenom: string;
  sexe: 'M' | 'F' | null;
  date_of_birth: string | null;
  address: string | null;
  photo_url: string | null;
  tutor_name: string | null;
  tutor_phone: string | null;
  tutor_email: string | null;
  medical_notes: string | null;
  status: 'active' | 'archived';
  /** The revision the form names when it saves (a save never overwrites a newer one). */
  revision: number;
  enrollment: Enrollment | null;
}

export interface StudentPage {
  students: Student[];
  pagination: { page: number; totalPages: number; total: number; limit?: number };
}

export interface ClassOption {
  id: string;
  name: string;
  /** The class fee of the year (decimal), null when none is set. */
  mppa: number | null;
}

export interface FormDataAnswer {
  classes: ClassOption[];
  unenrolledFilter: string;
}

export const PAGE_SIZE = 25;

export interface ListFilters {
  yearId: string;
  page: number;
  includeArchived: boolean;
  classFilter: string;
  search: string;
  sort: 'nom' | 'prenom';
}

/** The server's largest page, for the printed list. */
export const LARGEST_PAGE = 100;

export function listPath(f: ListFilters, limit: number = PAGE_SIZE): string {
  const query = new URLSearchParams({
    yearId: f.yearId,
    page: String(f.page),
    limit: String(limit),
    includeArchived: String(f.includeArchived),
  });
  if (f.classFilter) query.set('classFilter', f.classFilter);
  if (f.search.trim()) query.set('search', f.search.trim());
  query.set('sort', f.sort);
  return `/students-with-enrollment-status?${query.toString()}`;
}

export const fullName = (s: Pick<Student, 'prenom' | 'nom'>) => `${s.prenom} ${s.nom}`;

/** The list's first address, from which the stored pages of a year are found. */
export const LIST_PREFIX = '/students-with-enrollment-status?';

/**
 * Offline, a list the device never stored: the same filters applied to every student of the year
 * the device has stored (from any page and filter seen before), in the list's order.
 */
export function storedStudents(stored: readonly StudentPage[], f: ListFilters, unenrolledFilter: string): Student[] {
  const byId = new Map<string, Student>();
  for (const page of stored) for (const s of page.students) byId.set(s.id, s);
  const order = (a: Student, b: Student) =>
    f.sort === 'prenom'
      ? compareNames(a.prenom, b.prenom) || compareNames(a.nom, b.nom)
      : compareNames(a.nom, b.nom) || compareNames(a.prenom, b.prenom);
  const inClass = (s: Student) =>
    !f.classFilter || (f.classFilter === unenrolledFilter ? !s.enrollment : compareNames(s.enrollment?.className ?? '', f.classFilter) === 0);
  return [...byId.values()]
    .filter((s) => (f.includeArchived || s.status === 'active') && inClass(s) && matchesStudentSearch(s, f.search))
    .sort(order);
}

/** One page of `storedStudents`; null when the device stored no list of the year. */
export function storedPage(stored: readonly StudentPage[], f: ListFilters, unenrolledFilter: string): StudentPage | null {
  if (stored.length === 0) return null;
  const matching = storedStudents(stored, f, unenrolledFilter);
  const total = matching.length;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(f.page, totalPages);
  return {
    students: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    pagination: { page, totalPages, total, limit: PAGE_SIZE },
  };
}

// ------------------------------------------------------------------ local (queued) updates

type PageUpdate = (page: StudentPage) => StudentPage;

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

/** A decimal amount typed in French ('25 000,50') or English ('25000.50'); null when not a number >= 0. */
export function parseAmount(value: string): number | null {
  const cleaned = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** An amount for an input: '27500.5' -> '27500,50'. */
export const amountInput = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(2).replace('.', ',');
