// 'Gestion des Bulletins' (/report-cards, report_card:generate; document 2 §2 'Bulk report cards',
// §4 'Report cards'): a class, a period and a template; the class's students to check (select
// all); 'Générer les Bulletins (n)' shows the cards, which go back to the selection when the class
// or the period changes. From the cards: 'Modifier les Notes' (the grade book in a dialog, for
// grade:create or a teacher), 'Imprimer les Bulletins' (letter portrait, one student per page)
// and the appreciations, each saved 1 s after the last key. The card models are built once per
// answer (worker/domain/report-cards.ts) and each card re-renders only when its own data does.
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { read, useRead } from '../../api/calls';
import { errorMessage } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { useWrite, type WriteNotices } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { ClassSelect } from '../../components/ClassSelect';
import { ErrorNotice } from '../../components/ErrorNotice';
import { lazyPart } from '../../components/lazy-part';
import { openPrintWindow } from '../../components/print';
import { toast } from '../../components/toast';
import { exportText } from '../../i18n/exports';
import { reportCardsText as t } from '../../i18n/report-cards';
import { shellText } from '../../i18n/shell';
import { useSchool, NoYearNotice } from '../../layouts/school';
import { hasPermission, useSession } from '../../session/session';
import {
  buildReportCards,
  isLastClass,
  isReportTemplate,
  REPORT_TEMPLATES,
  type ReportTemplate,
} from '../../../worker/domain/report-cards';
import type { ReportData } from '../../../worker/contract/grades';
import type { SaveAppreciation } from './AppreciationField';
import { palmaresCsv, printPalmares } from './palmares';
import { type CardContext, ReportCard } from './ReportCard';
// Minified by the build's style pipeline (not ?raw: its comments and spaces travelled to every phone).
import cardStyles from './cards.css?inline';
import './report-cards.css';
import { toggled } from '../../components/selection';
import { RowOptions, ValueOptions } from '../../components/Field';

/** The grade book's dialog (its own chunk), opened over the cards by 'Modifier les Notes'. */
const GradeBookDialog = lazyPart(() => import('../gradebook/GradeBookDialog'), 'GradeBookDialog');

/** The print window's own rules: the fields' text instead of the fields, letter portrait. */
const PRINT_STYLES = `${cardStyles}
  @page { size: letter portrait; margin: 10mm; }
  .sheet { display: block; min-height: 0; }
  .rc-screen-only { display: none !important; }
  .rc-print-text { display: block !important; }`;

function useStored<T extends string>(
  key: string,
  initial: T | null,
  valid: (v: string) => v is T,
): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(() => {
    const saved = sessionStorage.getItem(key);
    return saved !== null && valid(saved) ? saved : initial;
  });
  return [
    value,
    (next: T) => {
      sessionStorage.setItem(key, next);
      setValue(next);
    },
  ];
}
const anyString = (_value: string): _value is string => true;

/** The data with one appreciation set (blank removes it). */
function withAppreciation(data: ReportData, enrollmentId: string, subjectId: string | null, text: string): ReportData {
  const value = text.trim();
  if (subjectId === null) {
    const general = { ...data.generalAppreciationsByEnrollment };
    if (value) general[enrollmentId] = value;
    else delete general[enrollmentId];
    return { ...data, generalAppreciationsByEnrollment: general };
  }
  const own = { ...data.appreciationsByEnrollment[enrollmentId] };
  if (value) own[subjectId] = value;
  else delete own[subjectId];
  return { ...data, appreciationsByEnrollment: { ...data.appreciationsByEnrollment, [enrollmentId]: own } };
}

