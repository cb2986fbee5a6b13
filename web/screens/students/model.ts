// The student register's data: API shapes, the list address and amounts as typed.
import { fromCentimes, parseAmount as parseCentimes } from '../../../worker/domain/money';

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
