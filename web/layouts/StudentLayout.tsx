// The student area's own layout: the top bar with the seven student links and the choice of
// language, 'Français' or 'Kreyòl' (issue 42: the pupil's side reads in either), 'Déconnexion'
// always in view (on a phone beside the connectivity, issue 38); 'Notes' is greyed out while
// grades access is off (document 1 §2, document 2 §4 "Grades access"). The latest announcement of
// the administration for the student's class shows above every student screen, closable (issue
// 15), except on the dashboard, which lists them (issue 16).
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { read, useRead } from '../api/calls';
import { endpoints } from '../api/endpoints';
import { AnnouncementBanner } from '../components/AnnouncementBanner';
import { shellText } from '../i18n/shell';
import { useSession } from '../session/session';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { chooseSignedIn } from '../session/language-choice';
import { useTexts } from '../session/language';
import { studentMenu } from './menu';
import { SchoolProvider } from './school';
import { TopBar } from './TopBar';

function useGradesAccess(): boolean {
  const session = useSession();
  const [enabled, setEnabled] = useState(true);
  useEffect(() => {
    // Non-students always have grade access; a failed read counts as enabled (spec).
    if (session?.role !== 'student') return;
    read(endpoints.studentPortal.accessStatus)
      .then((r) => setEnabled(r.grades_access_enabled))
      .catch((error: unknown) => console.warn('access-status', error));
  }, [session?.role]);
  return enabled;
}

function LatestAnnouncement() {
  const latest = useRead(endpoints.communications.studentOwn, {}).data?.[0];
  if (!latest) return null;
  return (
    <div className="page student-announcement">
      <AnnouncementBanner id={latest.id} content={latest.content} storageKey="dismissedStudentAnnouncement" />
    </div>
  );
}

export function StudentLayout() {
  const session = useSession();
  const gradesEnabled = useGradesAccess();
  // The dashboard lists the class's announcements itself: no banner there.
  const onDashboard = useLocation().pathname === '/student';
  const t = useTexts('shell', shellText).student;
  const items = studentMenu(t).map((item) =>
    item.to === '/student/grades' && !gradesEnabled ? { ...item, disabled: t.gradesLocked } : item,
  );
  // The pupil's own choice (an administrator viewing a portal reads it in French).
  const choice = session?.role === 'student' ? <LanguageSwitch onChoose={(l) => void chooseSignedIn(l)} /> : null;
  return (
    <SchoolProvider area="student">
      <TopBar items={items} withYears={false} logoutInView extra={choice} />
      {session?.role === 'student' && !onDashboard && <LatestAnnouncement />}
      <Outlet context={{ gradesEnabled }} />
    </SchoolProvider>
  );
}
