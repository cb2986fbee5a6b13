// The class finance screen (document 2 §2 'Class finance screen', §4): the enrolled students of a
// class for the selected year with their money, grades access toggles, the finance panel, the
// finance details and the printed sheets. Who sees what: docs/decisions/020-finance-permissions.md.
import { useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { isPendingFor, usePendingWrites } from '../../api/pending';
import { Button } from '../../components/Button';
import { RefusedWrites } from '../../components/RefusedWrites';
import { useWrite } from '../../api/useWrite';
import { ColumnHeads } from '../../components/ColumnHeads';
import { useConfirmation } from '../../components/ConfirmDialog';
import { PendingBadge } from '../../components/PendingBadge';
import { SearchField } from '../../components/SearchField';
import { toast } from '../../components/toast';
import { commonText } from '../../i18n/common';
import { financeText } from '../../i18n/finance';
import { type SchoolInfo, type SchoolYear, useSchool } from '../../layouts/school';
import { hasPermission, useSession } from '../../session/session';
import { FinanceDetails } from './FinanceDetails';
import { FinancePanel } from './FinancePanel';
import { EyeIcon, GraduationCapIcon, PencilIcon } from './icons';
import { type Enrollment, folded, fullName, moneyIn, totalsOf } from './model';
import { NewPaymentDialog } from './NewPayment';
import { printReceipt } from './receipt';
import { printFinanceSheets } from './sheet';
import { hasScholarship } from '../../../worker/domain/money';
import '../../components/stacked-table.css';
import './class-finance.css';
import { toggled, withAll } from '../../components/selection';
import { MoneyCell } from '../../components/MoneyCell';

const t = financeText.classPage;

export function ClassFinancePage() {
  const { className = '' } = useParams();
  const session = useSession();
  const { school, selectedYear } = useSchool();
  if (!session) return null;
  const may = (key: string) => hasPermission(session, key);
  if (!may('enrollment:update_payment') && !may('student_portal:manage_access') && !may('report:financial')) {
    return <Navigate to="/dashboard" replace />;
  }
  return (
    <main className="page class-finance">
      <Link to="/dashboard" className="back-link">
        ← {t.back}
      </Link>
      <h1>{t.title(className)}</h1>
      {selectedYear ? (
        <>
          <p className="subtitle">{t.subtitle(selectedYear.name)}</p>
          <Roster
            key={`${selectedYear.id}|${className}`}
            className={className}
            year={selectedYear}
            school={school}
            canEdit={may('enrollment:update_payment')}
            canToggle={may('student_portal:manage_access')}
            cashier={session.username}
          />
        </>
      ) : (
        <p className="notice tone-info">{t.noYear}</p>
      )}
    </main>
  );
}

type BulkAction = 'enable' | 'restrict';

function Roster({
  className,
  year,
  school,
  canEdit,
  canToggle,
  cashier,
}: {
  className: string;
  year: SchoolYear;
  school: SchoolInfo | null;
  canEdit: boolean;
  canToggle: boolean;
  cashier: string;
}) {
  const roster = useRead(endpoints.finance.roster, { query: { className, yearId: year.id } });
  // Every write here patches the roster from what it knows: nothing reloads it after a save.
  const { write, patch } = useWrite(roster, { reload: false });
  const pending = usePendingWrites();
  const money = useMemo(() => moneyIn(school?.currency ?? 'Gdes'), [school?.currency]);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Enrollment | null>(null);
  const [paying, setPaying] = useState<Enrollment | null>(null);
  const [viewing, setViewing] = useState<Enrollment | null>(null);

  const all = useMemo(() => roster.data ?? [], [roster.data]);
  const rows = useMemo(() => {
    const words = folded(search).split(/\s+/).filter(Boolean);
    if (words.length === 0) return all;
    return all.filter((e) => {
      const text = folded(`${e.student.nom} ${e.student.prenom} ${e.student.nisu ?? ''}`);
      return words.every((w) => text.includes(w));
    });
  }, [all, search]);
  const allShownSelected = rows.length > 0 && rows.every((e) => selected.has(e.id));

  const toggleSelected = (id: string) => setSelected((s) => toggled(s, id));
  const toggleAllShown = () =>
    setSelected((s) =>
      withAll(
        s,
        rows.map((e) => e.id),
        !allShownSelected,
      ),
    );

  // Optimistic: the switch moves at once; a refused change is undone by reloading the roster.
  async function toggleAccess(e: Enrollment) {
    const enabled = !e.grades_access_enabled;
    const flip = (list: Enrollment[]) =>
      list.map((x) => (x.id === e.id ? { ...x, grades_access_enabled: enabled } : x));
    roster.setData(flip);
    const outcome = await write(
      endpoints.finance.gradesAccess,
      { params: { id: e.id }, body: { enabled } },
      { success: (answer) => answer.message, offline: flip },
    );
    if (!outcome) roster.reload();
  }

  async function toggleClass(action: BulkAction) {
    const enabled = action === 'enable';
    const setAll = (list: Enrollment[]) => list.map((x) => ({ ...x, grades_access_enabled: enabled }));
    const outcome = await write(
      endpoints.finance.classGradesAccess,
      { params: { className }, body: { yearId: year.id, enabled } },
      { success: (answer) => answer.message, offline: setAll },
    );
    if (outcome && !outcome.queued) patch(setAll);
  }

  // Closed at once: the class's rows change in place (queued offline) while the write goes.
  const bulk = useConfirmation(
    (action: BulkAction) => ({
      title: financeText.bulk.title(className),
      cancelLabel: financeText.bulk.cancel,
      confirmLabel: financeText.bulk.confirm,
      tone: 'primary',
      body: <p>{financeText.bulk.body(action === 'enable')}</p>,
    }),
    async (action: BulkAction) => void toggleClass(action),
  );

  /** A sheet as a write saved it (or as a queued write leaves it) replaces its row and its offline copy. */
  const replaceSheet = (sheet: Enrollment) => patch((list) => list.map((x) => (x.id === sheet.id ? sheet : x)));

  function printSelected() {
    const chosen = all.filter((e) => selected.has(e.id));
    if (chosen.length === 0) {
      toast.error(financeText.print.selectAtLeastOne);
      return;
    }
    printFinanceSheets(chosen, school);
  }

  return (
    <section className="card roster" aria-labelledby="roster-title">
      <div className="spread roster-head">
        <h2 id="roster-title">{t.tableTitle}</h2>
        <RefusedWrites
          areas={[endpoints.finance.roster.path]}
          only={(w) => (roster.data ?? []).some((e) => isPendingFor([w], [endpoints.finance.roster.path], e.id))}
        />
        {canToggle && (
          <div className="bulk-buttons">
            <Button onClick={() => bulk.ask('restrict')} disabled={all.length === 0}>
              {t.restrictAll}
            </Button>
            <Button onClick={() => bulk.ask('enable')} disabled={all.length === 0}>
              {t.enableAll}
            </Button>
          </div>
        )}
      </div>

      <SearchField
        hiddenLabel
        className="roster-tools"
        label={t.search}
        placeholder={t.searchPlaceholder}
        value={search}
        onChange={setSearch}
      />

      {selected.size > 0 && (
        <div className="spread selection-bar" role="status">
          <span>{t.selected(selected.size)}</span>
          <Button look="primary" onClick={printSelected}>
            {t.printSheets}
          </Button>
        </div>
      )}

      {roster.loading && !roster.data && (
        <p className="muted" role="status">
          {commonText.loading}
        </p>
      )}
      {roster.error && !roster.data && (
        <p className="notice tone-error" role="alert">
          {roster.error}
        </p>
      )}
      {roster.data && all.length === 0 && <p className="muted">{t.empty}</p>}
      {roster.data && all.length > 0 && rows.length === 0 && <p className="muted">{t.noMatch}</p>}

      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="roster-table stacked-table">
            <thead>
              <tr>
                <th scope="col" className="col-check">
                  <input
                    type="checkbox"
                    aria-label={t.selectAll}
                    checked={allShownSelected}
                    onChange={toggleAllShown}
                  />
                </th>
                <ColumnHeads
                  columns={[
                    t.columns.nom,
                    t.columns.prenom,
                    t.columns.nisu,
                    t.columns.gradesAccess,
                    { label: t.columns.adjusted, num: true },
                    { label: t.columns.paid, num: true },
                    { label: t.columns.balance, num: true },
                    t.columns.actions,
                  ]}
                />
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => {
                const totals = totalsOf(e);
                const name = fullName(e);
                return (
                  <tr key={e.id} data-testid={`roster-row-${e.id}`}>
                    <td className="col-check">
                      <input
                        type="checkbox"
                        aria-label={t.selectOne(name)}
                        checked={selected.has(e.id)}
                        onChange={() => toggleSelected(e.id)}
                      />
                    </td>
                    <td data-label={t.columns.nom} className="col-name">
                      <span className="student-name">{e.student.nom}</span>
                      {hasScholarship(e.adjustments) && <GraduationCapIcon title={t.scholarship} />}
                      {isPendingFor(pending, [endpoints.finance.roster.path], e.id) && <PendingBadge />}
                    </td>
                    <td data-label={t.columns.prenom}>{e.student.prenom}</td>
                    <td data-label={t.columns.nisu} className="col-nisu">
                      {e.student.nisu ?? t.missing}
                    </td>
                    <td data-label={t.columns.gradesAccess}>
                      <button
                        type="button"
                        role="switch"
                        className="switch"
                        aria-checked={e.grades_access_enabled}
                        aria-label={t.gradesAccessOf(name)}
                        disabled={!canToggle}
                        onClick={() => void toggleAccess(e)}
                      >
                        <span className="switch-knob" />
                      </button>
                    </td>
                    <MoneyCell label={t.columns.adjusted} text={money(totals.adjusted)} />
                    <MoneyCell label={t.columns.paid} text={money(totals.paid)} />
                    <MoneyCell label={t.columns.balance} text={money(totals.balance)} balance={totals.balance} />
                    <td data-label={t.columns.actions} className="col-actions stacked-whole">
                      <div className="row-actions">
                        {canEdit && (
                          <>
                            <Button
                              look="primary"
                              small
                              onClick={() => setPaying(e)}
                              aria-label={`${t.newPayment} ${name}`}
                            >
                              + {t.newPayment}
                            </Button>
                            <Button small onClick={() => setEditing(e)} aria-label={`${t.edit} ${name}`}>
                              <PencilIcon />
                              <span>{t.edit}</span>
                            </Button>
                          </>
                        )}
                        <Button
                          look="ghost"
                          small
                          className="icon-btn"
                          onClick={() => setViewing(e)}
                          aria-label={`${t.details} ${name}`}
                          title={t.details}
                        >
                          <EyeIcon />
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {paying && (
        <NewPaymentDialog
          enrollment={paying}
          money={money}
          school={school}
          cashier={cashier}
          onClose={() => setPaying(null)}
          onSaved={replaceSheet}
        />
      )}

      {editing && (
        <FinancePanel
          enrollment={editing}
          money={money}
          cashier={cashier}
          onClose={() => setEditing(null)}
          onFresh={replaceSheet}
          onSaved={(sheet) => {
            setEditing(null);
            replaceSheet(sheet);
          }}
        />
      )}

      {viewing && (
        <FinanceDetails
          enrollment={all.find((e) => e.id === viewing.id) ?? viewing}
          money={money}
          onClose={() => setViewing(null)}
          onPrint={() => printFinanceSheets([all.find((e) => e.id === viewing.id) ?? viewing], school)}
          onPrintReceipt={(paymentId) =>
            printReceipt(all.find((e) => e.id === viewing.id) ?? viewing, paymentId, school)
          }
        />
      )}

      {bulk.dialog}
    </section>
  );
}
