// The student's dashboard ('Tableau de Bord', document 1 §2 student area): their class and year,
// what is left to pay, and links to the sections. Every section is kept on the phone with the
// pupil's working set after the sign-in (app/working-data.ts, decision 320), so the whole portal
// opens offline after one visit.
import { Link } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { studentText } from '../../i18n/student';
import { useLanguage, useTexts } from '../../session/language';
import { useSchool } from '../../layouts/school';
import { balanceTone, formatMoney, toCentimes } from '../../../worker/domain/money';
import { useSession } from '../../session/session';
import { NotEnrolled, PortalPage, usePortalStudent, usePortalSuffix } from './portal';
import './student.css';
import { formatInstant } from '../../../worker/domain/format';

export function StudentHomePage() {
  const { school } = useSchool();
  const t = useTexts('student', studentText);
  const language = useLanguage();
  const student = usePortalStudent();
  const me = useRead(endpoints.studentPortal.me, { query: student });
  // The class's announcements are the signed-in student's own (an admin viewing the portal has none).
  const isStudent = useSession()?.role === 'student';
  const announcements = useRead(endpoints.communications.studentOwn, isStudent ? {} : null);
  const suffix = usePortalSuffix();
  return (
    <PortalPage read={me}>
      {(data) => (
        <>
          <h1>{t.title}</h1>
          <p className="student-hello">{t.hello(data.student.prenom)}</p>
          {data.enrollment ? (
            <p className="muted">{t.classYear(data.enrollment.class_name, data.enrollment.year_name)}</p>
          ) : (
            <NotEnrolled />
          )}
          <div className="student-cards">
            {data.balance !== null && (
              <section className={`card student-balance student-${balanceTone(data.balance)}`}>
                <h2>{data.balance > 0 ? t.balanceDue : t.balanceSettled}</h2>
                {data.balance !== 0 && (
                  <p className="student-amount">
                    {formatMoney(toCentimes(data.balance), school?.currency ?? 'Gdes', language)}
                  </p>
                )}
                <Link to={`/student/finance${suffix}`}>{t.seeFinance}</Link>
              </section>
            )}
            {data.enrollment && (
              <section className="card">
                <h2>{data.enrollment.class_name}</h2>
                <p>
                  <Link to={`/student/timetable${suffix}`}>{t.seeTimetable}</Link>
                </p>
                {data.enrollment.grades_access_enabled && (
                  <p>
                    <Link to={`/student/grades${suffix}`}>{t.seeGrades}</Link>
                  </p>
                )}
              </section>
            )}
          </div>
          {isStudent && (
            <section className="card student-announcements" aria-labelledby="student-announcements">
              <h2 id="student-announcements">{t.announcements}</h2>
              {announcements.data?.length ? (
                <ul>
                  {announcements.data.slice(0, 5).map((a) => (
                    <li key={a.id}>
                      <span className="muted small">{formatInstant(a.created_at, 'date', '-', language)}</span>
                      <p>{a.content}</p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">{t.noAnnouncements}</p>
              )}
            </section>
          )}
        </>
      )}
    </PortalPage>
  );
}
