// The teacher's space (document 2 §2 'Teacher dashboard'): a welcome with the first name (or the
// username), then the tabs Mes Cours (courses grouped by class, each subject opening its grade
// book), Mon Emploi du temps (the week grid; a day list on a phone), Support (the chat with the
// administration, screens/support) and Sécurité. The
// year is the one chosen in the top bar; both reads stay readable offline after one visit.
import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import type { ApiState } from '../../api/useApi';
import { AnnouncementBanner } from '../../components/AnnouncementBanner';
import { lazyPart } from '../../components/lazy-part';
import { NotLoaded } from '../../components/NotLoaded';
import { OutboxSummary } from '../../components/OutboxSummary';
import { Tabs } from '../../components/Tabs';
import { TimetableGrid } from '../../components/timetable/TimetableGrid';
import { commonText } from '../../i18n/common';
import { shellText } from '../../i18n/shell';
import { attendanceText } from '../../i18n/attendance';
import { teacherText as t } from '../../i18n/teacher';
import { useSchool } from '../../layouts/school';
import { useSession } from '../../session/session';
import { sessionsOn } from '../../../worker/domain/attendance';
import { addDays, schoolToday } from '../../../worker/domain/dates';
import { dayOfWeekOf, type WeekEntry } from '../../../worker/domain/timetable';
import type { TeacherCourse, TeacherDashboard, TeacherLesson } from '../../../worker/contract/teacher';
import './teacher.css';

const SecurityTab = lazyPart(() => import('../admin/tabs/SecurityTab'), 'SecurityTab');
const TeacherResources = lazyPart(() => import('../resources/ResourceManager'), 'TeacherResourcesSection');
const TeacherSupport = lazyPart(() => import('../support/Support'), 'TeacherSupport');

type Tab = keyof typeof t.tabs;
const TABS = Object.keys(t.tabs) as Tab[];
const TAB_KEY = 'teacherTab';

const yearQuery = (yearId: string | undefined) => (yearId ? { query: { yearId } } : null);

export function TeacherPage() {
  const { selectedYear, loading: schoolLoading } = useSchool();
  const query = yearQuery(selectedYear?.id);
  const dashboard = useRead(endpoints.teacher.dashboard, query);
  const week = useRead(endpoints.teacher.timetable, query);
  const latest = useRead(endpoints.teacher.announcements, {}).data?.[0];
  const [tab, setTab] = useState<Tab>(() => {
    const saved = sessionStorage.getItem(TAB_KEY);
    return TABS.includes(saved as Tab) ? (saved as Tab) : 'courses';
  });
  const choose = (next: Tab) => {
    sessionStorage.setItem(TAB_KEY, next);
    setTab(next);
  };
  const name = dashboard.data ? (dashboard.data.prenom ?? dashboard.data.username) : null;
  // The administration answers the teachers from /admin/contact, not from a teacher's chat.
  const teacherAccount = useSession()?.role === 'teacher';

  return (
    <main className="page teacher-page">
      <h1>{name ? t.welcome(name) : shellText.screens.teacher}</h1>
      {selectedYear && <p className="muted">{t.yearOf(selectedYear.name)}</p>}
      {latest && (
        <AnnouncementBanner id={latest.id} content={latest.content} storageKey="dismissedTeacherAnnouncement" />
      )}
      <OutboxSummary />
      {week.data && <Today lessons={week.data} />}
      <Tabs
        id="teacher"
        label={shellText.screens.teacher}
        tabs={TABS}
        names={t.tabs}
        active={tab}
        onChoose={choose}
        panelClassName="teacher-panel"
      >
        {!selectedYear && !schoolLoading && (tab === 'courses' || tab === 'timetable') && (
          <p className="card muted">{t.noYear}</p>
        )}
        {tab === 'courses' && selectedYear && <Courses state={dashboard} />}
        {tab === 'timetable' && query && <Week state={week} />}
        {tab === 'support' && !teacherAccount && (
          <p className="card">
            <Link to="/admin/contact">{t.supportOfAdministration}</Link>
          </p>
        )}
        {((tab === 'support' && teacherAccount) || tab === 'security' || tab === 'resources') && (
          <Suspense fallback={<p className="muted">{commonText.loading}</p>}>
            {tab === 'support' ? <TeacherSupport /> : tab === 'resources' ? <TeacherResources /> : <SecurityTab />}
          </Suspense>
        )}
      </Tabs>
    </main>
  );
}

