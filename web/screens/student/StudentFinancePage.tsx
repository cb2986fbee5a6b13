// The student's finances ('Finances', document 2 §4 'Derived finance values'): the MPPA, the
// adjustments, the payments with their receipt numbers and dates, the balance (red while due).
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { studentText } from '../../i18n/student';
import { useLanguage, useTexts } from '../../session/language';
import { useSchool } from '../../layouts/school';
import { balanceTone, formatMoney, toCentimes } from '../../../worker/domain/money';
import { NotEnrolled, PortalPage, usePortalStudent } from './portal';
import './student.css';
import { formatDate } from '../../../worker/domain/format';

export function StudentFinancePage() {
  const { school } = useSchool();
  const finance = useRead(endpoints.studentPortal.finance, { query: usePortalStudent() });
  const t = useTexts('student', studentText);
  const language = useLanguage();
  const money = (amount: number) => formatMoney(toCentimes(amount), school?.currency ?? 'Gdes', language);
  return (
    <PortalPage title={t.finance.title} read={finance}>
      {(data) =>
        !data.class_name ? (
          <NotEnrolled />
        ) : (
          <>
            <p className="muted">{t.classYear(data.class_name, data.year_name ?? '')}</p>
            <dl className="card student-totals">
              <div>
                <dt>{t.finance.mppa}</dt>
                <dd>{money(data.mppa)}</dd>
              </div>
              {data.adjustments.map((a, i) => (
                <div key={i}>
                  <dt>{a.label}</dt>
                  <dd>{money(a.amount)}</dd>
                </div>
              ))}
              <div>
                <dt>{t.finance.adjusted}</dt>
                <dd>{money(data.adjusted_mppa)}</dd>
              </div>
              <div>
                <dt>{t.finance.totalPaid}</dt>
                <dd>{money(data.total_paid)}</dd>
              </div>
              <div className={`student-${balanceTone(data.balance)}`}>
                <dt>{t.finance.balance}</dt>
                <dd>{money(data.balance)}</dd>
              </div>
            </dl>
            <h2>{t.finance.payments}</h2>
            {data.payments.length === 0 ? (
              <p className="muted">{t.finance.noPayments}</p>
            ) : (
              <ul className="student-payments">
                {data.payments.map((p, i) => (
                  <li key={i} className="card">
                    <strong>{money(p.amount)}</strong>
                    <span>{p.label}</span>
                    <span className="muted small">
                      {formatDate(p.date)}
                      {p.receipt_no !== null ? ` · ${t.finance.receiptNo(p.receipt_no)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )
      }
    </PortalPage>
  );
}
