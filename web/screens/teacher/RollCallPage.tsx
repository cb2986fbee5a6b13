// The teacher's roll call (/teacher/attendance?entry=…&date=…): the class of one lesson on one
// date, one row per student with four 44 px buttons (P, A, R, J; the chosen one again clears it)
// and 'Tous présents'. Taps are gathered for a moment and sent as one write; without network the
// write waits in the phone's queue (sent once, in order, when it returns) and the marks stay
// shown, a reload included, marked 'En attente' until sent; a write the server refused on replay
// is shown here with its message (issue 28).
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { isPendingFor, usePendingWrites } from '../../api/pending';
import { useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { PendingBadge } from '../../components/PendingBadge';
import { RefusedWrites } from '../../components/RefusedWrites';
import { ErrorNotice } from '../../components/ErrorNotice';
import { attendanceText as t } from '../../i18n/attendance';
import { timetableText } from '../../i18n/timetable';
import { ATTENDANCE_STATUSES, type AttendanceStatus, STATUS_TONE } from '../../../worker/domain/attendance';
import { addDays, schoolToday } from '../../../worker/domain/dates';
import { isDayOfWeek } from '../../../worker/domain/timetable';
import type { RollCall, RollCallMarks } from '../../../worker/contract/teacher';
import './roll-call.css';
import { formatDate } from '../../../worker/domain/format';

/** Taps within this time go in one write. */
const GATHER_MS = 600;

/** The marks a write leaves: the server's, with the sent changes applied (null removes one). */
function applied(marks: RollCall['marks'], changes: ReadonlyMap<string, AttendanceStatus | null>): RollCall['marks'] {
  const byId = new Map(marks.map((m) => [m.enrollment_id, m.status]));
  for (const [id, status] of changes) {
    if (status) byId.set(id, status);
    else byId.delete(id);
  }
  return [...byId].map(([enrollment_id, status]) => ({ enrollment_id, status }));
}

export function RollCallPage() {
  const [params, setParams] = useSearchParams();
  const entryId = params.get('entry') ?? '';
  const date = params.get('date') ?? schoolToday();
  const rollCall = useRead(endpoints.rollCall.session, entryId ? { query: { entryId, date } } : null);
  const { write, patch, busy } = useWrite(rollCall, { reload: false });
  const [draft, setDraft] = useState<Map<string, AttendanceStatus | null>>(new Map());
  const [sent, setSent] = useState<'saved' | 'queued' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(draft);
  latest.current = draft;
  const waiting = isPendingFor(usePendingWrites(), [endpoints.rollCall.save.path], entryId, date);

  async function flush() {
    timer.current = null;
    const changes = latest.current;
    if (changes.size === 0) return;
    setDraft(new Map());
    const body: RollCallMarks = {
      timetable_entry_id: entryId,
      date,
      marks: [...changes].map(([enrollment_id, status]) => ({ enrollment_id, status })),
    };
    const outcome = await write(
      endpoints.rollCall.save,
      { body },
      {
        success: null,
        queued: t.queued,
        offline: (data) => ({ ...data, marks: applied(data.marks, changes) }),
      },
    );
    if (outcome && !outcome.queued) patch((data) => ({ ...data, marks: applied(data.marks, changes) }));
    // A refused write puts the taps back, for the teacher to see and send again.
    if (!outcome) setDraft((now) => new Map([...changes, ...now]));
    setSent(outcome ? (outcome.queued ? 'queued' : 'saved') : null);
  }

  const change = (updates: [string, AttendanceStatus | null][]) => {
    setDraft((now) => new Map([...now, ...updates]));
    setSent(null);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), GATHER_MS);
  };
  // Leaving the screen sends what is still gathered.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void flush();
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on leaving only
    [],
  );

  const data = rollCall.data;
  if (!data) {
    return (
      <main className="page roll-call">
        <p>
          <Link to="/teacher">{t.back}</Link>
        </p>
        {rollCall.error ? (
          <ErrorNotice message={rollCall.error} />
        ) : (
          <p className="muted" role="status">
            {t.loading}
          </p>
        )}
      </main>
    );
  }

  const marks = new Map(applied(data.marks, draft).map((m) => [m.enrollment_id, m.status]));
  const { entry } = data;
  const day = isDayOfWeek(entry.day_of_week) ? timetableText.days[entry.day_of_week] : '';
  const nextDate = addDays(date, 7);
  const go = (to: string) => setParams({ entry: entryId, date: to }, { replace: true });
  const unmarked = data.students.filter((s) => !marks.has(s.enrollment_id));
  // A lesson of the coming days (its class list kept from the evening before, issue 39): marked on its day.
  const ahead = date > schoolToday();

  return (
    <main className="page roll-call">
      <p>
        <Link to="/teacher">{t.back}</Link>
      </p>
      <h1>{t.title(entry.subject_name, entry.class_name)}</h1>
      <p className="roll-call-when">{t.when(day, formatDate(date), entry.start_time, entry.end_time)}</p>
      <RefusedWrites
        areas={[endpoints.rollCall.save.path]}
        only={(w) => w.ids.includes(entryId) && w.ids.includes(date)}
      />
      <div className="spread roll-call-steps">
        <Button onClick={() => go(addDays(date, -7))}>{t.previous}</Button>
        <Button disabled={nextDate > schoolToday()} onClick={() => go(nextDate)}>
          {t.next}
        </Button>
      </div>
      {ahead && (
        <p className="notice tone-info" role="status">
          {t.notYet(day, formatDate(date))}
        </p>
      )}
      {data.students.length === 0 ? (
        <p className="card muted">{t.empty}</p>
      ) : (
        <>
          <div className="spread roll-call-bar">
            <span role="status">
              {t.counted(marks.size, data.students.length)}
              {busy ? ` · ${t.saving}` : sent === 'saved' && draft.size === 0 && !waiting ? ` · ${t.saved}` : ''}
              {waiting && !busy && <PendingBadge />}
            </span>
            <Button
              look="primary"
              disabled={ahead || unmarked.length === 0}
              onClick={() => change(unmarked.map((s) => [s.enrollment_id, 'present']))}
            >
              {t.allPresent}
            </Button>
          </div>
          <p className="muted small">{t.legend}</p>
          <ul className="bare-list roll-call-list">
            {data.students.map((student) => {
              const name = `${student.nom} ${student.prenom}`;
              const current = marks.get(student.enrollment_id) ?? null;
              return (
                <li key={student.enrollment_id} className="spread roll-call-row">
                  <span className="roll-call-name">{name}</span>
                  <span className="roll-call-marks" role="group" aria-label={name}>
                    {ATTENDANCE_STATUSES.map((status) => (
                      <button
                        key={status}
                        type="button"
                        className={`mark tone-${STATUS_TONE[status]}`}
                        aria-pressed={current === status}
                        disabled={ahead}
                        aria-label={t.markOf(name, t.statuses[status])}
                        title={t.statuses[status]}
                        onClick={() => change([[student.enrollment_id, current === status ? null : status]])}
                      >
                        {t.short[status]}
                      </button>
                    ))}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </main>
  );
}
