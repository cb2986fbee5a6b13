// The setup wizard (document 1 §2 "Setup wizard", §5): eight steps in a dialog, nothing saved
// before the last one, which sends everything in one call (POST /api/setup/new-year). For a
// school already running it starts from what the school has: its classes in order, the fees of
// the current year, and a year name that is free (checked at the year step).
import { type ReactNode, useEffect, useState } from 'react';
import { read } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { InputField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { adminServerText, adminText } from '../../i18n/admin';
import { currentYearOf, type SchoolYear, useSchool } from '../../layouts/school';
import { schoolToday, schoolYearOf } from '../../../worker/domain/dates';
import { amountInputText, formatMoney, parseAmount, toCentimes } from '../../../worker/domain/money';
import { DEFAULT_MAX_GRADE, parseMaxGrade, yearNameProblem } from '../../../worker/domain/setup';
import { cleanText } from '../../../worker/domain/text';
import type { NewYearSetup } from '../../../worker/contract/setup';
import './wizard.css';

const t = adminText.wizard;
const rules = adminServerText.setup;
const STEPS = t.steps.length;

interface Row {
  key: string;
  name: string;
}

interface Cell {
  on: boolean;
  max: string;
}

/** Every class follows every subject at first, out of the default max grade. */
const DEFAULT_CELL: Cell = { on: true, max: String(DEFAULT_MAX_GRADE) };

const row = (name = ''): Row => ({ key: crypto.randomUUID(), name });

/**
 * The school year under way (from August on, this year and the next); when the school has it
 * already, the year after its latest one.
 */
function suggestedYear(years: readonly SchoolYear[]): string {
  const start = Number(schoolYearOf(schoolToday()).slice(0, 4));
  const latest = Math.max(start - 1, ...years.map((y) => Number(y.name.slice(0, 4))).filter(Number.isFinite));
  const first = Math.max(start, latest + 1);
  return `${first}-${first + 1}`;
}

/** A max grade typed by the user ('12,5' accepted), or null when it is not a number >= 0. */
const key = (name: string) => cleanText(name).toLocaleLowerCase('fr');

function duplicate(rows: Row[]): string | null {
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(key(r.name))) return cleanText(r.name);
    seen.add(key(r.name));
  }
  return null;
}

function RowsEditor({
  rows,
  onChange,
  label,
  addLabel,
  ordered = false,
}: {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  label: (n: number) => string;
  addLabel: string;
  ordered?: boolean;
}) {
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <div className="wizard-rows">
      <ol>
        {rows.map((r, i) => {
          const name = cleanText(r.name) || label(i + 1);
          return (
            <li key={r.key}>
              <input
                className="input"
                aria-label={label(i + 1)}
                value={r.name}
                onChange={(e) => onChange(rows.map((x) => (x.key === r.key ? { ...x, name: e.target.value } : x)))}
              />
              {ordered && (
                <>
                  <Button look="ghost" aria-label={t.moveUp(name)} disabled={i === 0} onClick={() => move(i, i - 1)}>
                    ↑
                  </Button>
                  <Button
                    look="ghost"
                    aria-label={t.moveDown(name)}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    ↓
                  </Button>
                </>
              )}
              <Button
                look="ghost"
                aria-label={t.remove(name)}
                onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
              >
                ✕
              </Button>
            </li>
          );
        })}
      </ol>
      <Button onClick={() => onChange([...rows, row()])}>+ {addLabel}</Button>
    </div>
  );
}

/** A step's body: its introduction, then what it asks. */
function Step({ intro, children }: { intro: string; children: ReactNode }) {
  return (
    <div>
      <p className="muted">{intro}</p>
      {children}
    </div>
  );
}

