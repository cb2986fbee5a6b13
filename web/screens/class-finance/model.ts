// The class roster as the API answers it (decimals, worker/contract/finance.ts) and the money the
// screen derives from it (centimes, then the school's currency).
import { financeTotals, type FinanceTotals, formatMoney, toCentimes } from '../../../worker/domain/money';
import type { SchoolInfo } from '../../layouts/school';
import type {
  Adjustment as ApiAdjustment,
  FinanceEnrollment as Enrollment,
  Payment as ApiPayment,
} from '../../../worker/contract/finance';

export type { ApiAdjustment, ApiPayment, Enrollment };

/** The sheet in centimes, as the domain rules read it. */
export const centimesOf = (e: Pick<Enrollment, 'mppa' | 'payments' | 'adjustments'>) => ({
  mppa: toCentimes(e.mppa),
  payments: e.payments.map((p) => ({ id: p.id, amount: toCentimes(p.amount) })),
  adjustments: e.adjustments.map((a) => ({ id: a.id, amount: toCentimes(a.amount) })),
});

/** Adjusted MPPA, total paid and balance of an enrolment, in centimes. */
export const totalsOf = (e: Pick<Enrollment, 'mppa' | 'payments' | 'adjustments'>): FinanceTotals =>
  financeTotals(centimesOf(e));

export type Currency = SchoolInfo['currency'];

/** The CSS class of a balance: red when due, green when settled, the warning colour when overpaid. */
export { balanceClass } from '../../../worker/domain/money';

/** A positive payment recorded offline: the server gives it its receipt number when the queue syncs. */
export const isPending = (p: Pick<ApiPayment, 'amount' | 'receipt_no'>) => p.receipt_no === null && p.amount > 0;

/** A money display helper bound to the school's currency. */
export const moneyIn = (currency: Currency) => (centimes: number) => formatMoney(centimes, currency);

export const fullName = (e: Pick<Enrollment, 'student'>) => `${e.student.prenom} ${e.student.nom}`;

/** The one folding of the student search rule (worker/domain/text.ts), for the roster search. */
export { searchKey as folded } from '../../../worker/domain/text';
