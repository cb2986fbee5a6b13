// A child's grades and week for the guardian (issue 43): the grades of a period as the school's
// report card has them, shown only when the pupil's grades access is open (the pupil's own rule),
// and the class's week. The pupil's texts, in the guardian's language.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { ErrorNotice } from '../../components/ErrorNotice';
import { RowOptions } from '../../components/Field';
import { PupilWeek } from '../../components/timetable/TimetableGrid';
import { guardianText } from '../../i18n/guardian';
import { studentText } from '../../i18n/student';
import { useLanguage, useTexts } from '../../session/language';
import { formatDecimal } from '../../../worker/domain/format';
import { averageBand, rankLabel } from '../../../worker/domain/grades';
import { childPath } from './paths';
// The pupil's period choice and grade bands, as on the pupil's own Notes.
import '../student/student.css';
import './guardian.css';

function Back() {
  const { schoolId = '', studentId = '' } = useParams();
  const t = useTexts('guardian', guardianText);
  const child = useRead(endpoints.guardians.child, { params: { schoolId, studentId } }).data;
  return (
    <p>
      <Link to={childPath(schoolId, studentId)}>← {child ? `${child.prenom} ${child.nom}` : t.back}</Link>
    </p>
  );
}

export function ChildGradesPage() {
  const { schoolId = '', studentId = '' } = useParams();
  const [periodId, setPeriodId] = useState<string | null>(null);
  const t = useTexts('guardian', guardianText);
  const s = useTexts('student', studentText);
  const language = useLanguage();
  const grades = useRead(endpoints.guardians.childGrades, {
    params: { schoolId, studentId },
    query: periodId ? { periodId } : {},
  });
  const data = grades.data;
  return (
    <main className="page guardian-page">
      <Back />
      <h1>{t.grades}</h1>
      {grades.error && !data && <ErrorNotice message={grades.error} />}
      {data &&
        (data.periods.length === 0 ? (
          <p className="muted">{s.grades.noPeriods}</p>
        ) : (
          <>
            <label className="student-period">
              <span>{t.period}</span>
              <select value={data.period_id ?? ''} onChange={(e) => setPeriodId(e.target.value)}>
                <RowOptions rows={data.periods} />
              </select>
            </label>
            {data.average === null ? (
              <p className="card muted">{t.noGrades}</p>
            ) : (
              <section className="card guardian-section">
                <p>
                  {s.grades.periodAverage(data.base)} :{' '}
                  <strong className={`band-${averageBand(data.percent ?? 0)}`}>{formatDecimal(data.average)}</strong>
                </p>
                {data.rank !== null && <p>{s.grades.rank(rankLabel(data.rank, language), data.tied, data.ranked)}</p>}
                {data.general_appreciation && <p>{data.general_appreciation}</p>}
              </section>
            )}
            <ul className="bare-list guardian-rows guardian-section">
              {data.subjects.map((sub) => (
                <li key={sub.subject_id} className="card">
                  <strong>{sub.name}</strong>
                  <span className={sub.percent === null ? 'muted' : `band-${averageBand(sub.percent)}`}>
                    {sub.on_base === null ? '-' : `${formatDecimal(sub.on_base)} / ${data.base}`}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ))}
    </main>
  );
}

export function ChildTimetablePage() {
  const { schoolId = '', studentId = '' } = useParams();
  const t = useTexts('guardian', guardianText);
  const s = useTexts('student', studentText);
  const week = useRead(endpoints.guardians.childTimetable, { params: { schoolId, studentId } });
  const data = week.data;
  return (
    <main className="page guardian-page">
      <Back />
      <h1>{t.timetable}</h1>
      {week.error && !data && <ErrorNotice message={week.error} />}
      {data && <PupilWeek lessons={data.lessons} empty={s.timetable.empty} />}
    </main>
  );
}
