// Attendance tracking (/reports/attendance, report:attendance; document 2 §2): a class and a range
// (this Monday to Saturday by default, at most 31 days), then two tabs. 'Feuille d'Appel': one row
// per student, one cell per school day with the day's status; staff set a day (an override, dotted)
// or choose '—' to go back to what the marks say. 'Rapport détaillé par cours': each mark with its
// subject, read-only, printable.
import { useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import type { QueryOf } from '../../api/route';
import { useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { NotLoaded } from '../../components/NotLoaded';
import { ClassSelect } from '../../components/ClassSelect';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Tabs } from '../../components/Tabs';
import { html, openPrintWindow } from '../../components/print';
import { attendanceText } from '../../i18n/attendance';
import { shellText } from '../../i18n/shell';
import { useSchool, NoYearNotice } from '../../layouts/school';
import {
  ATTENDANCE_STATUSES,
  STATUS_TONE,
  type AttendanceStatus,
  defaultRange,
  rangeProblem,
  withOverride,
} from '../../../worker/domain/attendance';
import { colourIndexes } from '../../../worker/domain/timetable';
import type { DailyOverride, DailyReport, SavedOverride } from '../../../worker/contract/attendance';
import { attendanceReportText } from '../../../worker/contract/texts/attendance';
import '../../components/timetable/timetable.css';
import './attendance-report.css';
import { ValueOptions } from '../../components/Field';
import { formatDate, formatDay } from '../../../worker/domain/format';

/** The class and dates both sheets read. */
type Range = QueryOf<typeof endpoints.attendance.daily>;
const t = attendanceText.report;
const statuses = attendanceText.statuses;
const RANGE_MESSAGES = {
  start: attendanceReportText.startInvalid,
  end: attendanceReportText.endInvalid,
  order: attendanceReportText.order,
  tooLong: attendanceReportText.tooLong,
};

/** 'lun. 19/01' */
const dayLabel = (date: string) => formatDay(date, 'weekday');

type Tab = 'daily' | 'detailed';
const TABS: readonly Tab[] = ['daily', 'detailed'];

function useStored<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const saved = sessionStorage.getItem(key);
    return saved === null ? initial : (JSON.parse(saved) as T);
  });
  return [
    value,
    (next: T) => {
      sessionStorage.setItem(key, JSON.stringify(next));
      setValue(next);
    },
  ];
}

export function AttendanceReportPage() {
  const { selectedYear, classes, school } = useSchool();
  const week = defaultRange();
  // The class and range stay for the session (a reload shows the same sheet).
  const [className, setClassName] = useStored<string | null>('attendanceClass', null);
  const [from, setFrom] = useStored('attendanceFrom', week.start);
  const [to, setTo] = useStored('attendanceTo', week.end);
  const [tab, setTab] = useState<Tab>('daily');
  const klass = className ?? classes[0]?.name ?? null;
  const problem = rangeProblem(from, to);
  const query: Range | null =
    selectedYear && klass && !problem
      ? { yearId: selectedYear.id, className: klass, startDate: from, endDate: to }
      : null;

  return (
    <main className="page attendance-report">
      <h1>{shellText.screens.attendance}</h1>
      <NoYearNotice text={t.noYear} />
      <div className="toolbar attendance-filters">
        <ClassSelect
          label={t.klass}
          className="field-flush"
          value={klass ?? ''}
          onChange={setClassName}
          classes={classes}
        />
        <label>
          <span>{t.from}</span>
          <input className="input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          <span>{t.to}</span>
          <input className="input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <Button
          onClick={() => {
            setFrom(week.start);
            setTo(week.end);
          }}
        >
          {t.thisWeek}
        </Button>
      </div>
      <ErrorNotice message={problem && RANGE_MESSAGES[problem]} />
      <Tabs id="attendance" label={t.tabsLabel} tabs={TABS} names={t.tabs} active={tab} onChoose={setTab}>
        {query && selectedYear && tab === 'daily' && <DailySheet query={query} yearId={selectedYear.id} />}
        {query && tab === 'detailed' && klass && (
          <Detailed query={query} title={t.printTitle(klass, formatDate(from), formatDate(to))} school={school} />
        )}
      </Tabs>
    </main>
  );
}

