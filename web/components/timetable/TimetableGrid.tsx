// The week of a class or a teacher (document 2 §2 'Teacher dashboard', §9): Monday to Saturday
// columns, hourly rows of 64 px from 07:00 to 18:00 at least, a block per lesson with subject,
// class, start-end and place or 'N/A'. A phone gets the same week as a day-by-day list instead of
// a grid squeezed into 360 px. Plain props, no API call: /timetable, /teacher and
// /student/timetable give it their entries. `PupilWeek`: a pupil's week as the pupil and the
// pupil's guardians read it (issue 43), in this module so that it travels in the grid's chunk.
import { type CSSProperties, useSyncExternalStore } from 'react';
import type { StudentWeek } from '../../../worker/contract/student-portal';
import { schoolToday } from '../../../worker/domain/dates';
import {
  colourIndexes,
  type DayOfWeek,
  DAYS,
  dayBlocks,
  dayOfWeekOf,
  gridHeight,
  gridHours,
  gridRowHours,
  HOUR_HEIGHT,
  weekByDay,
  type WeekEntry,
} from '../../../worker/domain/timetable';
import { timetableText } from '../../i18n/timetable';
import type { KreyolTexts } from '../../i18n/kreyol';
import { useTexts } from '../../session/language';
import './timetable.css';

/** Below this width the week is a list: six columns would be under 100 px each. */
const GRID_QUERY = '(min-width: 720px)';

function subscribeWidth(onChange: () => void) {
  const query = window.matchMedia(GRID_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const wideEnough = () => window.matchMedia(GRID_QUERY).matches;

export interface TimetableGridProps {
  entries: readonly WeekEntry[];
  /** What the colours tell apart: subjects on a class's week (default), classes on a teacher's. */
  colourBy?: 'subject' | 'class';
  /** The weekday to mark as today, if any. */
  today?: DayOfWeek | null;
  /** When given, each lesson is a button (edit it, open its roll call). */
  onSelect?: (entry: WeekEntry) => void;
  /** Replaces 'Aucun cours planifié pour cette année.' */
  emptyText?: string;
}

export function TimetableGrid({
  entries,
  colourBy = 'subject',
  today = null,
  onSelect,
  emptyText,
}: TimetableGridProps) {
  const wide = useSyncExternalStore(subscribeWidth, wideEnough, () => true);
  const t = useTexts('timetable', timetableText);
  if (entries.length === 0) return <p className="tt-empty">{emptyText ?? t.empty}</p>;
  const key = (e: WeekEntry) => (colourBy === 'class' ? e.className : e.subjectName);
  const colours = colourIndexes(entries.map(key));
  const colourOf = (e: WeekEntry) => `tt-c${colours.get(key(e)) ?? 0}`;
  const props = { entries, today, onSelect, colourOf, t };
  return wide ? <WeekGrid {...props} /> : <DayList {...props} />;
}

interface ViewProps {
  entries: readonly WeekEntry[];
  today: DayOfWeek | null;
  onSelect: ((entry: WeekEntry) => void) | undefined;
  colourOf: (entry: WeekEntry) => string;
  /** The grid's texts, in the page's language. */
  t: Said;
}

type Said = KreyolTexts['timetable'];
const place = (e: WeekEntry, t: Said) => e.locationName?.trim() || t.noLocation;
const time = (e: WeekEntry, t: Said) => t.timeRange(e.startTime, e.endTime);
const label = (e: WeekEntry, t: Said) =>
  t.lesson(e.subjectName, e.className, t.days[e.dayOfWeek as DayOfWeek], time(e, t), place(e, t));
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const bySubject = (a: WeekEntry, b: WeekEntry) =>
  a.subjectName.localeCompare(b.subjectName, 'fr') || a.className.localeCompare(b.className, 'fr');

/** The lesson's texts; a button when the screen acts on lessons. */
function Lesson({
  entry,
  onSelect,
  className,
  style,
  t,
}: {
  entry: WeekEntry;
  onSelect: ViewProps['onSelect'];
  className: string;
  style?: CSSProperties;
  t: Said;
}) {
  const body = (
    <>
      <span className="tt-subject">{entry.subjectName}</span>
      <span className="tt-class">{entry.className}</span>
      <span className="tt-time">{time(entry, t)}</span>
      <span className="tt-place">{place(entry, t)}</span>
    </>
  );
  return onSelect ? (
    <button
      type="button"
      className={`${className} tt-action`}
      style={style}
      title={label(entry, t)}
      onClick={() => onSelect(entry)}
    >
      {body}
    </button>
  ) : (
    <div className={className} style={style} title={label(entry, t)}>
      {body}
    </div>
  );
}

function WeekGrid({ entries, today, onSelect, colourOf, t }: ViewProps) {
  const hours = gridHours(entries);
  const height = gridHeight(hours);
  return (
    <div
      className="tt-grid"
      role="group"
      aria-label={t.week}
      style={{ '--tt-hour': `${HOUR_HEIGHT}px` } as CSSProperties}
    >
      <div className="tt-corner" aria-hidden="true" />
      {DAYS.map((day) => (
        <div key={day} className={day === today ? 'tt-day-head tt-today' : 'tt-day-head'} aria-hidden="true">
          {t.days[day]}
          {day === today && <span className="tt-today-badge">{t.today}</span>}
        </div>
      ))}
      <div className="tt-gutter" style={{ height }} aria-hidden="true">
        {gridRowHours(hours).map((hour, i) => (
          <span key={hour} className="tt-hour" style={{ top: i * HOUR_HEIGHT }}>
            {hourText(hour)}
          </span>
        ))}
      </div>
      {DAYS.map((day) => (
        <section
          key={day}
          className={day === today ? 'tt-column tt-today' : 'tt-column'}
          style={{ height }}
          aria-label={day === today ? `${t.days[day]}, ${t.today}` : t.days[day]}
        >
          <ul className="bare-list">
            {dayBlocks(
              entries.filter((e) => e.dayOfWeek === day),
              hours,
            ).map(({ entry, box }) => (
              <li key={entry.id}>
                <Lesson
                  entry={entry}
                  onSelect={onSelect}
                  t={t}
                  className={`tt-block ${colourOf(entry)}${box.height < 48 ? ' tt-short' : ''}`}
                  style={{
                    top: box.top,
                    height: box.height,
                    left: `calc(${(box.lane / box.lanes) * 100}% + 2px)`,
                    width: `calc(${100 / box.lanes}% - 4px)`,
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DayList({ entries, today, onSelect, colourOf, t }: ViewProps) {
  return (
    <div className="tt-list" role="group" aria-label={t.week}>
      {weekByDay(entries, bySubject).map(({ day, entries: lessons }) => (
        <section key={day} className={day === today ? 'tt-list-day tt-today' : 'tt-list-day'}>
          <h3>
            {t.days[day]}
            {day === today && <span className="tt-today-badge">{t.today}</span>}
          </h3>
          <ul className="bare-list">
            {lessons.map((entry) => (
              <li key={entry.id}>
                <Lesson entry={entry} onSelect={onSelect} t={t} className={`tt-row ${colourOf(entry)}`} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A pupil's week (the pupil's 'Emploi du temps', a child's timetable): each lesson with its teacher, today marked; `empty` when the class has none yet. */
export function PupilWeek({ lessons, empty }: { lessons: StudentWeek['lessons']; empty: string }) {
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