/** Courses grouped by class, in the order the server gives (class order, then subject). */
function byClass(courses: readonly TeacherCourse[]): [string, TeacherCourse[]][] {
  const groups = new Map<string, TeacherCourse[]>();
  for (const course of courses) groups.set(course.class_name, [...(groups.get(course.class_name) ?? []), course]);
  return [...groups];
}

function Courses({ state }: { state: ApiState<TeacherDashboard> }) {
  const { data, error } = state;
  if (!data) return <NotLoaded error={error} loading={t.loading} />;
  if (data.courses.length === 0) return <p className="card muted">{t.noCourses}</p>;
  return (
    <div className="course-cards">
      {byClass(data.courses).map(([className, courses]) => (
        <section key={className} className="card course-card" aria-labelledby={`class-${className}`}>
          <h2 id={`class-${className}`}>
            {className} <span className="muted small">{t.subjects(courses.length)}</span>
          </h2>
          <ul className="bare-list">
            {courses.map((course) => (
              <li key={course.subject_id}>
                <Link
                  to={`/teacher/class/${encodeURIComponent(className)}/subject/${encodeURIComponent(course.subject_id)}`}
                  aria-label={t.openGradebook(course.subject_name, className)}
                >
                  {course.subject_name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const toWeekEntry = (lesson: TeacherLesson): WeekEntry => ({
  id: lesson.id,
  dayOfWeek: lesson.day_of_week,
  startTime: lesson.start_time,
  endTime: lesson.end_time,
  subjectName: lesson.subject_name,
  className: lesson.class_name,
  locationName: lesson.location_name,
});

/** The date of a lesson's latest session: today on its weekday, else the last such day before. */
function lastSessionDate(dayOfWeek: number): string {
  const today = schoolToday();
  const todayDay = dayOfWeekOf(today) ?? 7;
  return addDays(today, -((todayDay - dayOfWeek + 7) % 7));
}

const rollCallPath = (entryId: string, date: string) =>
  `/teacher/attendance?entry=${encodeURIComponent(entryId)}&date=${date}`;

/** Today's lessons, each with its roll call (from the week already read: offline too). */
function Today({ lessons }: { lessons: TeacherLesson[] }) {
  const today = schoolToday();
  const sessions = sessionsOn(lessons.map(toWeekEntry), today);
  if (sessions.length === 0) return null;
  return (
    <section className="card today-card" aria-labelledby="today-title">
      <h2 id="today-title">{attendanceText.today}</h2>
      <ul className="bare-list">
        {sessions.map((lesson) => (
          <li key={lesson.id} className="spread">
            <span>
              {lesson.startTime} - {lesson.endTime} · {lesson.subjectName} · {lesson.className}
            </span>
            <Link className="btn btn-secondary" to={rollCallPath(lesson.id, today)}>
              {attendanceText.takeRollCall}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Week({ state }: { state: ApiState<TeacherLesson[]> }) {
  const navigate = useNavigate();
  const { data, error } = state;
  if (!data) return <NotLoaded error={error} />;
  return (
    <TimetableGrid
      entries={data.map(toWeekEntry)}
      colourBy="class"
      today={dayOfWeekOf(schoolToday())}
      onSelect={(entry) => navigate(rollCallPath(entry.id, lastSessionDate(entry.dayOfWeek)))}
    />
  );
}
