// 'Importer' of the register (issue 30; student:create): choose a file, say what each column
// holds, see what will happen to every line (created, enrolled in a class, duplicate, refused with
// the reason), confirm, and follow the batches on a progress bar. Loaded only when opened (its
// own chunk, with papaparse; read-excel-file comes only with a workbook). Online only: the
// preview is the server's, and nothing of an import is queued.
import { type ReactNode, useMemo, useState } from 'react';
import { ApiError, errorMessage, NetworkError } from '../../../api/client';
import { Button } from '../../../components/Button';
import { DialogButtons } from '../../../components/DialogButtons';
import { downloadCsv, fileName } from '../../../components/csv';
import { Modal } from '../../../components/Modal';
import { importText as t } from '../../../i18n/student-import';
import { useOnline } from '../../../session/connectivity';
import {
  type ColumnMapping,
  guessMapping,
  IMPORT_FIELDS,
  IMPORT_MAX_LINES,
  type ImportField,
  isoDateOf,
  type ImportLine,
  type LineStatus,
  type LineVerdict,
  linesOf,
  missingColumns,
  writes,
} from '../../../../worker/domain/register-import';
import { formatDate } from '../../../../worker/domain/format';
import { isIsoDate } from '../../../../worker/domain/dates';
import { checkLines, dropJob, type ImportJob, lineName, saveJob, sendNextBatch } from './job';
import { readRegisterFile, type RegisterSheet, UnreadableFile } from './read-file';
import './import.css';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ValueOptions } from '../../../components/Field';

type Step =
  | { kind: 'choose'; reading: boolean; error: string | null }
  | {
      kind: 'map';
      file: string;
      sheet: RegisterSheet;
      mapping: ColumnMapping;
      address: string;
      checking: number | null;
      error: string | null;
    }
  | { kind: 'preview'; file: string; lines: ImportLine[]; verdicts: Map<number, LineVerdict> }
  | { kind: 'writing'; job: ImportJob; running: boolean; error: string | null }
  | { kind: 'done'; job: ImportJob };

const STATUSES: LineStatus[] = ['create', 'enrol', 'duplicate', 'refused', 'imported'];

const statusLabel = (status: LineStatus, className: string) =>
  status === 'enrol' ? t.preview.status.enrol(className) : t.preview.status[status];

const sample = (sheet: RegisterSheet, column: number) => {
  for (const row of sheet.rows.slice(0, 20)) {
    const cell = row[column];
    if (cell !== null && cell !== undefined && String(cell).trim()) {
      return cell instanceof Date ? isoDateOf(cell) : String(cell);
    }
  }
  return '';
};

