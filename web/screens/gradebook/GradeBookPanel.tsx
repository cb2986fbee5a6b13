// The grade book of one class and subject (document 2 §2 'Grade book', §4 'Grade entry', §5,
// §9): the period, a table of students by evaluation with score inputs (step 0.01), each
// student's average in percent (red below 50) and an appreciation saved 1.5 s after typing; add
// an evaluation (local until its first grade; 'Limite atteinte' when the set reaches the
// subject's max), edit and delete one; print the selected students. Scores go through the
// drafts (drafts.ts): kept on the phone at once, sent when the network allows.
import { useEffect, useMemo, useRef, useState } from 'react';
import { send as sendCall, useRead } from '../../api/calls';
import { errorMessage, isQueued } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Modal } from '../../components/Modal';
import { DialogButtons } from '../../components/DialogButtons';
import { html, openPrintWindow, printDate } from '../../components/print';
import { toast } from '../../components/toast';
import { gradebookText as t } from '../../i18n/gradebook';
import { reportCardsText } from '../../i18n/report-cards';
import { useSchool } from '../../layouts/school';
import type { BookEvaluation, GradeBook, GradeCell, SavedGrade } from '../../../worker/contract/grades';
import {
  currentPeriodId,
  DEFAULT_EVALUATION_MAX,
  exceededTotal,
  formatPoints,
  isBelowHalf,
  isScoreValue,
  limitReached,
  sameEvaluationName,
  schoolToday,
  subjectHundredths,
  subjectPercent,
  suggestedAppreciation,
  toHundredths,
  toPoints,
} from '../../../worker/domain/grades';
import {
  bookKey,
  dropDraft,
  type GradeDraft,
  keepScore,
  onSaved,
  retryDraft,
  sendDrafts,
  useGradeDrafts,
} from './drafts';
import './gradebook.css';

const APPRECIATION_DEBOUNCE_MS = 1500;
/** A pause in typing this long sends the book's pending scores, together (decision 270). */
const SEND_AFTER_MS = 1500;

export interface GradeBookProps {
  yearId: string;
  className: string;
  subjectId: string;
  subjectName: string;
  /** The period shown first (default: the period under way, else the year's first). */
  periodId?: string;
  /** Told after a change lands (the report cards reload). */
  onChanged?: () => void;
}

