// The student's grades ('Notes'): per period, each subject's average with its coefficient and
// appreciation (its evaluations one tap away), the period average on the report's base, the rank
// in the class and the general appreciation — the figures of the school's report cards.
import { useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { studentText } from '../../i18n/student';
import { useLanguage, useTexts } from '../../session/language';
import { averageBand, formatPoints, rankLabel } from '../../../worker/domain/grades';
import { PortalPage, usePortalStudent } from './portal';
import './student.css';
import { RowOptions } from '../../components/Field';
import { formatDecimal } from '../../../worker/domain/format';

export function StudentGradesPage() {
  const [periodId, setPeriodId] = useState<string | null>(null);
  const t = useTexts('student', studentText);
  const language = useLanguage();
  const grades = useRead(endpoints.studentPortal.grades, {
    query: { ...usePortalStudent(), ...(periodId ? { periodId } : {}) },
  });
  return (
    <PortalPage title={t.grades.title} read={grades}>
      {(data) =>
        data.periods.length === 0 ? (
          <p className="muted">{t.grades.noPeriods}</p>
        ) : (
          <>
            <label className="student-period">
              <span>{t.grades.period}</span>
              <select value={data.period_id ?? ''} onChange={(e) => setPeriodId(e.target.value)}>
                <RowOptions rows={data.periods} />
              </select>
            </label>
            {data.average === null ? (
              <p className="card muted">{t.grades.none}</p>
            ) : (
              <section className="card student-summary" aria-label={t.grades.periodAverage(data.base)}>
                <p>
                  {t.grades.periodAverage(data.base)} :{' '}
                  <strong className={`band-${averageBand(data.percent ?? 0)}`}>{formatDecimal(data.average)}</strong>
                </p>
                {data.rank !== null && <p>{t.grades.rank(rankLabel(data.rank, language), data.tied, data.ranked)}</p>}
                {data.general_appreciation && (
                  <p>
                    {t.grades.general} : <em>{data.general_appreciation}</em>
                  </p>
                )}
              </section>
            )}
            <ul className="student-subjects">
              {data.subjects.map((s) => (
                <li key={s.subject_id} className="card">
                  <div className="student-subject-head">
                    <strong>{s.name}</strong>
                    <span className="muted small">
                      {t.grades.coefficient} {formatPoints(s.coefficient)}
                    </span>
                    <span className={s.percent === null ? 'muted' : `band-${averageBand(s.percent)}`}>
                      {s.on_base === null ? '-' : `${formatDecimal(s.on_base)} / ${data.base}`}
                    </span>
                  </div>
                  {s.appreciation && <p className="student-appreciation">{s.appreciation}</p>}
                  {s.evaluations.length > 0 && (
                    <details>
                      <summary>{t.grades.evaluations}</summary>
                      <ul>
                        {s.evaluations.map((e, i) => (
                          <li key={i}>
                            {e.name} : {formatPoints(e.score)} / {formatPoints(e.max)}
                          </li>
                        ))}
                      </ul>
                    </details>
                  )}
                </li>
              ))}
            </ul>
          </>
        )
      }
    </PortalPage>
  );
}
