// The teacher's grade book page (/teacher/class/{className}/subject/{subjectId}, document 2 §2):
// the class and subject of the route (another subject of the same class one tap away), then the
// book itself (GradeBookPanel), which the admin's dashboard also opens in a modal. The courses
// come from the teacher's dashboard read, so the page opens offline after one visit.
import { Link, useNavigate, useParams } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { ErrorNotice } from '../../components/ErrorNotice';
import { gradebookText as t } from '../../i18n/gradebook';
import { useSchool, NoYearNotice } from '../../layouts/school';
import { GradeBookPanel } from './GradeBookPanel';
import { Picker } from './Picker';
import './gradebook.css';

export function GradeBookPage() {
  const { className = '', subjectId = '' } = useParams();
  const navigate = useNavigate();
  const { selectedYear } = useSchool();
  const dashboard = useRead(endpoints.teacher.dashboard, selectedYear ? { query: { yearId: selectedYear.id } } : null);
  const courses = dashboard.data?.courses.filter((c) => c.class_name === className) ?? [];
  const course = courses.find((c) => c.subject_id === subjectId);

  return (
    <main className="page">
      <div className="gradebook-page-head">
        <h1>
          {t.title} · {className}
        </h1>
        <Link to="/teacher">{t.back}</Link>
      </div>
      <NoYearNotice text={t.noYear} />
      {dashboard.error && !dashboard.data && <ErrorNotice message={dashboard.error} />}
      {courses.length > 0 && (
        <Picker
          label={t.subjectLabel}
          value={subjectId}
          onChange={(id) =>
            navigate(`/teacher/class/${encodeURIComponent(className)}/subject/${encodeURIComponent(id)}`)
          }
        >
          {!course && <option value={subjectId}>{t.chooseSubject}</option>}
          {courses.map((c) => (
            <option key={c.subject_id} value={c.subject_id}>
              {c.subject_name}
            </option>
          ))}
        </Picker>
      )}
      {selectedYear && (dashboard.data || dashboard.error) && (
        <GradeBookPanel
          key={`${selectedYear.id}|${subjectId}`}
          yearId={selectedYear.id}
          className={className}
          subjectId={subjectId}
          subjectName={course?.subject_name ?? ''}
        />
      )}
    </main>
  );
}