export function ReportCardsPage() {
  const { selectedYear, classes, loading, school } = useSchool();
  const session = useSession();
  const [storedClass, setClassName] = useStored<string>('reportCardsClass', null, anyString);
  const [storedPeriod, setPeriodId] = useStored<string>('reportCardsPeriod', null, anyString);
  const [template, setTemplate] = useStored<ReportTemplate>('reportCardsTemplate', 'default', isReportTemplate);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [preview, setPreview] = useState(false);
  const [editing, setEditing] = useState(false);
  /** Bumped when the cards must show the server's appreciations again (after a failed save). */
  const [version, setVersion] = useState(0);

  const className = classes.some((c) => c.name === storedClass) ? storedClass : (classes[0]?.name ?? null);
  const periods = useRead(endpoints.periods.list, selectedYear ? { query: { yearId: selectedYear.id } } : null);
  const periodList = useMemo(() => periods.data ?? [], [periods.data]);
  const periodId = periodList.some((p) => p.id === storedPeriod) ? storedPeriod : (periodList[0]?.id ?? null);
  const period = periodList.find((p) => p.id === periodId) ?? null;
  const query = selectedYear && className && periodId ? { yearId: selectedYear.id, className, periodId } : null;
  const bulk = useRead(endpoints.grades.bulk, query && { query });
  const { data, path } = bulk;
  const { write } = useWrite(bulk, { reload: false });

  // The preview goes back to the selection, and the checklist empties, when the class, the
  // period or the year changes (document 2 §4).
  const selection = path;
  const [shownFor, setShownFor] = useState(selection);
  if (shownFor !== selection) {
    setShownFor(selection);
    setPreview(false);
    setEditing(false);
    setSelected(new Set());
  }

  const lastClass = className ? isLastClass(classes, className) : false;
  const passingGrade = school?.passing_grade ?? 50;
  const model = useMemo(
    () =>
      data && periodId ? buildReportCards({ data, periods: periodList, periodId, passingGrade, lastClass }) : null,
    // The appreciations are not part of the model: saving one keeps every card's model.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data?.enrollments, data?.subjects, data?.gradesByEnrollment, periodList, periodId, passingGrade, lastClass],
  );

  // 'Modifier les Notes': the cards are read again once, when the dialog closes after a change
  // (not after each grade: the dialog hides them meanwhile).
  const bookChanged = useRef(false);
  const onBookChanged = useCallback(() => {
    bookChanged.current = true;
  }, []);
  const closeBook = () => {
    setEditing(false);
    if (bookChanged.current) bulk.reload();
    bookChanged.current = false;
  };

  // Saving an appreciation: the answer patches the data (and its offline copy); a failure says so
  // and shows the server's appreciations again.
  const latest = useRef({ write, bulk, query });
  useEffect(() => {
    latest.current = { write, bulk, query };
  });
  const onSave = useCallback<SaveAppreciation>((enrollmentId, subjectId, text) => {
    const { write, bulk: state, query: shown } = latest.current;
    if (!shown) return;
    const patch = (d: ReportData) => withAppreciation(d, enrollmentId, subjectId, text);
    const notices: WriteNotices<unknown, ReportData> = {
      success: null,
      offline: patch,
      refused: (error) => {
        toast.error(t.saveFailed(errorMessage(error)));
        void read(endpoints.grades.bulk, { query: shown })
          .then((fresh) => {
            state.setData(() => fresh);
            setVersion((v) => v + 1);
          })
          .catch(() => undefined);
        return true;
      },
    };
    const period_id = shown.periodId;
    const saved = subjectId
      ? write(
          endpoints.grades.appreciation,
          { body: { enrollment_id: enrollmentId, subject_id: subjectId, period_id, text } },
          notices,
        )
      : write(
          endpoints.grades.generalAppreciation,
          { body: { enrollment_id: enrollmentId, period_id, text } },
          notices,
        );
    void saved.then((outcome) => outcome && !outcome.queued && state.setData(patch));
  }, []);

  const context = useMemo<CardContext | null>(
    () =>
      model && className && selectedYear && period
        ? {
            template: template ?? 'default',
            school: {
              name: school?.name ?? '',
              address: school?.address ?? null,
              phone: school?.phone ?? null,
              logoUrl: school?.logo_url ? new URL(school.logo_url, location.origin).href : null,
            },
            className,
            yearName: selectedYear.name,
            base: model.base,
            ranked: model.ranked,
            periodId: period.id,
            periodName: period.name,
            periodNames: periodList.map((p) => p.name),
            onSave,
          }
        : null,
    [model, className, selectedYear, period, template, school, periodList, onSave],
  );

  const enrollments = data?.enrollments ?? [];
  const allChecked = enrollments.length > 0 && enrollments.every((e) => selected.has(e.id));
  const cards = useMemo(() => model?.cards.filter((c) => selected.has(c.enrollmentId)) ?? [], [model, selected]);
  const canEditGrades = session ? hasPermission(session, 'grade:create') || session.role === 'teacher' : false;
  const sheets = useRef<HTMLDivElement>(null);

  const generate = () => {
    if (selected.size === 0) {
      toast.error(t.noneSelected);
      return;
    }
    setPreview(true);
  };

  const print = () => {
    if (!sheets.current || !className || !period) return;
    const pages = [...sheets.current.querySelectorAll<HTMLElement>('.rc-card')].map((card) => {
      const copy = card.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.rc-screen-only').forEach((node) => node.remove());
      return copy.outerHTML;
    });
    openPrintWindow({
      title: t.printTitle(className, period.name),
      school,
      header: false,
      paper: 'letter',
      pages,
      styles: PRINT_STYLES,
      delayMs: 1000,
      popupBlockedMessage: t.popupBlocked,
    });
  };

  const templateSelect = (
    <label className="rc-field">
      <span>{t.template}</span>
      <select
        className="input"
        value={template ?? 'default'}
        onChange={(e) => isReportTemplate(e.target.value) && setTemplate(e.target.value)}
      >
        <ValueOptions values={REPORT_TEMPLATES} name={(key) => t.templates[key]} />
      </select>
    </label>
  );

  return (
    <main className={preview ? 'page report-cards rc-previewing' : 'page report-cards'}>
      <h1>{shellText.screens.reportCards}</h1>
      <NoYearNotice text={t.noYear} />
      {selectedYear && !loading && classes.length === 0 && <p className="card muted">{t.noClass}</p>}
      <div className="toolbar rc-filters rc-screen-only">
        <ClassSelect
          label={t.klass}
          className="rc-field field-flush"
          value={className ?? ''}
          onChange={setClassName}
          classes={classes}
        />
        <label className="rc-field">
          <span>{t.period}</span>
          <select
            className="input"
            value={periodId ?? ''}
            onChange={(e) => setPeriodId(e.target.value)}
            disabled={periodList.length === 0}
          >
            <RowOptions rows={periodList} />
          </select>
        </label>
        {templateSelect}
      </div>
      <ErrorNotice message={periods.error && t.fetchError(periods.error)} />
      {periods.data && periodList.length === 0 && <p className="card muted">{t.noPeriod}</p>}
      {path &&
        !data &&
        (bulk.error ? (
          <ErrorNotice message={t.fetchError(bulk.error)} />
        ) : (
          <p className="muted" role="status">
            {t.loading}
          </p>
        ))}

      {data && !preview && (
        <section className="rc-selection card" aria-label={t.students}>
          {enrollments.length === 0 ? (
            <p className="muted">{t.empty}</p>
          ) : (
            <>
              <div className="spread rc-selection-head">
                <label className="rc-check rc-check-all">
                  <input
                    type="checkbox"
                    checked={allChecked}
                    onChange={() => setSelected(allChecked ? new Set() : new Set(enrollments.map((e) => e.id)))}
                  />
                  <span>{t.selectAll}</span>
                </label>
                <span className="muted">{t.selectedCount(selected.size, enrollments.length)}</span>
              </div>
              <ul className="rc-students">
                {enrollments.map((e) => (
                  <li key={e.id}>
                    <label className="rc-check">
                      <input
                        type="checkbox"
                        checked={selected.has(e.id)}
                        onChange={() => setSelected((current) => toggled(current, e.id))}
                      />
                      <span>
                        {e.student.nom} {e.student.prenom}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              <div className="rc-selection-actions">
                <Button look="primary" className="rc-generate" onClick={generate}>
                  {t.generate(selected.size)}
                </Button>
                {model && className && period && selectedYear && (
                  <>
                    <Button
                      onClick={() =>
                        printPalmares(model, {
                          className,
                          periodName: period.name,
                          yearName: selectedYear.name,
                          school,
                        })
                      }
                    >
                      {exportText.palmares.print}
                    </Button>
                    <Button onClick={() => void palmaresCsv(model, className, period.name, selectedYear.name)}>
                      {exportText.palmares.csv}
                    </Button>
                  </>
                )}
              </div>
            </>
          )}
        </section>
      )}

      {data && preview && context && (
        <section className="rc-preview" aria-label={t.previewCount(cards.length)}>
          <div className="rc-toolbar rc-screen-only">
            <Button onClick={() => setPreview(false)}>{t.back}</Button>
            {canEditGrades && <Button onClick={() => setEditing(true)}>{t.editGrades}</Button>}
            <Button look="primary" onClick={print}>
              {t.print}
            </Button>
            <span className="muted">{t.previewCount(cards.length)}</span>
          </div>
          <style>{cardStyles}</style>
          <div className="rc-sheets" ref={sheets}>
            {cards.map((card) => (
              <ReportCard
                key={`${card.enrollmentId}:${version}`}
                card={card}
                context={context}
                appreciations={data.appreciationsByEnrollment[card.enrollmentId]}
                general={data.generalAppreciationsByEnrollment[card.enrollmentId]}
              />
            ))}
          </div>
        </section>
      )}

      {editing && selectedYear && className && period && data && (
        <Suspense fallback={null}>
          <GradeBookDialog
            title={t.editGradesTitle(className, period.name)}
            className={className}
            periodId={period.id}
            subjects={data.subjects}
            onChanged={onBookChanged}
            onClose={closeBook}
          />
        </Suspense>
      )}
    </main>
  );
}
