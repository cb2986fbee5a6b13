// Promotion tab ('Outil de Promotion des Élèves'; document 2 §2, §4; decision 172): source year
// (default the current year, else the first), 'Simuler', the result per source class with its
// students (each outcome can be switched before executing), execute after a confirmation (the
// result is cleared), then the latest run with its undo. Online only: nothing here is queued.
import { useMemo, useState } from 'react';
import { send, useRead } from '../../../api/calls';
import { errorMessage, NetworkError } from '../../../api/client';
import { endpoints } from '../../../api/endpoints';
import { Button } from '../../../components/Button';
import { useConfirmation } from '../../../components/ConfirmDialog';
import { toast } from '../../../components/toast';
import { promotionText as t } from '../../../i18n/promotion';
import { currentYearOf, useSchool } from '../../../layouts/school';
import { useOnline } from '../../../session/connectivity';
import type { PromotionPreview } from '../../../../worker/contract/promotion';
import './promotion.css';
import { RowOptions } from '../../../components/Field';
import { formatInstant, formatNumber } from '../../../../worker/domain/format';

type Outcome = 'admitted' | 'failed';
type Computed = Outcome | 'ungraded';

export function PromotionTab() {
  const { years } = useSchool();
  const online = useOnline();
  const latest = useRead(endpoints.promotion.latest, {});
  const [sourceId, setSourceId] = useState<string>(() => currentYearOf(years)?.id ?? '');
  const [preview, setPreview] = useState<PromotionPreview | null>(null);
  const [overrides, setOverrides] = useState<Record<string, Outcome>>({});
  const [busy, setBusy] = useState(false);
  const source = sourceId || currentYearOf(years)?.id || '';

  // The figures with the director's changes: students already enrolled in the target year stay out.
  const rows = useMemo(
    () =>
      (preview?.classes ?? []).map((k) => {
        const students = k.students.map((s) => ({ ...s, outcome: overrides[s.student_id] ?? s.computed }));
        const pending = students.filter((s) => !s.already_enrolled);
        return {
          ...k,
          students,
          admitted: pending.filter((s) => s.outcome === 'admitted').length,
          failed: pending.filter((s) => s.outcome === 'failed').length,
          ungraded: pending.filter((s) => s.outcome === 'ungraded').length,
        };
      }),
    [preview, overrides],
  );
  const enrolled = rows.reduce((n, k) => n + (k.target ? k.admitted : 0) + k.failed, 0);
  const graduated = rows.reduce((n, k) => n + (k.target ? 0 : k.admitted), 0);
  const ungraded = rows.reduce((n, k) => n + k.ungraded, 0);

  const fail = (error: unknown, offline: string) =>
    toast.error(error instanceof NetworkError ? offline : errorMessage(error));

  async function simulate() {
    if (!source) return toast.error(t.sourceRequired);
    if (!online) return toast.error(t.simulateOnline);
    setBusy(true);
    try {
      // A simulation answers the preview (the run's other answer is its notice).
      const answer = (await send(endpoints.promotion.run, {
        query: { preview: 'true' },
        body: { sourceYearId: source },
      })) as PromotionPreview;
      setPreview(answer);
      setOverrides({});
      toast.success(answer.message);
    } catch (error) {
      fail(error, t.simulateOnline);
    } finally {
      setBusy(false);
    }
  }

  function askExecute() {
    if (!preview) return toast.error(t.simulateFirst);
    if (!online) return toast.error(t.executeOnline);
    executing.ask(preview);
  }

  const executing = useConfirmation(
    (p: PromotionPreview) => ({
      title: t.executeTitle,
      confirmLabel: t.executeConfirm,
      tone: 'primary',
      body: (
        <>
          <p>{t.executeBody(p.source_year.name, p.target_year.name, enrolled, graduated)}</p>
          {ungraded > 0 && <p>{t.ungradedLeft(ungraded)}</p>}
        </>
      ),
    }),
    async (p: PromotionPreview) => {
      try {
        const answer = await send(endpoints.promotion.run, {
          query: {},
          body: { sourceYearId: p.source_year.id, overrides },
        });
        toast.success(answer.message);
        setPreview(null);
        setOverrides({});
        latest.reload();
      } catch (error) {
        fail(error, t.executeOnline);
      }
    },
  );

  const undoing = useConfirmation(
    (targetYear: string) => ({
      title: t.undoTitle,
      confirmLabel: t.undoConfirm,
      body: <p>{t.undoBody(targetYear)}</p>,
    }),
    async () => {
      try {
        const answer = await send(endpoints.promotion.undo);
        toast.success(answer.message);
        latest.reload();
      } catch (error) {
        fail(error, t.undoOnline);
      }
    },
  );

  /** The outcome a student is given: their computed one again drops the override. */
  const choose = (studentId: string, computed: Computed, wanted: Computed) =>
    setOverrides((all) => {
      const next = { ...all };
      if (wanted === computed || wanted === 'ungraded') delete next[studentId];
      else next[studentId] = wanted;
      return next;
    });

  const run = latest.data?.run ?? null;

  return (
    <div className="promotion">
      <h2>{t.title}</h2>
      {!online && (
        <div className="notice tone-warning" role="status">
          <strong>{t.offlineBanner}</strong> — {t.offlineHint}
        </div>
      )}
      <p className="muted">{t.intro}</p>
      {years.length === 0 ? (
        <p className="muted">{t.noYears}</p>
      ) : (
        <div className="promotion-controls">
          <label>
            <span>{t.sourceYear}</span>
            <select
              value={source}
              onChange={(e) => {
                setSourceId(e.target.value);
                setPreview(null);
                setOverrides({});
              }}
            >
              <option value="">{t.chooseYear}</option>
              <RowOptions rows={years} />
            </select>
          </label>
          <Button look="primary" disabled={busy} onClick={() => void simulate()}>
            {busy ? t.simulating : t.simulate}
          </Button>
        </div>
      )}

      {preview && (
        <section className="promotion-result" aria-label={t.title}>
          <p>
            <strong>{t.target(preview.source_year.name, preview.target_year.name, preview.passing_grade)}</strong>
          </p>
          <table className="promotion-table">
            <thead>
              <tr>
                <th scope="col">{t.sourceClass}</th>
                <th scope="col">{t.admitted}</th>
                <th scope="col">{t.failed}</th>
                <th scope="col">{t.ungraded}</th>
                <th scope="col">{t.targetClass}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((k) => (
                <tr key={k.class_id}>
                  <th scope="row">
                    {k.class_name}
                    {k.already_enrolled > 0 && (
                      <small className="muted"> ({t.alreadyEnrolled(k.already_enrolled)})</small>
                    )}
                  </th>
                  <td>{k.admitted}</td>
                  <td>{k.failed}</td>
                  <td>{k.ungraded}</td>
                  <td>{k.target ? k.target.name : <strong>{t.graduates}</strong>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.map((k) => (
            <details key={k.class_id} className="promotion-class">
              <summary>{t.showStudents(k.class_name, k.students.length)}</summary>
              <ul className="bare-list">
                {k.students.map((s) => {
                  const name = `${s.nom} ${s.prenom}`;
                  const overridden = overrides[s.student_id] !== undefined;
                  return (
                    <li key={s.student_id} className={overridden ? 'is-overridden' : undefined}>
                      <span className="promotion-student">
                        <span>{name}</span>
                        <small className="muted">
                          {t.average} : {s.average === null ? t.noAverage : `${formatNumber(s.average)} / ${k.base}`}
                          {overridden && ` — ${t.overridden}`}
                        </small>
                      </span>
                      {s.already_enrolled ? (
                        <span className="muted">{t.enrolledAlready}</span>
                      ) : s.computed === 'ungraded' ? (
                        // No grade: never decided by default; the director may choose (issue 38).
                        <select
                          className="promotion-choice"
                          aria-label={t.chooseLabel(name)}
                          value={s.outcome}
                          onChange={(e) => choose(s.student_id, s.computed, e.target.value as Computed)}
                        >
                          <option value="ungraded">{t.outcomes.ungraded}</option>
                          <option value="admitted">{t.outcomes.admitted}</option>
                          <option value="failed">{t.outcomes.failed}</option>
                        </select>
                      ) : (
                        <label className="tap-check promotion-toggle">
                          <input
                            type="checkbox"
                            aria-label={t.overrideLabel(name)}
                            checked={s.outcome === 'admitted'}
                            onChange={() =>
                              choose(s.student_id, s.computed, s.outcome === 'admitted' ? 'failed' : 'admitted')
                            }
                          />
                          <span>{t.outcomes[s.outcome]}</span>
                        </label>
                      )}
                    </li>
                  );
                })}
              </ul>
            </details>
          ))}
        </section>
      )}

      <div className="promotion-actions">
        <Button look="primary" disabled={busy || executing.busy} onClick={askExecute}>
          {t.execute}
        </Button>
      </div>

      {run && (
        <section className="promotion-latest admin-callout" aria-label={t.latestTitle}>
          <h3>{t.latestTitle}</h3>
          <p>
            {t.latest(
              run.source_year,
              run.target_year,
              run.enrolled,
              run.graduated,
              run.created_by,
              formatInstant(run.created_at, 'dateTime'),
            )}
          </p>
          <Button disabled={busy} onClick={() => (online ? undoing.ask(run.target_year) : toast.error(t.undoOnline))}>
            {t.undo}
          </Button>
        </section>
      )}

      {executing.dialog}
      {undoing.dialog}
    </div>
  );
}
