// The courses of one teacher for the selected year: the year's programme grouped by class, each
// subject ticked when it is theirs, free to tick, or held by another teacher (named, disabled).
// Each tick is one write; the list behind is refreshed when the dialog closes.
import { useState } from 'react';
import { api, type Queued } from '../../api/client';
import { useApi } from '../../api/useApi';
import { useWrite } from '../../api/useWrite';
import { Modal } from '../../components/Modal';
import { teachersText as t } from '../../i18n/teachers';
import type { Message } from '../../../worker/contract/endpoint';
import type { NewAssignment, ProgrammeCourse, SavedAssignment, SchoolTeacher } from '../../../worker/contract/teachers';

function byClass(courses: readonly ProgrammeCourse[]): [string, ProgrammeCourse[]][] {
  const groups = new Map<string, ProgrammeCourse[]>();
  for (const course of courses) groups.set(course.class_name, [...(groups.get(course.class_name) ?? []), course]);
  return [...groups];
}

export function CoursesDialog({
  teacher,
  year,
  onClose,
}: {
  teacher: SchoolTeacher;
  year: { id: string; name: string };
  onClose: () => void;
}) {
  const programme = useApi<ProgrammeCourse[]>(`/teachers/courses?yearId=${encodeURIComponent(year.id)}`);
  const { send, busy } = useWrite(programme);
  /** The course being given or taken back: its box shows the change at once. */
  const [pending, setPending] = useState<string | null>(null);
  const keyOf = (course: ProgrammeCourse) => `${course.class_name}|${course.subject_id}`;

  async function toggle(course: ProgrammeCourse) {
    setPending(keyOf(course));
    try {
      await write(course);
    } finally {
      setPending(null);
    }
  }

  async function write(course: ProgrammeCourse) {
    if (course.teacher_id === teacher.id && course.assignment_id) {
      await send(api.delete<Message | Queued>(`/assignments/${encodeURIComponent(course.assignment_id)}`), {
        success: (a) => a.message,
      });
      return;
    }
    const body: NewAssignment = {
      yearId: year.id,
      teacher_id: teacher.id,
      className: course.class_name,
      subject_id: course.subject_id,
    };
    await send(api.post<SavedAssignment | Queued>('/assignments', body), {
      success: (a) => a.message,
      offline: (list) =>
        list.map((c) =>
          c === course
            ? {
                ...c,
                assignment_id: null,
                teacher_id: teacher.id,
                teacher_prenom: teacher.prenom,
                teacher_nom: teacher.nom,
              }
            : c,
        ),
    });
  }

  return (
    <Modal
      title={t.coursesTitle(`${teacher.prenom} ${teacher.nom}`, year.name)}
      onClose={busy ? undefined : onClose}
      actions={
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          {t.close}
        </button>
      }
    >
      <p className="muted small">{t.coursesHint}</p>
      {programme.error && <p className="notice notice-error">{programme.error}</p>}
      {programme.data?.length === 0 && <p className="muted">{t.noProgramme}</p>}
      {programme.data &&
        byClass(programme.data).map(([className, courses]) => (
          <fieldset key={className} className="course-choices">
            <legend>{className}</legend>
            {courses.map((course) => {
              const mine = course.teacher_id === teacher.id;
              const holder = !mine && course.teacher_id ? `${course.teacher_prenom} ${course.teacher_nom}` : null;
              return (
                <label key={course.subject_id} className={holder ? 'course-choice taken' : 'course-choice'}>
                  <input
                    type="checkbox"
                    checked={pending === keyOf(course) ? !mine : mine}
                    disabled={busy || holder !== null}
                    onChange={() => void toggle(course)}
                  />
                  <span>{course.subject_name}</span>
                  {holder && <span className="muted small">{t.takenBy(holder)}</span>}
                </label>
              );
            })}
          </fieldset>
        ))}
    </Modal>
  );
}
