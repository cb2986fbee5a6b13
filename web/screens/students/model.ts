// The student register's data: the API's shapes (worker/contract/students.ts), the list address
// and amounts as typed.
import type {
  StudentEnrollment as Enrollment,
  StudentFormData as FormDataAnswer,
  Student,
  StudentList as StudentPage,
} from '../../../worker/contract/students';
import { endpoints } from '../../api/endpoints';
import type { CallOf } from '../../api/route';
import { fromCentimes, parseAmount as parseCentimes } from '../../../worker/domain/money';
import { formatPlain } from '../../../worker/domain/format';

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

/** The list's query (its values in this order, empty ones left out: the address of its offline copy). */
export function listQuery(f: ListFilters, limit: number = PAGE_SIZE): CallOf<typeof endpoints.students.list> {
  return {
    query: {
      yearId: f.yearId,
      page: f.page,
      limit,
      includeArchived: String(f.includeArchived) as 'true' | 'false',
      classFilter: f.classFilter,
      search: f.search.trim(),
      sort: f.sort,
    },
  };
}

export const fullName = (s: Pick<Student, 'prenom' | 'nom'>) => `${s.prenom} ${s.nom}`;

/** The list's first address, from which the stored pages of a year are found. */
export const LIST_PREFIX = `${endpoints.students.list.path}?`;

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
  value === null || value === undefined ? '' : formatPlain(value, 2);
