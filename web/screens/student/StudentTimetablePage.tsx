// The student's week ('Emploi du temps'): their class's lessons in the shared grid, a day list on
// a phone.
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { PupilWeek } from '../../components/timetable/TimetableGrid';
import { studentText } from '../../i18n/student';
import { useTexts } from '../../session/language';
import { NotEnrolled, PortalPage, usePortalStudent } from './portal';
import './student.css';

export function StudentTimetablePage() {
  const week = useRead(endpoints.studentPortal.timetable, { query: usePortalStudent() });
  const t = useTexts('student', studentText);
  return (
    <PortalPage title={t.timetable.title} read={week}>
      {(data) =>
        !data.class_name ? (
          <NotEnrolled />
        ) : (
          <>
            <p className="muted">{t.timetable.classWeek(data.class_name)}</p>
            <PupilWeek lessons={data.lessons} empty={t.timetable.empty} />
          </>
        )
      }
    </PortalPage>
  );
}
