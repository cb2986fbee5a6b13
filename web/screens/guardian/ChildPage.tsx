// /guardian/child/:schoolId/:studentId (issue 43, decision 360): one child's page on a phone, in the
// guardian's language: class and school, the balance and the instalments due, the payments with
// their receipts (printed again), the absences and lateness of the last 31 days, the school's
// announcements; the grades (when the pupil's access is open) and the week one tap away. Offline
// after one visit (the working set, decision 320).
import { Link, useParams } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { guardianText } from '../../i18n/guardian';
import { useLanguage, useTexts } from '../../session/language';
import { formatDay, formatInstant } from '../../../worker/domain/format';
import { balanceClass, formatMoney, toCentimes } from '../../../worker/domain/money';
import { STATUS_TONE } from '../../../worker/domain/attendance';
import { childPath } from './paths';
import { printChildReceipt } from './receipt';
import './guardian.css';

export function ChildPage() {
  const { schoolId = '', studentId = '' } = useParams();
  const t = useTexts('guardian', guardianText);
  const language = useLanguage();
  const page = useRead(endpoints.guardians.child, { params: { schoolId, studentId } });
  const child = page.data;
  const money = (amount: number) => formatMoney(toCentimes(amount), child?.currency ?? 'Gdes', language);
  const day = (date: string | null) => formatDay(date, 'long', '-', language);
  return (
    <main className="page guardian-page">
      <p>
        <Link to="/guardian">← {t.back}</Link>
      </p>
      {page.error && !child && <ErrorNotice message={page.error} />}
      {child && (
        <>
          <h1>
            {child.prenom} {child.nom}
          </h1>
          <p className="muted">
            {child.class_name ?? t.noClass} · {child.school_name}
          </p>
          {child.finance && (
            <section className="card guardian-section" aria-labelledby="guardian-finance">
              <h2 id="guardian-finance">{t.finance}</h2>
              <dl className="guardian-totals">
                <div>
                  <dt>{t.balance}</dt>
                  <dd className={balanceClass(toCentimes(child.finance.balance))}>{money(child.finance.balance)}</dd>
                </div>
                <div>
                  <dt>{t.paid}</dt>
                  <dd>{money(child.finance.paid)}</dd>
                </div>
                <div>
                  <dt>{t.total}</dt>
                  <dd>{money(child.finance.adjusted)}</dd>
                </div>
              </dl>
              <h3>{t.instalments}</h3>
              {child.finance.instalments.length === 0 ? (
                <p className="muted">{t.noInstalment}</p>
              ) : (
                <ul className="bare-list guardian-rows">
                  {child.finance.instalments.map((i) => (
                    <li key={i.due_date + i.name}>{t.due(day(i.due_date), money(i.left))}</li>
                  ))}
                </ul>
              )}
              <h3>{t.payments}</h3>
              {child.finance.payments.length === 0 ? (
                <p className="muted">{t.noPayment}</p>
              ) : (
                <ul className="bare-list guardian-rows">
                  {child.finance.payments.map((p) => (
                    <li key={p.id}>
                      <span>
                        {day(p.date)} · <strong>{money(p.amount)}</strong>
                        {p.receipt_no !== null && <> · {t.receipt(p.receipt_no)}</>}
                      </span>
                      {p.receipt_no !== null && (
                        <Button small onClick={() => printChildReceipt(child, p)}>
                          {t.reprint}
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <section className="card guardian-section" aria-labelledby="guardian-days">
            <h2 id="guardian-days">{t.days}</h2>
            {child.days.length === 0 ? (
              <p className="muted">{t.noDays}</p>
            ) : (
              <ul className="bare-list guardian-rows">
                {child.days.map((d) => (
                  <li key={d.date}>
                    <span>{day(d.date)}</span>
                    <span className={`badge tone-${STATUS_TONE[d.status]}`}>{t.status[d.status]}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card guardian-section" aria-labelledby="guardian-news">
            <h2 id="guardian-news">{t.announcements}</h2>
            {child.announcements.length === 0 ? (
              <p className="muted">{t.noAnnouncement}</p>
            ) : (
              <ul className="bare-list guardian-rows">
                {child.announcements.map((n) => (
                  <li key={n.id}>
                    <span>{n.content}</span>
                    <span className="muted small">{formatInstant(n.created_at, 'shortDate', '-', language)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <nav className="guardian-links" aria-label={`${child.prenom} ${child.nom}`}>
            {child.grades_open ? (
              <Link className="btn btn-secondary" to={childPath(schoolId, studentId, 'grades')}>
                {t.seeGrades}
              </Link>
            ) : (
              <p className="muted">{t.gradesLocked}</p>
            )}
            <Link className="btn btn-secondary" to={childPath(schoolId, studentId, 'timetable')}>
              {t.seeTimetable}
            </Link>
          </nav>
        </>
      )}
    </main>
  );
}