export function ImportDialog({
  yearId,
  resume,
  onClose,
}: {
  yearId: string;
  /** An interrupted import of this year to finish. */
  resume: ImportJob | null;
  /** `changed`: students were written (the register reads its page again). */
  onClose: (changed: boolean) => void;
}) {
  const online = useOnline();
  const [step, setStep] = useState<Step>(() =>
    resume
      ? { kind: 'writing', job: resume, running: false, error: null }
      : { kind: 'choose', reading: false, error: null },
  );
  const [filter, setFilter] = useState<LineStatus | 'all'>('all');
  const [wrote, setWrote] = useState(Boolean(resume && resume.created > 0));

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setStep({ kind: 'choose', reading: true, error: null });
    try {
      const sheet = await readRegisterFile(await file.arrayBuffer());
      if (sheet.rows.length === 0) throw new Error(t.choose.noLines);
      if (sheet.rows.length > IMPORT_MAX_LINES) throw new Error(t.choose.tooMany(IMPORT_MAX_LINES));
      setStep({
        kind: 'map',
        file: file.name,
        sheet,
        mapping: guessMapping(sheet.headers),
        address: '',
        checking: null,
        error: null,
      });
    } catch (error) {
      const message =
        error instanceof UnreadableFile ? t.choose[error.reason] : error instanceof Error ? error.message : '';
      setStep({ kind: 'choose', reading: false, error: message || t.choose.unreadable });
    }
  };

  const check = async (current: Extract<Step, { kind: 'map' }>) => {
    const lines = linesOf(current.sheet.rows, current.mapping, {
      lines: current.sheet.lines,
      defaults: { address: current.address },
      makeId: () => crypto.randomUUID(),
    });
    if (lines.length === 0) return setStep({ ...current, error: t.choose.noLines });
    setStep({ ...current, checking: 0, error: null });
    try {
      const verdicts = await checkLines(yearId, lines, (done) => setStep({ ...current, checking: done, error: null }));
      setFilter('all');
      setStep({ kind: 'preview', file: current.file, lines, verdicts });
    } catch (error) {
      setStep({ ...current, checking: null, error: errorMessage(error) });
    }
  };

  const run = async (start: ImportJob) => {
    let job = start;
    saveJob(job);
    setStep({ kind: 'writing', job, running: true, error: null });
    try {
      while (job.sent < job.lines.length) {
        job = await sendNextBatch(job);
        if (job.created > 0) setWrote(true);
        setStep({ kind: 'writing', job, running: true, error: null });
      }
      dropJob(job.yearId);
      setStep({ kind: 'done', job });
    } catch (error) {
      const message =
        error instanceof NetworkError || error instanceof ApiError
          ? `${errorMessage(error)} ${t.writing.interrupted(job.created, job.lines.length - job.sent)}`
          : t.writing.interrupted(job.created, job.lines.length - job.sent);
      setStep({ kind: 'writing', job, running: false, error: message });
    }
  };

  const confirm = (current: Extract<Step, { kind: 'preview' }>) => {
    const accepted = current.lines.filter((l) => writes(current.verdicts.get(l.line)?.status ?? 'refused'));
    const skipped = current.lines
      .filter((l) => !writes(current.verdicts.get(l.line)?.status ?? 'refused'))
      .map((l) => {
        const v = current.verdicts.get(l.line);
        return { line: l.line, name: lineName(l), status: v?.status ?? 'refused', reason: v?.reason ?? '' };
      });
    void run({ yearId, file: current.file, lines: accepted, sent: 0, created: 0, enrolled: 0, skipped });
  };

  const abandon = () => {
    dropJob(yearId);
    onClose(wrote);
  };

  const close = () => {
    if (step.kind === 'writing' && step.running) return;
    onClose(wrote);
  };

  const offline = !online && step.kind !== 'done' && !(step.kind === 'writing' && step.running);

  let body: ReactNode;
  let actions: ReactNode;
  switch (step.kind) {
    case 'choose':
      body = (
        <>
          <p>{t.choose.intro}</p>
          <label className="field">
            <span className="field-label">{t.choose.file}</span>
            <input
              type="file"
              className="input"
              accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={step.reading || offline}
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          {step.reading && <p role="status">{t.choose.reading}</p>}
          <ErrorNotice message={step.error} />
        </>
      );
      actions = <Button onClick={close}>{t.cancel}</Button>;
      break;
    case 'map': {
      const missing = missingColumns(step.mapping);
      const setField = (column: number, field: ImportField | null) =>
        setStep({
          ...step,
          // A field fills one column: choosing it here frees it elsewhere.
          mapping: step.mapping.map((f, i) => (i === column ? field : f === field ? null : f)),
        });
      body = (
        <>
          <p>{t.map.intro(step.sheet.rows.length, step.file)}</p>
          <ul className="bare-list import-columns">
            {step.sheet.headers.map((header, column) => (
              <li key={column} className={step.mapping[column] ? undefined : 'import-unknown'}>
                <label>
                  <span className="import-header">{header || `#${column + 1}`}</span>
                  <span className="import-sample muted">{sample(step.sheet, column)}</span>
                  <select
                    className="input"
                    aria-label={`${t.map.field} : ${header}`}
                    value={step.mapping[column] ?? ''}
                    onChange={(e) => setField(column, (e.target.value || null) as ImportField | null)}
                  >
                    <option value="">{t.map.ignore}</option>
                    <ValueOptions values={IMPORT_FIELDS} name={(field) => t.fields[field]} />
                  </select>
                </label>
                {!step.mapping[column] && header && <small className="muted">{t.map.unknown}</small>}
              </li>
            ))}
          </ul>
          {missing.length > 0 && (
            <p className="notice tone-warning" role="alert">
              {t.map.missing(missing.map((f) => t.fields[f]).join(', '))}
            </p>
          )}
          <label className="field">
            <span className="field-label">{t.map.defaultAddress}</span>
            <input
              className="input"
              value={step.address}
              maxLength={300}
              onChange={(e) => setStep({ ...step, address: e.target.value })}
            />
            <span className="field-hint">{t.map.defaultAddressHint}</span>
          </label>
          {step.checking !== null && (
            <div role="status">
              <progress max={step.sheet.rows.length} value={step.checking} className="import-progress" />
              <p>{t.map.checking(step.checking, step.sheet.rows.length)}</p>
            </div>
          )}
          <ErrorNotice message={step.error} />
        </>
      );
      actions = (
        <DialogButtons
          cancelLabel={t.back}
          confirmLabel={t.map.check}
          busy={step.checking !== null}
          disabled={missing.length > 0 || offline}
          onCancel={() => setStep({ kind: 'choose', reading: false, error: null })}
          onConfirm={() => void check(step)}
        />
      );
      break;
    }
    case 'preview':
      body = <Preview lines={step.lines} verdicts={step.verdicts} filter={filter} onFilter={setFilter} />;
      {
        const accepted = step.lines.filter((l) => writes(step.verdicts.get(l.line)?.status ?? 'refused')).length;
        actions = (
          <>
            <DialogButtons
              cancelLabel={t.cancel}
              confirmLabel={t.preview.confirm(accepted)}
              disabled={accepted === 0 || offline}
              onCancel={close}
              onConfirm={() => confirm(step)}
            />
          </>
        );
      }
      break;
    case 'writing':
      body = (
        <>
          <progress max={step.job.lines.length} value={step.job.sent} className="import-progress" />
          <p role="status">{t.writing.progress(step.job.sent, step.job.lines.length)}</p>
          <ErrorNotice message={step.error} />
          {!step.running && !step.error && (
            <p className="notice tone-info">{t.writing.pending(step.job.file, step.job.sent, step.job.lines.length)}</p>
          )}
        </>
      );
      actions = step.running ? null : (
        <>
          <Button onClick={abandon}>{t.writing.abandon}</Button>
          <Button look="primary" disabled={offline} onClick={() => void run(step.job)}>
            {t.writing.resume}
          </Button>
        </>
      );
      break;
    case 'done':
      body = (
        <div className="import-done" role="status">
          <p>
            <strong>{t.done.created(step.job.created)}</strong>
            {step.job.enrolled > 0 && <>, {t.done.enrolled(step.job.enrolled)}</>}.
          </p>
          {step.job.skipped.length > 0 && (
            <>
              <p>{t.done.skipped(step.job.skipped.length)}</p>
              <Button
                onClick={() =>
                  void downloadCsv(fileName(step.job.file.replace(/\.[^.]+$/, ''), 'non importées'), [
                    [t.preview.line, t.preview.name, t.preview.result],
                    ...step.job.skipped.map((s) => [s.line, s.name, s.reason || statusLabel(s.status, '')]),
                  ])
                }
              >
                {t.done.report}
              </Button>
            </>
          )}
        </div>
      );
      actions = (
        <Button look="primary" onClick={close}>
          {t.close}
        </Button>
      );
      break;
  }

  return (
    <Modal title={step.kind === 'done' ? t.done.title : t.title} wide onClose={close} actions={actions}>
      {offline && (
        <p className="notice tone-warning" role="alert">
          {t.needsNetwork}
        </p>
      )}
      {body}
    </Modal>
  );
}