/** The heads of a sheet: the students' column, then one per school day. */
function DatesHead({ dates }: { dates: readonly string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{t.student}</th>
        {dates.map((date) => (
          <th key={date} scope="col">
            {dayLabel(date)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function DailySheet({ query, yearId }: { query: Range; yearId: string }) {
  const report = useRead(endpoints.attendance.daily, { query });
  const { write, busy } = useWrite(report, { reload: false });
  const { data, error } = report;
  if (!data) return <NotLoaded error={error} loading={t.loading} />;
  if (data.students.length === 0) return <p className="card muted">{t.empty}</p>;
  const cellOf = new Map(data.records.map((r) => [`${r.student_id}|${r.date}`, r]));

  /** The sheet with one cell replaced (null status: an empty cell). */
  const withRecord = (sheet: DailyReport, record: SavedOverride['record']): DailyReport => {
    const others = sheet.records.filter((r) => !(r.student_id === record.student_id && r.date === record.date));
    return { ...sheet, records: record.status ? [...others, { ...record, status: record.status }] : others };
  };

  async function choose(studentId: string, date: string, value: string) {
    const status = value ? (value as AttendanceStatus) : null;
    const current = cellOf.get(`${studentId}|${date}`);
    const derived = current?.derived_status ?? null;
    const local = withOverride(
      { status: current?.status ?? null, manual: current?.is_manual_override ?? false, derived },
      status,
    );
    const body: DailyOverride = { yearId, student_id: studentId, date, status };
    const outcome = await write(
      endpoints.attendance.override,
      { body },
      {
        success: null,
        offline: (sheet) =>
          withRecord(sheet, {
            student_id: studentId,
            date,
            status: local.status,
            is_manual_override: local.manual,
            derived_status: derived,
          }),
      },
    );
    if (outcome && !outcome.queued) report.setData((sheet) => withRecord(sheet, outcome.answer.record));
  }

  return (
    <div className="attendance-scroll">
      <table className="attendance-table">
        <DatesHead dates={data.dates} />
        <tbody>
          {data.students.map((student) => {
            const name = `${student.nom} ${student.prenom}`;
            return (
              <tr key={student.id}>
                <th scope="row">{name}</th>
                {data.dates.map((date) => {
                  const cell = cellOf.get(`${student.id}|${date}`);
                  const manual = cell?.is_manual_override ?? false;
                  return (
                    <td
                      key={date}
                      className={manual ? 'manual' : undefined}
                      title={
                        manual
                          ? t.manual(cell?.derived_status ? statuses[cell.derived_status] : t.noDerived)
                          : undefined
                      }
                    >
                      <select
                        className={
                          cell?.status ? `attendance-cell tone-${STATUS_TONE[cell.status]}` : 'attendance-cell'
                        }
                        aria-label={t.cellOf(name, formatDate(date))}
                        value={cell?.status ?? ''}
                        disabled={busy}
                        onChange={(e) => void choose(student.id, date, e.target.value)}
                      >
                        <option value="">{t.none}</option>
                        <ValueOptions values={ATTENDANCE_STATUSES} name={(s) => statuses[s]} />
                      </select>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Detailed({
  query,
  title,
  school,
}: {
  query: Range;
  title: string;
  school: ReturnType<typeof useSchool>['school'];
}) {
  const { data, error } = useRead(endpoints.attendance.detailed, { query });
  if (!data) return <NotLoaded error={error} loading={t.loading} />;
  if (data.students.length === 0) return <p className="card muted">{t.empty}</p>;
  const colours = colourIndexes(data.records.map((r) => r.subject_name));
  const marksOf = (studentId: string, date: string) =>
    data.records.filter((r) => r.student_id === studentId && r.date === date);
  const print = () =>
    openPrintWindow({
      title,
      school,
      styles:
        '@page { size: A4 landscape; } table { border-collapse: collapse; width: 100%; font-size: 10px; } th, td { border: 1px solid #999; padding: 3px; vertical-align: top; }',
      pages: [
        html`<h1>${title}</h1>
          <table>
            <thead>
              <tr>
                <th>${t.student}</th>
                ${data.dates.map((d) => html`<th>${dayLabel(d)}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${data.students.map(
                (s) =>
                  html`<tr>
                    <th>${s.nom} ${s.prenom}</th>
                    ${data.dates.map(
                      (d) =>
                        html`<td>
                          ${marksOf(s.id, d).map((m) => html`<div>${m.subject_name} : ${statuses[m.status]}</div>`)}
                        </td>`,
                    )}
                  </tr>`,
              )}
            </tbody>
          </table>`,
      ],
      delayMs: 500,
      popupBlockedMessage: t.popupBlocked,
    });
  return (
    <>
      <p>
        <Button onClick={print}>{t.print}</Button>
      </p>
      {data.records.length === 0 && <p className="muted">{t.noMarks}</p>}
      <div className="attendance-scroll">
        <table className="attendance-table">
          <DatesHead dates={data.dates} />
          <tbody>
            {data.students.map((student) => (
              <tr key={student.id}>
                <th scope="row">
                  {student.nom} {student.prenom}
                </th>
                {data.dates.map((date) => (
                  <td key={date}>
                    {marksOf(student.id, date).map((m) => (
                      <span
                        key={`${m.subject_id}${m.start_time}`}
                        className={`attendance-chip tt-c${colours.get(m.subject_name) ?? 0}`}
                      >
                        {m.subject_name} : {statuses[m.status]}
                      </span>
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
