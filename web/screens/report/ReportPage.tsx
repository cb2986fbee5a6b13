// 'Rapport Financier' (document 2 §2, §4, §8): the school's enrolments of the selected year with
// their money, filtered by name, balance status, base MPPA and classes; the three totals come
// from the server over the whole filtered set. Filter changes go back to page 1 and are sent
// after 300 ms of quiet.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import type { QueryOf } from '../../api/route';
import { SearchField } from '../../components/SearchField';
import { ColumnHeads } from '../../components/ColumnHeads';
import { SelectField, InputField } from '../../components/Field';
import { Pager } from '../../components/Pager';
import { commonText } from '../../i18n/common';
import { financeText } from '../../i18n/finance';
import { useSchool } from '../../layouts/school';
import { balanceClass, formatMoney, fromCentimes, parseAmount, toCentimes } from '../../../worker/domain/money';
import type { ReportQuery } from '../../../worker/contract/finance';
import { ReportExports } from './ReportExports';
import '../../components/stacked-table.css';
import './report.css';
import { MoneyCell } from '../../components/MoneyCell';
import { ErrorNotice } from '../../components/ErrorNotice';

const t = financeText.report;
export const REPORT_DEBOUNCE_MS = 300;
const PAGE_SIZE = 25;

type BalanceFilter = NonNullable<ReportQuery['balanceFilter']>;

interface Filters {
  searchTerm: string;
  balanceFilter: BalanceFilter;
  mppaText: string;
  /** Unticked class names (all classes are ticked at first). */
  excluded: readonly string[];
}

const INITIAL: Filters = { searchTerm: '', balanceFilter: 'all', mppaText: '', excluded: [] };

/** The report's query: the filters set, in this order (empty ones left out of the address). */
function reportQuery(
  f: Filters,
  page: number,
  yearId: string | null,
  classes: string[],
  limit = PAGE_SIZE,
): QueryOf<typeof endpoints.finance.report> {
  const mppa = parseAmount(f.mppaText);
  return {
    page,
    limit,
    yearId: yearId ?? undefined,
    searchTerm: f.searchTerm.trim(),
    balanceFilter: f.balanceFilter === 'all' ? undefined : f.balanceFilter,
    mppaFilter: f.mppaText.trim() && mppa !== null ? String(fromCentimes(mppa)) : undefined,
    // Every class ticked: no class filter at all (also covers classes added meanwhile).
    selectedClasses: f.excluded.length > 0 ? classes.filter((c) => !f.excluded.includes(c)).join(',') : undefined,
  };
}

