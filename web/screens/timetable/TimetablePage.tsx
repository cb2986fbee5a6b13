// The timetable (/timetable, settings:manage_timetable): the week of a class or of a teacher for
// the year chosen in the top bar (the grid from 720 px, a day list on a phone); a lesson opens to
// be moved or removed; 'Ajouter un créneau' places a lesson of one of the courses shown.
import { useId, useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { Button } from '../../components/Button';
import { ClassSelect } from '../../components/ClassSelect';
import { TimetableGrid } from '../../components/timetable/TimetableGrid';
import { ErrorNotice } from '../../components/ErrorNotice';
import { shellText } from '../../i18n/shell';
import { timetableText } from '../../i18n/timetable';
import { useSchool, NoYearNotice } from '../../layouts/school';
import { schoolToday } from '../../../worker/domain/dates';
import { dayOfWeekOf, type WeekEntry } from '../../../worker/domain/timetable';
import type { TimetableEntry } from '../../../worker/contract/timetable';
import { LessonDialog } from './LessonDialog';
import './timetable-page.css';
import { RowOptions } from '../../components/Field';

const t = timetableText.manage;
const VIEW_KEY = 'timetableView';

type View = { by: 'class'; className: string } | { by: 'teacher'; teacherId: string };

const toWeekEntry = (e: TimetableEntry): WeekEntry => ({
  id: e.id,
  dayOfWeek: e.day_of_week,
  startTime: e.start_time,
  endTime: e.end_time,
  subjectName: e.subject_name,
  className: e.class_name,
  locationName: e.location_name,
});

function savedView(): View | null {
  try {
    return JSON.parse(sessionStorage.getItem(VIEW_KEY) ?? 'null') as View | null;
  } catch {
    return null;
  }
}

export function TimetablePage() {
  const { selectedYear, classes } = useSchool();
  const ids = useId();
  const yearId = selectedYear?.id;
  const [view, setView] = useState<View | null>(savedView);
  const shown: View | null = view ?? (classes[0] ? { by: 'class', className: classes[0].name } : null);
  const choose = (next: View) => {
    sessionStorage.setItem(VIEW_KEY, JSON.stringify(next));
    setView(next);
  };
  const teachers = useRead(endpoints.teachers.list, yearId && shown?.by === 'teacher' ? { query: { yearId } } : null);
  const assignments = useRead(endpoints.teachers.fullAssignments, yearId ? { query: { yearId } } : null);
  const week = useRead(
    endpoints.timetable.week,
    !yearId || !shown || (shown.by === 'teacher' && !shown.teacherId)
      ? null
      : {
          query: shown.by === 'class' ? { yearId, className: shown.className } : { yearId, teacherId: shown.teacherId },
        },
  );
  const [dialog, setDialog] = useState<{ lesson: TimetableEntry | null } | null>(null);

  const courses = (assignments.data ?? []).filter((a) =>
    shown?.by === 'class' ? a.class_name === shown.className : a.teacher_id === shown?.teacherId,
  );
  const lessons = week.data?.entries ?? [];

  return (
    <main className="page timetable-page">
      <h1>{shellText.screens.timetable}</h1>
      <NoYearNotice text={t.noYear} />
      {selectedYear && (
        <div className="toolbar timetable-filters">
          <fieldset className="segmented">
            <legend className="sr-only">{t.view}</legend>
            <label className={shown?.by !== 'teacher' ? 'active' : undefined}>
              <input
                type="radio"
                name="timetable-view"
                checked={shown?.by !== 'teacher'}
                onChange={() => classes[0] && choose({ by: 'class', className: classes[0].name })}
              />
              {t.byClass}
            </label>
            <label className={shown?.by === 'teacher' ? 'active' : undefined}>
              <input
                type="radio"
                name="timetable-view"
                checked={shown?.by === 'teacher'}
                onChange={() => choose({ by: 'teacher', teacherId: '' })}
              />
              {t.byTeacher}
            </label>
          </fieldset>
          {shown?.by === 'class' && (
            <ClassSelect
              label={t.klass}
              className="timetable-select field-flush"
              value={shown.className}
              onChange={(className) => choose({ by: 'class', className })}
              classes={classes}
            />
          )}
          {shown?.by === 'teacher' && (
            <div className="timetable-select">
              <label htmlFor={`${ids}-teacher`}>{t.teacher}</label>
              <select
                id={`${ids}-teacher`}
                className="input"
                value={shown.teacherId}
                onChange={(e) => choose({ by: 'teacher', teacherId: e.target.value })}
              >
                <option value="">{t.chooseTeacher}</option>
                <RowOptions rows={teachers.data ?? []} label={(teacher) => `${teacher.prenom} ${teacher.nom}`} />
              </select>
            </div>
          )}
          <Button
            look="primary"
            className="timetable-add"
            disabled={courses.length === 0}
            onClick={() => setDialog({ lesson: null })}
          >
            + {t.add}
          </Button>
        </div>
      )}
      {assignments.data?.length === 0 && <p className="muted">{t.noCourses}</p>}
      {!week.data && <ErrorNotice message={week.error} />}
      {yearId && shown && !week.data && !week.error && (
        <p className="muted" role="status">
          {t.loading}
        </p>
      )}
      {week.data && (
        <TimetableGrid
          entries={lessons.map(toWeekEntry)}
          colourBy={shown?.by === 'teacher' ? 'class' : 'subject'}
          today={dayOfWeekOf(schoolToday())}
          onSelect={(entry) => setDialog({ lesson: lessons.find((l) => l.id === entry.id) ?? null })}
        />
      )}
      {dialog && (
        <LessonDialog
          lesson={dialog.lesson}
          courses={courses}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            week.reload();
          }}
        />
      )}
    </main>
  );
}
