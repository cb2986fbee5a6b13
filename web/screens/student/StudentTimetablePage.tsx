// The student's week ('Emploi du temps'): their class's lessons in the shared grid, a day list on
// a phone.
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { TimetableGrid } from '../../components/timetable/TimetableGrid';
import { studentText } from '../../i18n/student';
import { useTexts } from '../../session/language';
import { schoolToday } from '../../../worker/domain/dates';
import { dayOfWeekOf } from '../../../worker/domain/timetable';
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
            {data.lessons.length === 0 ? (
              <p className="card muted">{t.timetable.empty}</p>
            ) : (
              <TimetableGrid
                entries={data.lessons.map((l) => ({
                  id: l.id,
                  dayOfWeek: l.day_of_week,
                  startTime: l.start_time,
                  endTime: l.end_time,
                  subjectName: l.subject_name,
                  className: l.teacher_name,
                  locationName: l.location_name,
                }))}
                today={dayOfWeekOf(schoolToday())}
              />
            )}
          </>
        )
      }
    </PortalPage>
  );
}