export function ReportPage() {
  const { school, selectedYear } = useSchool();
  const money = (decimal: number) => formatMoney(toCentimes(decimal), school?.currency ?? 'Gdes');
  const [filters, setFilters] = useState<Filters>(INITIAL);
  const [sent, setSent] = useState<Filters>(INITIAL);
  const [page, setPage] = useState(1);
  const [classes, setClasses] = useState<string[]>([]);

  // Filters reach the server after 300 ms of quiet, on page 1.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSent(filters);
      setPage(1);
    }, REPORT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [filters]);

  const query = useMemo(
    () => reportQuery(sent, page, selectedYear?.id ?? null, classes),
    [sent, page, selectedYear?.id, classes],
  );
  const report = useRead(endpoints.finance.report, { query });
  const data = report.data;

  // The class list comes with the answer; a class seen for the first time starts ticked.
  const answeredClasses = data?.classes;
  useEffect(() => {
    if (answeredClasses && answeredClasses.join('\n') !== classes.join('\n')) setClasses(answeredClasses);
  }, [answeredClasses, classes]);

  const mppaInvalid = filters.mppaText.trim() !== '' && parseAmount(filters.mppaText) === null;
  const update = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const toggleClass = (name: string) =>
    setFilters((f) => ({
      ...f,
      excluded: f.excluded.includes(name) ? f.excluded.filter((c) => c !== name) : [...f.excluded, name],
    }));

  return (
    <main className="page report">
      <Link to="/dashboard" className="back-link">
        ← {t.back}
      </Link>
      <h1>{t.title}</h1>

      <section className="card report-filters" aria-label={t.filters}>
        <SearchField
          label={t.search}
          placeholder={t.searchPlaceholder}
          value={filters.searchTerm}
          onChange={(searchTerm) => update({ searchTerm })}
        />
        <SelectField
          label={t.balanceStatus}
          value={filters.balanceFilter}
          onChange={(e) => update({ balanceFilter: e.target.value as BalanceFilter })}
        >
          <option value="all">{t.balanceAll}</option>
          <option value="zero">{t.balanceZero}</option>
          <option value="nonzero">{t.balanceNonzero}</option>
        </SelectField>
        <InputField
          label={t.mppaFilter}
          error={mppaInvalid ? financeText.panel.invalidAmount : null}
          announce
          inputMode="decimal"
          placeholder={t.mppaPlaceholder}
          value={filters.mppaText}
          onChange={(e) => update({ mppaText: e.target.value })}
        />
        {classes.length > 0 && (
          <fieldset className="report-classes">
            <legend>{t.classes}</legend>
            {classes.map((name) => (
              <label key={name} className="class-check">
                <input type="checkbox" checked={!filters.excluded.includes(name)} onChange={() => toggleClass(name)} />
                {name}
              </label>
            ))}
          </fieldset>
        )}
      </section>

      <ReportExports
        query={(p, limit) => reportQuery(sent, p, selectedYear?.id ?? null, classes, limit)}
        school={school}
        yearName={selectedYear?.name ?? null}
      />

      {report.error ? (
        <ErrorNotice message={t.error(report.error || t.fetchFallback)} />
      ) : !data ? (
        <p className="muted" role="status">
          {commonText.loading}
        </p>
      ) : (
        <>
          <div className="report-totals">
            <Total label={t.cards.expected} testId="total-expected" text={money(data.totals.adjusted_mppa)} />
            <Total label={t.cards.paid} testId="total-paid" text={money(data.totals.total_paid)} />
            <Total
              label={t.cards.balance}
              testId="total-balance"
              text={money(data.totals.balance)}
              tone={balanceClass(data.totals.balance)}
            />
          </div>

          <section className="card report-list" aria-busy={report.loading}>
            {data.pagination.total === 0 ? (
              <p className="muted">{t.empty}</p>
            ) : (
              <>
                <p className="muted">{t.showing(data.enrollments.length, data.pagination.total)}</p>
                <table className="report-table stacked-table">
                  <thead>
                    <tr>
                      <ColumnHeads
                        columns={[
                          t.columns.student,
                          t.columns.year,
                          t.columns.className,
                          ...[
                            t.columns.base,
                            t.columns.adjustments,
                            t.columns.adjusted,
                            t.columns.paid,
                            t.columns.balance,
                          ].map((label) => ({ label, num: true })),
                        ]}
                      />
                    </tr>
                  </thead>
                  <tbody>
                    {data.enrollments.map((e) => (
                      <tr key={e.id}>
                        <td data-label={t.columns.student} className="col-student stacked-whole">
                          {e.prenom} {e.nom}
                        </td>
                        <td data-label={t.columns.year}>{e.year_name}</td>
                        <td data-label={t.columns.className}>{e.className}</td>
                        <MoneyCell label={t.columns.base} text={money(e.mppa)} />
                        <MoneyCell label={t.columns.adjustments} text={money(e.adjustments_total)} />
                        <MoneyCell label={t.columns.adjusted} text={money(e.adjusted_mppa)} />
                        <MoneyCell label={t.columns.paid} text={money(e.total_paid)} />
                        <MoneyCell label={t.columns.balance} text={money(e.balance)} balance={e.balance} />
                      </tr>
                    ))}
                  </tbody>
                </table>
                {data.pagination.totalPages > 1 && (
                  <Pager page={page} totalPages={data.pagination.totalPages} onPage={setPage} />
                )}
              </>
            )}
          </section>
        </>
      )}
    </main>
  );
}

/** One of the report's three totals: its label over its amount (`tone`: the balance's colour class). */
function Total({ label, testId, text, tone }: { label: string; testId: string; text: string; tone?: string }) {
  return (
    <div className="card summary-card">
      <span>{label}</span>
      <strong className={tone ? `money ${tone}` : 'money'} data-testid={testId}>
        {text}
      </strong>
    </div>
  );
}
