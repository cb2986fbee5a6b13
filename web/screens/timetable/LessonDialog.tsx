// Placing a lesson (a course, a day, a start and an end, a place) or moving one. The server's
// refusal of an overlap stays in the dialog, under the times, naming the clash.
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { FormDialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SelectField, InputField, RowOptions, ValueOptions } from '../../components/Field';
import { timetableText } from '../../i18n/timetable';
import { DAYS } from '../../../worker/domain/timetable';
import type { FullAssignment } from '../../../worker/contract/teachers';
import type { TimetableEntry } from '../../../worker/contract/timetable';

/** A lesson's start or end: a time by 5 minutes, marked as required. */
const TIME = { marked: true, type: 'time', step: 300 } as const;

const t = timetableText.manage;

export function LessonDialog({
  lesson,
  courses,
  onDone,
  onClose,
}: {
  /** The lesson to move; none to place one. */
  lesson: TimetableEntry | null;
  /** The courses a new lesson can be of (the class's or the teacher's). */
  courses: readonly FullAssignment[];
  onDone: () => void;
  onClose: () => void;
}) {
  const [course, setCourse] = useState(lesson?.assignment_id ?? (courses.length === 1 ? courses[0]!.id : ''));
  const [day, setDay] = useState(String(lesson?.day_of_week ?? 1));
  const [start, setStart] = useState(lesson?.start_time ?? '08:00');
  const [end, setEnd] = useState(lesson?.end_time ?? '09:00');
  const [location, setLocation] = useState(lesson?.location_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const { write, busy } = useWrite();
  /** A refusal the dialog shows itself (the clash, a wrong time), not as a toast. */
  const refused = (e: unknown) => {
    if (!(e instanceof ApiError) || e.status >= 500) return false;
    setError(e.message);
    return true;
  };

  async function save() {
    if (!lesson && !course) return setError(t.chooseCourse);
    setError(null);
    const slot = { day_of_week: Number(day), start_time: start, end_time: end, location_name: location };
    const outcome = lesson
      ? await write(
          endpoints.timetable.update,
          { params: { id: lesson.id }, body: slot },
          { success: (a) => a.message, refused },
        )
      : await write(
          endpoints.timetable.create,
          { body: { assignment_id: course, ...slot } },
          { success: (a) => a.message, refused },
        );
    if (outcome) onDone();
  }

  async function remove() {
    if (!lesson) return;
    const outcome = await write(
      endpoints.timetable.remove,
      { params: { id: lesson.id } },
      {
        success: (a) => a.message,
      },
    );
    if (outcome) onDone();
  }

  return (
    <FormDialog
      title={lesson ? t.editTitle(lesson.subject_name, lesson.class_name) : t.addTitle}
      confirmLabel={busy ? t.saving : t.save}
      busy={busy}
      onSubmit={() => void save()}
      onCancel={onClose}
      extra={
        lesson && (
          <Button className="danger-text" disabled={busy} onClick={() => void remove()}>
            {t.remove}
          </Button>
        )
      }
    >
      {!lesson && (
        <SelectField label={t.course} marked value={course} onChange={(e) => setCourse(e.target.value)}>
          <option value="">{t.chooseCourse}</option>
          <RowOptions
            rows={courses}
            label={(c) => t.courseLabel(c.subject_name, c.class_name, `${c.teacher_prenom} ${c.teacher_nom}`)}
          />
        </SelectField>
      )}
      <SelectField label={t.day} marked value={day} onChange={(e) => setDay(e.target.value)}>
        <ValueOptions values={DAYS} name={(d) => timetableText.days[d]} />
      </SelectField>
      <div className="lesson-times">
        <InputField label={t.start} {...TIME} value={start} onChange={(e) => setStart(e.target.value)} />
        <InputField label={t.end} {...TIME} value={end} onChange={(e) => setEnd(e.target.value)} />
      </div>
      <ErrorNotice message={error} />
      <InputField label={t.location} value={location} maxLength={60} onChange={(e) => setLocation(e.target.value)} />
    </FormDialog>
  );
}