const percentText = (p: number) =>
  `${p.toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;

export function GradeBookPanel(props: GradeBookProps) {
  const { yearId, className, subjectId, subjectName } = props;
  const periods = useRead(endpoints.periods.list, { query: { yearId } });
  const [chosen, setPeriodId] = useState<string>(props.periodId ?? '');
  // Until one is chosen, the period under way (by its start date, the school's today), else the
  // year's first: derived, not set by an effect, so that a choice made as the list arrives is
  // never overwritten by the default (found by the e2e under load).
  const periodId = chosen || (periods.data ? (currentPeriodId(periods.data, schoolToday()) ?? '') : '');
  // This course's drafts (pending or refused) in the other periods: never out of sight.
  const allDrafts = useGradeDrafts();
  const elsewhere = useMemo(() => {
    const count = new Map<string, number>();
    for (const d of allDrafts) {
      if (d.body.period_id === periodId) continue;
      if (d.book !== bookKey({ yearId, className, subjectId, periodId: d.body.period_id })) continue;
      count.set(d.body.period_id, (count.get(d.body.period_id) ?? 0) + 1);
    }
    return (periods.data ?? []).filter((p) => count.has(p.id)).map((p) => ({ period: p, count: count.get(p.id)! }));
  }, [allDrafts, periods.data, periodId, yearId, className, subjectId]);

  return (
    <div className="gradebook">
      <label className="gradebook-period">
        <span>{t.periodLabel}</span>
        <select value={periodId} onChange={(e) => setPeriodId(e.target.value)} disabled={!periods.data?.length}>
          {!periodId && <option value="">{t.choosePeriod}</option>}
          {periods.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      {elsewhere.length > 0 && (
        <div className="notice notice-warning gradebook-elsewhere" role="status">
          <p>{t.drafts.elsewhere}</p>
          <ul>
            {elsewhere.map(({ period, count }) => (
              <li key={period.id}>
                <button type="button" className="btn btn-secondary" onClick={() => setPeriodId(period.id)}>
                  {t.drafts.openPeriod(period.name, count)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {periods.error && <ErrorNotice message={periods.error} />}
      {periods.data && !periods.data.length && <p className="muted">{t.noPeriods}</p>}
      {periodId && (
        <Book
          key={periodId}
          yearId={yearId}
          className={className}
          subjectId={subjectId}
          subjectName={subjectName}
          periodId={periodId}
          periodName={periods.data?.find((p) => p.id === periodId)?.name ?? ''}
          allDrafts={allDrafts}
          {...(props.onChanged ? { onChanged: props.onChanged } : {})}
        />
      )}
    </div>
  );
}

interface BookProps extends Required<Omit<GradeBookProps, 'onChanged' | 'periodId'>> {
  periodId: string;
  periodName: string;
  /** The account's drafts (the panel holds the one subscription). */
  allDrafts: readonly GradeDraft[];
  onChanged?: () => void;
}

function Book({ yearId, className, subjectId, subjectName, periodId, periodName, allDrafts, onChanged }: BookProps) {
  const { school, selectedYear } = useSchool();
  const book = useRead(endpoints.grades.book, { query: { yearId, className, subjectId, periodId } });
  const { write, patch, busy } = useWrite(book, { reload: false });
  const key = bookKey({ yearId, className, subjectId, periodId });
  const drafts = useMemo(() => allDrafts.filter((d) => d.book === key), [allDrafts, key]);
  const [local, setLocal] = useState<BookEvaluation[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<BookEvaluation | null>(null);
  const [removing, setRemoving] = useState<BookEvaluation | null>(null);
  const sendTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A score the server took: into the book's data (and its offline copy); a new evaluation joins it.
  useEffect(
    () =>
      onSaved((savedBook, answers: SavedGrade[]) => {
        if (savedBook !== key) return;
        onChanged?.();
        patch((data) => answers.reduce(withAnswer, data));
      }),
    [key, patch, onChanged],
  );

  // Leaving the book (another period, another screen): what was typed goes now.
  useEffect(
    () => () => {
      if (!sendTimer.current) return;
      clearTimeout(sendTimer.current);
      void sendDrafts();
    },
    [key],
  );

  const data = book.data;
  // Columns: the server's evaluations, then those only on this phone (typed, not yet sent).
  const evaluations = useMemo(() => {
    const list = [...(data?.evaluations ?? [])];
    const known = new Set(list.map((e) => e.id));
    for (const e of [
      ...local,
      ...drafts.map((d) => ({ id: d.body.evaluation_id, name: d.body.evaluation_name, max_score: d.body.max_score })),
    ]) {
      if (!known.has(e.id)) {
        known.add(e.id);
        list.push(e);
      }
    }
    return list;
  }, [data, local, drafts]);
  const serverIds = useMemo(() => new Set(data?.evaluations.map((e) => e.id)), [data]);
  const draftOf = useMemo(
    () => new Map(drafts.map((d) => [`${d.body.evaluation_id}|${d.body.enrollment_id}`, d])),
    [drafts],
  );

  if (book.error && !data) return <ErrorNotice message={book.error} />;
  if (!data) return <p className="muted">{t.loading}</p>;

  const maxGrade = data.maxGrade;
  const maxes = evaluations.map((e) => toHundredths(e.max_score));
  const full = limitReached(maxes, toHundredths(maxGrade));

  /** The score shown in a cell: the draft's when there is one, else the server's. */
  const scoreOf = (evaluationId: string, enrollmentId: string): number | null => {
    const draft = draftOf.get(`${evaluationId}|${enrollmentId}`);
    if (draft) return draft.body.score;
    return data.gradesByEnrollment[enrollmentId]?.find((g) => g.evaluation_id === evaluationId)?.score ?? null;
  };

  /** A student's marks in the book (hundredths of points), drafts included. */
  const marksOf = (enrollmentId: string) =>
    evaluations.flatMap((e) => {
      const score = scoreOf(e.id, enrollmentId);
      return score === null ? [] : [{ score: toHundredths(score), max: toHundredths(e.max_score) }];
    });
  const averageOf = (enrollmentId: string) => subjectPercent(marksOf(enrollmentId));
  /** The automatic appreciation, from the exact average (hundredths of a percent). */
  const suggestionOf = (enrollmentId: string) => {
    const exact = subjectHundredths(marksOf(enrollmentId));
    return exact === null ? null : suggestedAppreciation(exact, reportCardsText.phrases);
  };

  function typed(evaluation: BookEvaluation, enrollmentId: string, score: number | null) {
    const cell: GradeCell = {
      evaluation_id: evaluation.id,
      enrollment_id: enrollmentId,
      subject_id: subjectId,
      period_id: periodId,
      evaluation_name: evaluation.name,
      max_score: evaluation.max_score,
      new_evaluation: !serverIds.has(evaluation.id),
      score,
    };
    void keepScore(key, cell, false);
    if (sendTimer.current) clearTimeout(sendTimer.current);
    sendTimer.current = setTimeout(() => {
      sendTimer.current = null;
      void sendDrafts();
    }, SEND_AFTER_MS);
  }

  function addEvaluation(name: string, max: number): string | null {
    if (!name) return t.errors.nameRequired;
    if (!(max > 0) || !isScoreValue(max)) return t.errors.maxRequired;
    if (evaluations.some((e) => sameEvaluationName(e.name, name))) return t.errors.nameTaken(name);
    const total = exceededTotal(maxes, toHundredths(max), toHundredths(maxGrade));
    if (total !== null) return t.errors.totalAbove(toPoints(total), maxGrade);
    setLocal((list) => [...list, { id: crypto.randomUUID(), name, max_score: max }]);
    toast.success(t.add.created);
    return null;
  }

  async function saveEvaluation(e: BookEvaluation, name: string, max: number): Promise<string | null> {
    if (!name) return t.errors.nameRequired;
    if (!(max > 0) || !isScoreValue(max)) return t.errors.maxRequired;
    if (evaluations.some((o) => o.id !== e.id && sameEvaluationName(o.name, name))) return t.errors.nameTaken(name);
    const total = exceededTotal(
      evaluations.filter((o) => o.id !== e.id).map((o) => toHundredths(o.max_score)),
      toHundredths(max),
      toHundredths(maxGrade),
    );
    if (total !== null) return t.errors.totalAbove(toPoints(total), maxGrade);
    if (!serverIds.has(e.id)) {
      setLocal((list) => list.map((o) => (o.id === e.id ? { ...o, name, max_score: max } : o)));
      return null;
    }
    const rename = (d: GradeBook): GradeBook => ({
      ...d,
      evaluations: d.evaluations.map((o) => (o.id === e.id ? { ...o, name, max_score: max } : o)),
    });
    const outcome = await write(
      endpoints.grades.updateEvaluation,
      { params: { id: e.id }, body: { name, max_score: max } },
      { success: (a) => a.message, offline: rename },
    );
    if (outcome && !outcome.queued) {
      patch(rename);
      onChanged?.();
    }
    return outcome ? null : '';
  }

  async function removeEvaluation(e: BookEvaluation) {
    setRemoving(null);
    if (!serverIds.has(e.id)) {
      setLocal((list) => list.filter((o) => o.id !== e.id));
      for (const d of drafts.filter((d) => d.body.evaluation_id === e.id)) await dropDraft(d.key);
      toast.success(t.deleted(e.name));
      return;
    }
    const drop = (d: GradeBook): GradeBook => ({
      ...d,
      evaluations: d.evaluations.filter((o) => o.id !== e.id),
      gradesByEnrollment: Object.fromEntries(
        Object.entries(d.gradesByEnrollment).map(([k, v]) => [k, v.filter((g) => g.evaluation_id !== e.id)]),
      ),
    });
    const outcome = await write(
      endpoints.grades.removeEvaluation,
      { params: { id: e.id } },
      { success: (a) => a.message, offline: drop },
    );
    if (outcome && !outcome.queued) {
      patch(drop);
      onChanged?.();
    }
  }

  function print() {
    const students = data!.students.filter((s) => selected.has(s.enrollment_id));
    if (!students.length) return toast.error(t.print.none);
    openPrintWindow({
      title: t.print.title(subjectName, className),
      school: {
        name: school?.name ?? '',
        address: school?.address ?? null,
        phone: school?.phone ?? null,
        logoUrl: school?.logo_url ?? null,
      },
      delayMs: 1000,
      popupBlockedMessage: t.print.popupBlocked,
      footer: t.print.footer(printDate()),
      pages: students.map((s) => {
        const average = averageOf(s.enrollment_id);
        return html`<h2>${s.nom} ${s.prenom}</h2>
          <p>${t.print.classLine(className, selectedYear?.name ?? '')}</p>
          <h3>${t.print.heading(subjectName, periodName)}</h3>
          <table class="print-table">
            <thead>
              <tr>
                <th>${t.print.evaluation}</th>
                <th>${t.print.score}</th>
              </tr>
            </thead>
            <tbody>
              ${evaluations.map((e) => {
                const score = scoreOf(e.id, s.enrollment_id);
                return html`<tr>
                  <td>${e.name}</td>
                  <td>${score === null ? '-' : `${formatPoints(score)} / ${formatPoints(e.max_score)}`}</td>
                </tr>`;
              })}
            </tbody>
          </table>
          <p><strong>${t.average} : ${average === null ? '-' : percentText(average)}</strong></p>
          <p>${t.appreciation} : ${data!.appreciationsByEnrollment[s.enrollment_id] ?? '-'}</p>`;
      }),
    });
  }

  const pending = drafts.filter((d) => d.state === 'pending');
  const refused = drafts.filter((d) => d.state === 'refused');
  const nameOf = (enrollmentId: string) => {
    const s = data.students.find((x) => x.enrollment_id === enrollmentId);
    return s ? `${s.nom} ${s.prenom}` : enrollmentId;
  };
  const allSelected = data.students.length > 0 && data.students.every((s) => selected.has(s.enrollment_id));

  return (
    <>
      <p className="muted small">{t.maxGrade(formatPoints(maxGrade))}</p>
      {pending.length > 0 && (
        <div className="notice notice-info gradebook-pending" role="status">
          <strong>{t.drafts.pending(pending.length)}</strong> <span>{t.drafts.pendingHint}</span>{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void sendDrafts()}>
            {t.drafts.sendNow}
          </button>
        </div>
      )}
      {refused.length > 0 && (
        <div className="notice notice-error" role="alert">
          <strong>{t.drafts.refusedTitle(refused.length)}</strong>
          <ul className="gradebook-refused">
            {refused.map((d: GradeDraft) => (
              <li key={d.key}>
                {t.drafts.refusedLine(
                  nameOf(d.body.enrollment_id),
                  d.body.evaluation_name,
                  d.body.score === null ? t.drafts.empty : formatPoints(d.body.score),
                  d.error ?? '',
                )}{' '}
                <button type="button" className="btn btn-secondary btn-small" onClick={() => void retryDraft(d.key)}>
                  {t.drafts.retry}
                </button>{' '}
                <button type="button" className="btn btn-secondary btn-small" onClick={() => void dropDraft(d.key)}>
                  {t.drafts.drop}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <AddEvaluation full={full} onAdd={addEvaluation} />
      {data.students.length === 0 ? (
        <p className="muted">{t.noStudents}</p>
      ) : (
        <div className="gradebook-scroll">
          <table className="gradebook-table">
            <thead>
              <tr>
                <th className="gradebook-student">
                  <label className="gradebook-check">
                    <input
                      type="checkbox"
                      checked={allSelected}
                      aria-label={t.selectAll}
                      onChange={() =>
                        setSelected(allSelected ? new Set() : new Set(data.students.map((s) => s.enrollment_id)))
                      }
                    />
                    {t.student}
                  </label>
                </th>
                {evaluations.map((e) => (
                  <th key={e.id} className="gradebook-evaluation">
                    <span className="gradebook-evaluation-name">{e.name}</span>
                    <span className="muted small">{t.outOf(formatPoints(e.max_score))}</span>
                    <span className="gradebook-evaluation-actions">
                      <button
                        type="button"
                        className="btn-icon"
                        aria-label={t.edit.label(e.name)}
                        title={t.edit.label(e.name)}
                        onClick={() => setEditing(e)}
                      >
                        ✎
                      </button>
                      <button
                        type="button"
                        className="btn-icon"
                        aria-label={t.remove.label(e.name)}
                        title={t.remove.label(e.name)}
                        onClick={() => setRemoving(e)}
                      >
                        ✕
                      </button>
                    </span>
                  </th>
                ))}
                <th>{t.average}</th>
                <th className="gradebook-appreciation">{t.appreciation}</th>
              </tr>
            </thead>
            <tbody>
              {data.students.map((s) => {
                const average = averageOf(s.enrollment_id);
                const name = `${s.nom} ${s.prenom}`;
                return (
                  <tr key={s.enrollment_id}>
                    <th scope="row" className="gradebook-student">
                      <label className="gradebook-check">
                        <input
                          type="checkbox"
                          checked={selected.has(s.enrollment_id)}
                          aria-label={t.select(name)}
                          onChange={() =>
                            setSelected((set) => {
                              const next = new Set(set);
                              if (next.has(s.enrollment_id)) next.delete(s.enrollment_id);
                              else next.add(s.enrollment_id);
                              return next;
                            })
                          }
                        />
                        {name}
                      </label>
                    </th>
                    {evaluations.map((e) => (
                      <td key={e.id}>
                        <ScoreInput
                          label={t.scoreOf(name, e.name, formatPoints(e.max_score))}
                          max={e.max_score}
                          value={scoreOf(e.id, s.enrollment_id)}
                          draft={draftOf.get(`${e.id}|${s.enrollment_id}`) ?? null}
                          onTyped={(score) => typed(e, s.enrollment_id, score)}
                        />
                      </td>
                    ))}
                    <td
                      className={
                        average !== null && isBelowHalf(average)
                          ? 'gradebook-average gradebook-low'
                          : 'gradebook-average'
                      }
                    >
                      {average === null ? '-' : percentText(average)}
                    </td>
                    <td className="gradebook-appreciation">
                      <AppreciationInput
                        label={t.appreciationOf(name)}
                        suggestion={suggestionOf(s.enrollment_id)}
                        value={data.appreciationsByEnrollment[s.enrollment_id] ?? ''}
                        onSave={async (text) => {
                          try {
                            const answer = await sendCall(endpoints.grades.appreciation, {
                              body: {
                                enrollment_id: s.enrollment_id,
                                subject_id: subjectId,
                                period_id: periodId,
                                text,
                              },
                            });
                            const apply = (d: GradeBook): GradeBook => {
                              const next = { ...d.appreciationsByEnrollment };
                              if (text.trim()) next[s.enrollment_id] = text.trim();
                              else delete next[s.enrollment_id];
                              return { ...d, appreciationsByEnrollment: next };
                            };
                            patch(apply);
                            if (!isQueued(answer)) onChanged?.();
                          } catch (error) {
                            toast.error(t.errors.saveFailed(errorMessage(error)));
                            book.reload();
                          }
                        }}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="gradebook-footer">
        <button type="button" className="btn btn-secondary" onClick={print}>
          {t.print.button}
        </button>
      </div>
      {editing && (
        <EditEvaluation evaluation={editing} busy={busy} onSave={saveEvaluation} onClose={() => setEditing(null)} />
      )}
      {removing && (
        <ConfirmDialog
          title={t.remove.title}
          confirmLabel={t.remove.confirm}
          busy={busy}
          onConfirm={() => void removeEvaluation(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>{t.remove.body(removing.name)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The book's data once the server took a score: the grade set or removed, the evaluation known. */
function withAnswer(data: GradeBook, answer: SavedGrade): GradeBook {
  const evaluations = data.evaluations.some((e) => e.id === answer.evaluation.id)
    ? data.evaluations
    : [...data.evaluations, answer.evaluation];
  const others = (data.gradesByEnrollment[answer.enrollment_id] ?? []).filter(
    (g) => g.evaluation_id !== answer.evaluation.id,
  );
  const gradesByEnrollment = {
    ...data.gradesByEnrollment,
    [answer.enrollment_id]: answer.grade ? [...others, answer.grade] : others,
  };
  return { ...data, evaluations, gradesByEnrollment };
}

function ScoreInput({
  label,
  max,
  value,
  draft,
  onTyped,
}: {
  label: string;
  max: number;
  value: number | null;
  draft: GradeDraft | null;
  onTyped: (score: number | null) => void;
}) {
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  const ref = useRef<HTMLInputElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setText(shown);
  }, [shown]);

  function parse(raw: string): number | null | 'invalid' | 'above' {
    const trimmed = raw.trim().replace(',', '.');
    if (!trimmed) return null;
    const n = Number(trimmed);
    if (!isScoreValue(n)) return 'invalid';
    return n > max ? 'above' : n;
  }

  function change(raw: string) {
    setText(raw);
    const score = parse(raw);
    if (score !== 'invalid' && score !== 'above' && score !== value) onTyped(score);
  }

  function leave() {
    focused.current = false;
    const score = parse(text);
    if (score === 'above' || score === 'invalid') {
      toast.error(score === 'above' ? t.errors.scoreAbove(max) : t.errors.scoreInvalid);
      setText(shown);
      // Back to the cell, for the teacher to type it again (document 2 §5).
      requestAnimationFrame(() => ref.current?.focus());
    }
  }

  const state = draft ? (draft.state === 'refused' ? 'refused' : 'pending') : null;
  return (
    <span className={`gradebook-cell${state ? ` gradebook-cell-${state}` : ''}`}>
      <input
        ref={ref}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        max={max}
        value={text}
        aria-label={label}
        aria-invalid={state === 'refused' || undefined}
        title={state === 'refused' ? draft?.error : state === 'pending' ? t.drafts.pendingCell : undefined}
        onFocus={() => (focused.current = true)}
        onChange={(e) => change(e.target.value)}
        onBlur={leave}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void sendDrafts();
          }
        }}
      />
      {state === 'pending' && <span className="gradebook-cell-mark" aria-hidden="true" />}
    </span>
  );
}

function AppreciationInput({
  label,
  value,
  suggestion,
  onSave,
}: {
  label: string;
  value: string;
  suggestion: string | null;
  onSave: (text: string) => Promise<void>;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setText(value);
  }, [value]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return (
    <>
      <textarea
        rows={2}
        maxLength={600}
        value={text}
        aria-label={label}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          typing.current = true;
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            typing.current = false;
            if (next.trim() !== value.trim()) void onSave(next);
          }, APPRECIATION_DEBOUNCE_MS);
        }}
      />
      {suggestion && !text.trim() && (
        <button
          type="button"
          className="gradebook-suggestion"
          aria-label={t.acceptSuggestion(label, suggestion)}
          onClick={() => {
            setText(suggestion);
            void onSave(suggestion);
          }}
        >
          {reportCardsText.suggestion(suggestion)}
        </button>
      )}
    </>
  );
}

function AddEvaluation({ full, onAdd }: { full: boolean; onAdd: (name: string, max: number) => string | null }) {
  const [name, setName] = useState('');
  const [max, setMax] = useState(String(DEFAULT_EVALUATION_MAX));
  const [error, setError] = useState<string | null>(null);
  // The set reaches the subject's max: nothing to fill, the button says why.
  if (full)
    return (
      <p className="gradebook-add-full">
        <button type="button" className="btn btn-primary" disabled>
          {t.add.limit}
        </button>
      </p>
    );
  return (
    <form
      className="gradebook-add"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = onAdd(name.trim(), max.trim() === '' ? NaN : Number(max.replace(',', '.')));
        setError(problem);
        if (!problem) {
          setName('');
          setMax(String(DEFAULT_EVALUATION_MAX));
        }
      }}
    >
      <fieldset disabled={full}>
        <legend>{t.add.legend}</legend>
        <label>
          <span>{t.add.name}</span>
          <input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label className="gradebook-add-max">
          <span>{t.add.max}</span>
          <input
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            value={max}
            onChange={(e) => setMax(e.target.value)}
            required
          />
        </label>
        <button type="submit" className="btn btn-primary">
          {full ? t.add.limit : t.add.submit}
        </button>
      </fieldset>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {!error && !full && <p className="muted small">{t.add.localHint}</p>}
    </form>
  );
}

function EditEvaluation({
  evaluation,
  busy,
  onSave,
  onClose,
}: {
  evaluation: BookEvaluation;
  busy: boolean;
  onSave: (e: BookEvaluation, name: string, max: number) => Promise<string | null>;
  onClose: () => void;
}) {
  const [name, setName] = useState(evaluation.name);
  const [max, setMax] = useState(String(evaluation.max_score));
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    const problem = await onSave(evaluation, name.trim(), max.trim() === '' ? NaN : Number(max.replace(',', '.')));
    if (problem === null) onClose();
    else if (problem) setError(problem);
  }
  return (
    <Modal
      title={t.edit.title}
      onClose={busy ? undefined : onClose}
      actions={
        <DialogButtons confirmLabel={t.edit.save} busy={busy} onCancel={onClose} onConfirm={() => void submit()} />
      }
    >
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span>{t.add.name}</span>
          <input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          <span>{t.add.max}</span>
          <input
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            value={max}
            onChange={(e) => setMax(e.target.value)}
          />
        </label>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
