// A pupil's week as the pupil and the pupil's guardians read it (the pupil's 'Emploi du temps',
// a child's timetable, issue 43): the lessons in the shared grid (a day list on a phone), each with
// its teacher, today marked; `empty` when the class has no lesson yet.
import { TimetableGrid } from './TimetableGrid';
import type { StudentWeek } from '../../../worker/contract/student-portal';
import { schoolToday } from '../../../worker/domain/dates';
import { dayOfWeekOf } from '../../../worker/domain/timetable';

type PupilLesson = StudentWeek['lessons'][number];

export function PupilWeek({ lessons, empty }: { lessons: readonly PupilLesson[]; empty: string }) {
  if (lessons.length === 0) return <p className="card muted">{empty}</p>;
  return (
    <TimetableGrid
      entries={lessons.map((l) => ({
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
  );
}