export function SetupWizard({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const school = useSchool();
  const currency = school.school?.currency ?? 'Gdes';
  const [step, setStep] = useState(0);
  const [yearName, setYearName] = useState(() => suggestedYear(school.years));
  const [periods, setPeriods] = useState<Row[]>(() => t.defaultPeriods.map(row));
  // The school's classes in their order; a new school starts with one empty line.
  const [classes, setClasses] = useState<Row[]>(() =>
    school.classes.length ? school.classes.map((c) => row(c.name)) : [row()],
  );
  const [subjects, setSubjects] = useState<Row[]>(() => t.defaultSubjects.map(row));
  const [cells, setCells] = useState<Record<string, Cell>>({});
  const [fees, setFees] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const { write, busy } = useWrite();

  // The fees of the current year (by class name): each class starts from its fee until edited.
  const [currentFees, setCurrentFees] = useState<ReadonlyMap<string, string>>(new Map());
  const currentYearId = currentYearOf(school.years)?.id;
  useEffect(() => {
    if (!currentYearId) return;
    let cancelled = false;
    read(endpoints.classFinancials.list, { query: { yearId: currentYearId } })
      .then((list) => {
        if (cancelled) return;
        setCurrentFees(
          new Map(
            list.filter((f) => f.mppa !== null).map((f) => [key(f.class_name), amountInputText(toCentimes(f.mppa!))]),
          ),
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [currentYearId]);
  const feeInput = (c: Row) => fees[c.key] ?? currentFees.get(key(c.name)) ?? '';

  const cellOf = (c: Row, s: Row): Cell => cells[`${c.key}|${s.key}`] ?? DEFAULT_CELL;
  const setCell = (c: Row, s: Row, change: Partial<Cell>) =>
    setCells((all) => {
      const id = `${c.key}|${s.key}`;
      return { ...all, [id]: { ...(all[id] ?? DEFAULT_CELL), ...change } };
    });

  /** The first problem of a step, with the spec's messages. */
  function problemOf(index: number): string | null {
    switch (index) {
      case 1: {
        const problem = yearNameProblem(yearName);
        if (problem) return problem === 'format' ? rules.invalidYear : adminServerText.years.notConsecutive;
        return school.years.some((y) => y.name === yearName.trim()) ? adminServerText.years.exists : null;
      }
      case 2: {
        if (periods.some((p) => !cleanText(p.name))) return rules.periodNames;
        const twice = duplicate(periods);
        return twice ? rules.duplicatePeriod(twice) : null;
      }
      case 3: {
        if (classes.some((c) => !cleanText(c.name))) return rules.classNames;
        const twice = duplicate(classes);
        return twice ? rules.duplicateClass(twice) : null;
      }
      case 4: {
        if (subjects.length === 0) return rules.subjectRequired;
        if (subjects.some((s) => !cleanText(s.name))) return rules.subjectNames;
        const twice = duplicate(subjects);
        return twice ? rules.duplicateSubject(twice) : null;
      }
      case 5:
        return classes.some((c) => subjects.some((s) => cellOf(c, s).on && parseMaxGrade(cellOf(c, s).max) === null))
          ? t.invalidMaxGrade
          : null;
      case 6:
        return classes.some((c) => {
          const text = feeInput(c);
          if (!text.trim()) return false;
          const centimes = parseAmount(text);
          return centimes === null || centimes < 0;
        })
          ? t.invalidFee
          : null;
      default:
        return null;
    }
  }

  const next = () => {
    const problem = problemOf(step);
    setError(problem);
    if (!problem) setStep((s) => Math.min(s + 1, STEPS - 1));
  };
  const previous = () => {
    setError(null);
    setStep((s) => Math.max(s - 1, 0));
  };

  const payload = (): NewYearSetup => ({
    yearName: yearName.trim(),
    periods: periods.map((p) => cleanText(p.name)),
    classes: classes.map((c, i) => ({ name: cleanText(c.name), order_index: i + 1 })),
    subjects: subjects.map((s) => ({ name: cleanText(s.name) })),
    curriculum: classes.flatMap((c) =>
      subjects
        .filter((s) => cellOf(c, s).on)
        .map((s) => ({
          className: cleanText(c.name),
          subjectName: cleanText(s.name),
          maxGrade: parseMaxGrade(cellOf(c, s).max) ?? undefined,
        })),
    ),
    financials: classes.map((c) => {
      const text = feeInput(c);
      return { className: cleanText(c.name), mppa: text.trim() ? parseAmount(text)! / 100 : null };
    }),
  });

  async function finish() {
    for (let i = 1; i < STEPS; i++) {
      const problem = problemOf(i);
      if (problem) {
        setStep(i);
        setError(problem);
        return;
      }
    }
    const outcome = await write(endpoints.setup.newYear, { body: payload() }, { success: rules.done });
    if (outcome) onDone();
  }

  /** A typed fee in the school's currency ('25 000,00 Gdes'), as the summary shows it. */
  const feeText = (text: string) => {
    const centimes = text.trim() ? parseAmount(text) : null;
    return centimes === null ? t.noFee : formatMoney(centimes, currency);
  };

  const cellCount = classes.reduce((n, c) => n + subjects.filter((s) => cellOf(c, s).on).length, 0);
  const bodies: ReactNode[] = [
    <p key="welcome">{t.welcome}</p>,
    <InputField
      key="year"
      label={t.yearLabel}
      hint={t.yearHint}
      value={yearName}
      onChange={(e) => setYearName(e.target.value)}
      placeholder="2025-2026"
      inputMode="numeric"
    />,
    <Step key="periods" intro={t.periodsIntro}>
      <RowsEditor rows={periods} onChange={setPeriods} label={t.periodLabel} addLabel={t.addPeriod} />
    </Step>,
    <Step key="classes" intro={t.classesIntro}>
      <RowsEditor rows={classes} onChange={setClasses} label={t.classLabel} addLabel={t.addClass} ordered />
    </Step>,
    <Step key="subjects" intro={t.subjectsIntro}>
      <RowsEditor rows={subjects} onChange={setSubjects} label={t.subjectLabel} addLabel={t.addSubject} />
    </Step>,
    <Step key="curriculum" intro={t.curriculumIntro}>
      {classes.length === 0 ? (
        <p>{t.curriculumEmpty}</p>
      ) : (
        <div className="wizard-grid">
          {classes.map((c) => (
            <fieldset key={c.key} className="wizard-class">
              <legend>{c.name}</legend>
              {subjects.map((s) => {
                const cell = cellOf(c, s);
                return (
                  <div key={s.key} className="wizard-cell">
                    <label>
                      <input
                        type="checkbox"
                        checked={cell.on}
                        aria-label={t.teaches(c.name, s.name)}
                        onChange={(e) => setCell(c, s, { on: e.target.checked })}
                      />
                      <span>{s.name}</span>
                    </label>
                    <input
                      className="input"
                      inputMode="decimal"
                      aria-label={t.maxGradeOf(c.name, s.name)}
                      value={cell.max}
                      disabled={!cell.on}
                      onChange={(e) => setCell(c, s, { max: e.target.value })}
                    />
                  </div>
                );
              })}
            </fieldset>
          ))}
        </div>
      )}
    </Step>,
    <Step key="fees" intro={t.feesIntro}>
      <div className="wizard-fees">
        {classes.map((c) => (
          <InputField
            key={c.key}
            label={t.feeOf(c.name)}
            inputMode="decimal"
            value={feeInput(c)}
            onChange={(e) => setFees((f) => ({ ...f, [c.key]: e.target.value }))}
          />
        ))}
      </div>
    </Step>,
    <dl key="summary" className="wizard-summary">
      <dt>{t.summaryYear}</dt>
      <dd>{yearName.trim()}</dd>
      <dt>{t.summaryPeriods}</dt>
      <dd>{periods.map((p) => cleanText(p.name)).join(', ') || t.none}</dd>
      <dt>{t.summaryClasses}</dt>
      <dd>{classes.map((c) => cleanText(c.name)).join(', ') || t.none}</dd>
      <dt>{t.summarySubjects}</dt>
      <dd>{subjects.map((s) => cleanText(s.name)).join(', ')}</dd>
      <dt>{t.summaryCurriculum}</dt>
      <dd>{t.summaryCells(cellCount)}</dd>
      <dt>{t.summaryFees}</dt>
      <dd>
        <ul>
          {classes.map((c) => (
            <li key={c.key}>
              {cleanText(c.name)} : {feeText(feeInput(c))}
            </li>
          ))}
        </ul>
      </dd>
    </dl>,
  ];

  return (
    <Modal
      wide
      title={t.title}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <Button look="ghost" className="wizard-cancel" onClick={onClose} disabled={busy}>
            {adminText.common.cancel}
          </Button>
          <Button onClick={previous} disabled={step === 0 || busy}>
            {t.previous}
          </Button>
          {step < STEPS - 1 ? (
            <Button look="primary" onClick={next}>
              {t.next}
            </Button>
          ) : (
            <Button look="primary" onClick={finish} disabled={busy}>
              {busy ? t.finishing : t.finish}
            </Button>
          )}
        </>
      }
    >
      <p className="wizard-step" aria-live="polite">
        {t.stepOf(step + 1, STEPS)} — <strong>{t.steps[step]}</strong>
      </p>
      <ol className="wizard-progress" aria-hidden="true">
        {t.steps.map((label, i) => (
          <li key={label} className={i === step ? 'is-current' : i < step ? 'is-done' : ''} />
        ))}
      </ol>
      <ErrorNotice message={error} />
      {bodies[step]}
    </Modal>
  );
}
