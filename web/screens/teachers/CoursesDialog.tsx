// The courses of one teacher for the selected year: the year's programme grouped by class, each
// subject ticked when it is theirs, free to tick, or held by another teacher (named, disabled).
// Each tick is one write; the list behind is refreshed when the dialog closes. A course of theirs
// can be given to another teacher ('Confier à…'), with its lessons, roll calls, resources and
// grades: the way a course that has roll calls leaves a teacher (it cannot be unticked then).
import { useState } from 'react';
import { useRead } from '../../api/calls';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { DialogButtons } from '../../components/DialogButtons';
import { Modal } from '../../components/Modal';
import { ErrorNotice } from '../../components/ErrorNotice';
import { teachersText as t } from '../../i18n/teachers';
import type { HandOver, NewAssignment, ProgrammeCourse, SchoolTeacher } from '../../../worker/contract/teachers';
import { RowOptions } from '../../components/Field';

function byClass(courses: readonly ProgrammeCourse[]): [string, ProgrammeCourse[]][] {
  const groups = new Map<string, ProgrammeCourse[]>();
  for (const course of courses) groups.set(course.class_name, [...(groups.get(course.class_name) ?? []), course]);
  return [...groups];
}

export function CoursesDialog({
  teacher,
  teachers,
  year,
  onClose,
}: {
  teacher: SchoolTeacher;
  /** The school's teachers: those a course can be given to. */
  teachers: readonly SchoolTeacher[];
  year: { id: string; name: string };
  onClose: () => void;
}) {
  const programme = useRead(endpoints.teachers.programme, { query: { yearId: year.id } });
  const { write, busy } = useWrite(programme);
  /** The course being given or taken back: its box shows the change at once. */
  const [pending, setPending] = useState<string | null>(null);
  const keyOf = (course: ProgrammeCourse) => `${course.class_name}|${course.subject_id}`;
  /** The course being given to another teacher: its form is open under it. */
  const [handing, setHanding] = useState<string | null>(null);
  const others = teachers.filter((other) => other.id !== teacher.id);

  async function handOver(course: ProgrammeCourse, to: SchoolTeacher) {
    if (!course.assignment_id) return;
    const body: HandOver = { teacher_id: to.id };
    const outcome = await write(
      endpoints.teachers.handOver,
      { params: { id: course.assignment_id }, body },
      {
        success: (a) => a.message,
        offline: (list) =>
          list.map((c) =>
            c === course ? { ...c, teacher_id: to.id, teacher_prenom: to.prenom, teacher_nom: to.nom } : c,
          ),
      },
    );
    if (outcome) setHanding(null);
  }

  async function toggle(course: ProgrammeCourse) {
    setPending(keyOf(course));
    try {
      await change(course);
    } finally {
      setPending(null);
    }
  }

  async function change(course: ProgrammeCourse) {
    if (course.teacher_id === teacher.id && course.assignment_id) {
      await write(
        endpoints.teachers.unassign,
        { params: { id: course.assignment_id } },
        {
          success: (a) => a.message,
          // Roll calls or resources: the course can only change hands; its form opens.
          refused: (error) => {
            if (error instanceof ApiError && error.code === 'recorded') setHanding(keyOf(course));
            return false;
          },
        },
      );
      return;
    }
    const body: NewAssignment = {
      yearId: year.id,
      teacher_id: teacher.id,
      className: course.class_name,
      subject_id: course.subject_id,
    };
    await write(
      endpoints.teachers.assign,
      { body },
      {
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
      },
    );
  }

  return (
    <Modal
      title={t.coursesTitle(`${teacher.prenom} ${teacher.nom}`, year.name)}
      onClose={busy ? undefined : onClose}
      actions={
        <Button look="primary" onClick={onClose} disabled={busy}>
          {t.close}
        </Button>
      }
    >
      <p className="muted small">{t.coursesHint}</p>
      <ErrorNotice message={programme.error} />
      {programme.data?.length === 0 && <p className="muted">{t.noProgramme}</p>}
      {programme.data &&
        byClass(programme.data).map(([className, courses]) => (
          <fieldset key={className} className="course-choices">
            <legend>{className}</legend>
            {courses.map((course) => {
              const mine = course.teacher_id === teacher.id;
              const holder = !mine && course.teacher_id ? `${course.teacher_prenom} ${course.teacher_nom}` : null;
              const key = keyOf(course);
              return (
                <div key={course.subject_id} className="course-row">
                  <label className={holder ? 'course-choice taken' : 'course-choice'}>
                    <input
                      type="checkbox"
                      checked={pending === key ? !mine : mine}
                      disabled={busy || holder !== null}
                      onChange={() => void toggle(course)}
                    />
                    <span>{course.subject_name}</span>
                    {holder && <span className="muted small">{t.takenBy(holder)}</span>}
                  </label>
                  {mine && course.assignment_id && handing !== key && (
                    <Button
                      className="course-hand"
                      disabled={busy || others.length === 0}
                      aria-label={t.handOver.open(course.subject_name, course.class_name)}
                      onClick={() => setHanding(key)}
                    >
                      {t.handOver.button}
                    </Button>
                  )}
                  {mine && handing === key && (
                    <HandOverForm
                      course={course}
                      others={others}
                      busy={busy}
                      onCancel={() => setHanding(null)}
                      onGive={(to) => void handOver(course, to)}
                    />
                  )}
                </div>
              );
            })}
          </fieldset>
        ))}
    </Modal>
  );
}

/** 'Confier à…': the teacher the course goes to, with what goes along. */
function HandOverForm({
  course,
  others,
  busy,
  onCancel,
  onGive,
}: {
  course: ProgrammeCourse;
  others: readonly SchoolTeacher[];
  busy: boolean;
  onCancel: () => void;
  onGive: (to: SchoolTeacher) => void;
}) {
  const [chosen, setChosen] = useState('');
  const to = others.find((o) => o.id === chosen);
  return (
    <form
      className="course-hand-form"
      aria-label={t.handOver.open(course.subject_name, course.class_name)}
      onSubmit={(e) => {
        e.preventDefault();
        if (to) onGive(to);
      }}
    >
      <label>
        <span>{t.handOver.to}</span>
        <select className="input" value={chosen} onChange={(e) => setChosen(e.target.value)} required>
          <option value="">{t.handOver.choose}</option>
          <RowOptions rows={others} label={(o) => `${o.prenom} ${o.nom}`} />
        </select>
      </label>
      <p className="muted small">{t.handOver.keeps}</p>
      <div className="course-hand-actions">
        <DialogButtons
          submit
          cancelLabel={t.handOver.cancel}
          confirmLabel={t.handOver.confirm}
          busy={busy}
          disabled={!to}
          onCancel={onCancel}
        />
      </div>
    </form>
  );
}
