// The student register's data: the API's shapes (worker/contract/students.ts), the list address
// and amounts as typed.
import type {
  StudentEnrollment as Enrollment,
  StudentFormData as FormDataAnswer,
  Student,
  StudentList as StudentPage,
} from '../../../worker/contract/students';
import { fromCentimes, parseAmount as parseCentimes } from '../../../worker/domain/money';

export type { Enrollment, FormDataAnswer, Student, StudentPage };

/** A class of the form, with its fee of the year (decimal), null when none is set. */
export type ClassOption = FormDataAnswer['classes'][number];

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
 * A decimal amount typed in French ('25 000,50') or English ('25000.50'), by the money rule the
 * server applies (domain/money.ts, its ceiling included); null when not such an amount >= 0.
 */
export function parseAmount(value: string): number | null {
  const centimes = parseCentimes(value);
  return centimes === null || centimes < 0 ? null : fromCentimes(centimes);
}

/** An amount for an input: '27500.5' -> '27500,50'. */
export const amountInput = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(2).replace('.', ',');
