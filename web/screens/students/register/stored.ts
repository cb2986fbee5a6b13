// Offline, the register answers from what this device stored: every list of the year it read
// (any page, filter or search), filtered and sorted as the server would.
import { allPages, read } from '../../../api/calls';
import { NetworkError } from '../../../api/client';
import { endpoints } from '../../../api/endpoints';
import { cachedAnswers } from '../../../api/cache';
import { compareNames, matchesStudentSearch } from '../../../../worker/domain/text';
import { LIST_PREFIX, listQuery, type ListFilters, PAGE_SIZE, type Student, type StudentPage } from '../model';

/** Every list of the year this device stored (the offline copy), whatever its filters. */
export async function storedLists(yearId: string): Promise<StudentPage[]> {
  const answers = await cachedAnswers<StudentPage>(LIST_PREFIX);
  return answers
    .filter((a) => new URLSearchParams(a.path.split('?')[1]).get('yearId') === yearId && Array.isArray(a.data.students))
    .map((a) => a.data);
}

/**
 * Offline, a list the device never stored: the same filters applied to every student of the year
 * the device has stored (from any page and filter seen before), in the list's order.
 */
export function storedStudents(stored: readonly StudentPage[], f: ListFilters, unenrolledFilter: string): Student[] {
  const byId = new Map<string, Student>();
  for (const page of stored) for (const s of page.students) byId.set(s.id, s);
  return [...byId.values()].filter(listedBy(f, unenrolledFilter)).sort(listOrder(f));
}

/** The list's order (its sort, then the other name), as the server sorts. */
export const listOrder =
  (f: Pick<ListFilters, 'sort'>) => (a: Pick<Student, 'nom' | 'prenom'>, b: Pick<Student, 'nom' | 'prenom'>) =>
    f.sort === 'prenom'
      ? compareNames(a.prenom, b.prenom) || compareNames(a.nom, b.nom)
      : compareNames(a.nom, b.nom) || compareNames(a.prenom, b.prenom);

/** Whether the list with these filters shows the student (status, class or 'not enrolled', search). */
export const listedBy = (f: ListFilters, unenrolledFilter: string) => {
  const inClass = (s: Student) =>
    !f.classFilter ||
    (f.classFilter === unenrolledFilter
      ? !s.enrollment
      : compareNames(s.enrollment?.className ?? '', f.classFilter) === 0);
  return (s: Student) =>
    (f.includeArchived || s.status === 'active') && inClass(s) && matchesStudentSearch(s, f.search);
};

/** One page of `storedStudents`; null when the device stored no list of the year. */
export function storedPage(
  stored: readonly StudentPage[],
  f: ListFilters,
  unenrolledFilter: string,
): StudentPage | null {
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

/** The whole list as filtered, every page (the printed list); offline, from the stored lists. */
export async function wholeList(f: ListFilters, unenrolledFilter: string): Promise<Student[]> {
  try {
    const pages = await allPages((page, limit) => read(endpoints.students.list, listQuery({ ...f, page }, limit)));
    return pages.flatMap((p) => p.students);
  } catch (error) {
    const stored = error instanceof NetworkError ? await storedLists(f.yearId) : [];
    if (stored.length === 0) throw error;
    return storedStudents(stored, f, unenrolledFilter);
  }
}