function Preview({
  lines,
  verdicts,
  filter,
  onFilter,
}: {
  lines: ImportLine[];
  verdicts: Map<number, LineVerdict>;
  filter: LineStatus | 'all';
  onFilter: (filter: LineStatus | 'all') => void;
}) {
  const counts = useMemo(() => {
    const out = new Map<LineStatus, number>();
    for (const v of verdicts.values()) out.set(v.status, (out.get(v.status) ?? 0) + 1);
    return out;
  }, [verdicts]);
  const shown = filter === 'all' ? lines : lines.filter((l) => verdicts.get(l.line)?.status === filter);
  const accepted = (counts.get('create') ?? 0) + (counts.get('enrol') ?? 0);
  return (
    <>
      <div className="import-filters" role="group" aria-label={t.preview.summary}>
        <button
          type="button"
          className={filter === 'all' ? 'chip chip-on' : 'chip'}
          aria-pressed={filter === 'all'}
          onClick={() => onFilter('all')}
        >
          {t.preview.all} ({lines.length})
        </button>
        {STATUSES.filter((s) => counts.get(s)).map((s) => (
          <button
            key={s}
            type="button"
            className={`chip chip-${s}${filter === s ? ' chip-on' : ''}`}
            aria-pressed={filter === s}
            onClick={() => onFilter(s)}
          >
            {t.preview.counts[s](counts.get(s)!)}
          </button>
        ))}
      </div>
      {accepted === 0 ? (
        <p className="notice tone-warning">{t.preview.nothing}</p>
      ) : (
        (counts.get('duplicate') || counts.get('refused')) && <p className="muted">{t.preview.skipped}</p>
      )}
      <table className="import-preview">
        <thead>
          <tr>
            <th scope="col">{t.preview.line}</th>
            <th scope="col">{t.preview.name}</th>
            <th scope="col">{t.preview.result}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((l) => {
            const v = verdicts.get(l.line);
            const status = v?.status ?? 'refused';
            return (
              <tr key={l.line} className={`import-${status}`} data-line={l.line}>
                <td className="num">{l.line}</td>
                <td>
                  <strong>{lineName(l)}</strong>
                  <span className="muted import-birth">
                    {isIsoDate(l.date_of_birth) ? formatDate(l.date_of_birth) : l.date_of_birth}
                    {l.nisu && ` · ${l.nisu}`}
                  </span>
                </td>
                <td>
                  <span className={`import-badge import-badge-${status}`}>
                    {statusLabel(status, v?.className ?? l.className)}
                  </span>
                  {v?.reason && <span className="import-reason">{v.reason}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
