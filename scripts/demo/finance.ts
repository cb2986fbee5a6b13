// Enrolments and their money: one enrolment per pupil and year at the class fee, sibling
// reductions, scholarships and exam fees, payments in up to three instalments (receipts numbered
// in date order across the school, taken by the demo cashier), and a few unpaid pupils whose
// grades are locked. This year's instalments fall in their windows up to today: a later one is
// not paid yet, and the first one is paid by today at the latest (decision 211).
import type { adjustments, enrollments, payments } from '../../worker/db/schema';
import { notAfter } from './calendar';
import type { DemoContext } from './context';
import { clamp, dayBetween, pad, stamp } from './random';
import { type Pupil, studentIdOf } from './students';

/** One enrolment (pupil, year) with its money, for the areas that follow (grades, attendance). */
export interface Enrolled {
  pupil: Pupil;
  year: string;
  className: string;
  id: string;
  /** Centimes. */
  mppa: number;
  adjustments: { id: string; label: string; amount: number; position: number }[];
  payments: { id: string; date: string; label: string; amount: number; position: number; receiptNo?: number }[];
}

export function enrolmentRows(ctx: DemoContext, pupils: Pupil[], siblingOf: ReadonlyMap<number, number>) {
  const { cfg, size, school, id, calendar } = ctx;
  const demoPupil = pupils[0]!;
  const enrolled: Enrolled[] = [];
  for (const p of pupils) {
    for (const [year, className] of [
      [cfg.pastYear, p.classBefore],
      [cfg.currentYear, p.classNow],
    ] as const) {
      if (!year || !className) continue;
      enrolled.push({
        pupil: p,
        year,
        className,
        id: id(`enrollment:${pad(p.n, 3)}:${year}`),
        mppa: ctx.feeOf(year, className),
        adjustments: [],
        payments: [],
      });
    }
  }
  const current = enrolled.filter((e) => e.year === cfg.currentYear);

  // --- Adjustments
  const money = ctx.rng('money');
  const adjustmentsFor = new Map<number, [string, (e: Enrolled) => number][]>();
  if (size === 'large') {
    for (const [younger] of siblingOf)
      adjustmentsFor.set(younger, [['Réduction fratrie', (e) => -Math.round(e.mppa / 10)]]);
    const others = money.shuffle(current.filter((e) => e.pupil !== demoPupil && !adjustmentsFor.has(e.pupil.n)));
    for (const e of others.slice(0, 4)) adjustmentsFor.set(e.pupil.n, [['Bourse 50%', (x) => -Math.round(x.mppa / 2)]]);
    // Exam fees for the classes of the official exams (9e AF and Philo).
    for (const className of ['9e AF', 'Philo']) {
      const e = others.slice(4).find((x) => x.className === className);
      if (e)
        adjustmentsFor.set(e.pupil.n, [...(adjustmentsFor.get(e.pupil.n) ?? []), ["Frais d'examen", () => 150_000]]);
    }
  } else {
    const e = money.pick(current.slice(1));
    adjustmentsFor.set(e.pupil.n, [['Réduction fratrie', (x) => -Math.round(x.mppa / 10)]]);
  }
  for (const e of current) {
    (adjustmentsFor.get(e.pupil.n) ?? []).forEach(([label, amount], i) => {
      e.adjustments.push({ id: id(`adjustment:${e.id}:${i + 1}`), label, amount: amount(e), position: i + 1 });
    });
  }

  // --- Payments
  const unit = cfg.payUnit;
  /** `total` split into up to `k` positive payments, rounded to the unit except the last. */
  const split = (total: number, k: number) => {
    k = clamp(Math.min(k, Math.floor(total / unit)), 1, 3);
    const parts: number[] = [];
    let left = total;
    for (let i = 0; i < k - 1; i++) {
      const share = left * (0.35 + money.next() * 0.3);
      const part = clamp(Math.round(share / unit) * unit, unit, left - (k - 1 - i) * unit);
      parts.push(part);
      left -= part;
    }
    parts.push(left);
    return parts;
  };
  const windows = (year: string): [string, string][] => {
    const y = Number(year.slice(0, 4));
    return year === cfg.currentYear
      ? [
          [`${y}-08-16`, `${y}-10-17`],
          [`${y}-11-03`, `${y}-12-19`],
          [`${y + 1}-01-06`, `${y + 1}-03-20`],
        ]
      : [
          [`${y}-09-02`, `${y}-10-17`],
          [`${y}-12-01`, `${y + 1}-01-31`],
          [`${y + 1}-03-02`, `${y + 1}-05-15`],
        ];
  };
  for (const e of enrolled) {
    const adjusted = e.mppa + e.adjustments.reduce((s, a) => s + a.amount, 0);
    let plan: 'full' | 'partial' | 'partial2' | 'none';
    if (e.year !== cfg.currentYear) plan = 'full';
    else if (e.pupil === demoPupil) plan = 'partial2';
    else
      plan = money.weighted(
        size === 'large'
          ? ([
              ['full', 25],
              ['partial', 60],
              ['none', 15],
            ] as const)
          : ([
              ['full', 20],
              ['partial', 45],
              ['none', 35],
            ] as const),
      );
    if (plan === 'none') continue;
    let amounts: number[];
    if (plan === 'full') amounts = split(adjusted, money.int(1, 3));
    else {
      const target = Math.max(unit, Math.floor((adjusted * (0.2 + money.next() * 0.62)) / unit) * unit);
      amounts = split(Math.min(target, adjusted - unit), plan === 'partial2' ? 2 : money.int(1, 3));
    }
    const win = windows(e.year);
    amounts.forEach((amount, i) => {
      const [from, to] = win[i]!;
      const date = dayBetween(money, from, to);
      // Not paid yet (today comes before it); the first instalment is paid by today.
      if (i > 0 && date > calendar.today) return;
      e.payments.push({
        id: id(`payment:${e.id}:${i + 1}`),
        date: notAfter(date, calendar.today),
        label: `Versement ${i + 1}`,
        amount,
        position: i + 1,
      });
    });
  }
  // A few pupils with nothing paid yet have their grades locked.
  const unpaid = current.filter((e) => e.payments.length === 0 && e.pupil !== demoPupil);
  const locked = new Set(
    money
      .shuffle(unpaid)
      .slice(0, size === 'large' ? 5 : 1)
      .map((e) => e.id),
  );

  // Receipts are numbered in date order across the school.
  const allPayments = enrolled.flatMap((e, order) => e.payments.map((pay) => ({ e, order, pay })));
  allPayments.sort(
    (a, b) => a.pay.date.localeCompare(b.pay.date) || a.order - b.order || a.pay.position - b.pay.position,
  );
  allPayments.forEach((x, i) => (x.pay.receiptNo = i + 1));

  const enrollmentRows: (typeof enrollments.$inferInsert)[] = enrolled.map((e) => ({
    id: e.id,
    instanceId: school,
    studentId: studentIdOf(ctx, e.pupil),
    yearId: ctx.yearId(e.year),
    classId: ctx.classId(e.className),
    mppa: e.mppa,
    gradesAccessEnabled: !locked.has(e.id),
    createdAt: stamp(notAfter(`${e.year.slice(0, 4)}-08-${pad(20 + (e.pupil.n % 10))}`, calendar.today), 15),
  }));
  const adjustmentRows: (typeof adjustments.$inferInsert)[] = enrolled.flatMap((e) =>
    e.adjustments.map((a) => ({
      id: a.id,
      instanceId: school,
      enrollmentId: e.id,
      label: a.label,
      amount: a.amount,
      position: a.position,
    })),
  );
  const paymentRows: (typeof payments.$inferInsert)[] = allPayments.map(({ e, pay }) => ({
    id: pay.id,
    instanceId: school,
    enrollmentId: e.id,
    date: pay.date,
    label: pay.label,
    amount: pay.amount,
    receiptNo: pay.receiptNo!,
    // The demo cashier took them (named on the receipts).
    recordedBy: 'comptable',
    position: pay.position,
  }));
  return { enrolled, enrollments: enrollmentRows, adjustments: adjustmentRows, payments: paymentRows };
}
