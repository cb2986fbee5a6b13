// The class roster as the API answers it (decimals) and the money the screen derives from it
// (centimes, then the school's currency).
import { financeTotals, type FinanceTotals, formatMoney, toCentimes } from '../../../worker/domain/money';
import type { SchoolInfo } from '../../layouts/school';

export interface ApiPayment {
  id: string;
  date: string | null;
  label: string;
  amount: number;
  receipt_no: number | null;
}

export interface ApiAdjustment {
  id: string;
  label: string;
  amount: number;
}

export interface Enrollment {
  id: string;
  student_id: string;
  year_id: string;
  year_name: string;
  className: string;
  mppa: number;
  /** The sheet's revision when read; sent back with a ledger save (decision 021). */
  version: number;
  grades_access_enabled: boolean;
  student: { nom: string; prenom: string; nisu: string | null };
  payments: ApiPayment[];
  adjustments: ApiAdjustment[];
}

export const rosterPath = (className: string, yearId: string) =>
  `/enrollments?className=${encodeURIComponent(className)}&yearId=${encodeURIComponent(yearId)}`;

/** Adjusted MPPA, total paid and balance of an enrolment, in centimes. */
export const totalsOf = (e: Pick<Enrollment, 'mppa' | 'payments' | 'adjustments'>): FinanceTotals =>
  financeTotals({
    mppa: toCentimes(e.mppa),
    payments: e.payments.map((p) => ({ amount: toCentimes(p.amount) })),
    adjustments: e.adjustments.map((a) => ({ amount: toCentimes(a.amount) })),
  });

export type Currency = SchoolInfo['currency'];

/** A money display helper bound to the school's currency. */
export const moneyIn = (currency: Currency) => (centimes: number) => formatMoney(centimes, currency);

export const fullName = (e: Pick<Enrollment, 'student'>) => `${e.student.prenom} ${e.student.nom}`;

/** 'YYYY-MM-DD' as fr-FR writes it ('15/09/2025'); '-' when missing (document 2 §4). */
export function dateFr(date: string | null): string {
  if (!date) return '-';
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return '-';
  return new Date(y, m - 1, d).toLocaleDateString('fr-FR');
}

/** Lower case without accents, for the roster search. */
export const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
