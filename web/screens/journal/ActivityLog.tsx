// 'Journal d'Activité' (document 2 §2, §3, §4, §5): the school's log in the administration panel
// (filter by user) and the platform's on /superadmin (filter by school; the superadmin deletes a
// selection or a range of days). Filter changes go back to page 1 and reach the server after
// 300 ms of quiet; dates show in fr-FR short date and medium time; actions by their French label,
// details and targets as the server made them readable (names in place of ids, decision 200).
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { ColumnHeads } from '../../components/ColumnHeads';
import { useConfirmation } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SelectField, InputField, RowOptions } from '../../components/Field';
import { Pager } from '../../components/Pager';
import { auditServerText, auditText as t } from '../../i18n/audit';
import { commonText } from '../../i18n/common';
import type { PlatformAuditEntry, SchoolAuditPage } from '../../../worker/contract/audit';
import '../../components/stacked-table.css';
import './journal.css';
import { SearchField } from '../../components/SearchField';
import { toggled } from '../../components/selection';
import { SubmitButton } from '../../components/SubmitButton';
import { formatDate, formatInstant } from '../../../worker/domain/format';

export const AUDIT_DEBOUNCE_MS = 300;
const PAGE_SIZE = 20;

interface Filters {
  /** A user id (school) or a school id (platform); '' for all. */
  who: string;
  searchTerm: string;
  startDate: string;
  endDate: string;
  /** A past school year read from its archive ('2024-2025'); '' for the log kept in the database. */
  archive: string;
}
const INITIAL: Filters = { who: '', searchTerm: '', startDate: '', endDate: '', archive: '' };

export type LogScope =
  { kind: 'school' } | { kind: 'platform'; schools: readonly { id: string; name: string }[]; canDelete: boolean };

/**
 * The log's query: the page (after the previous page's last row when it was shown: the server
 * reads from there, decision 331), then the filters set (an empty one is not sent).
 */
const logQuery = (f: Filters, page: number, after: string | undefined) => ({
  page,
  ...(after ? { after } : {}),
  limit: PAGE_SIZE,
  searchTerm: f.searchTerm.trim(),
  startDate: f.startDate,
  endDate: f.endDate,
  ...(f.archive ? { archive: f.archive } : {}),
});

type Entry = SchoolAuditPage['logs'][number] & Partial<Pick<PlatformAuditEntry, 'school_name' | 'by_platform'>>;

/** Whose entry it is in the platform's view: a school's, or the platform's (about a school or not). */
const schoolOf = (entry: Entry) =>
  entry.by_platform ? (entry.school_name ? t.platformAbout(entry.school_name) : t.platform) : (entry.school_name ?? '');
type Page = { logs: Entry[]; pagination: SchoolAuditPage['pagination']; next: string | null };

export function ActivityLog({ scope }: { scope: LogScope }) {
  const [filters, setFilters] = useState<Filters>(INITIAL);
  const [sent, setSent] = useState<Filters>(INITIAL);
  const [page, setPage] = useState(1);
  // Where each page shown starts: the cursor the page before it answered (`next`).
  const [cursors, setCursors] = useState<Readonly<Record<number, string>>>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const platform = scope.kind === 'platform';
  const canDelete = platform && scope.canDelete;

  // Only a change is sent (not the first render: a page chosen meanwhile would be lost).
  useEffect(() => {
    if (filters === sent) return;
    const timer = window.setTimeout(() => {
      setSent(filters);
      setPage(1);
      setCursors({});
    }, AUDIT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [filters, sent]);

  const after = cursors[page];
  const query = useMemo(() => logQuery(sent, page, after), [sent, page, after]);
  const schoolLog = useRead(endpoints.audit.school, platform ? null : { query: { ...query, userId: sent.who } });
  const platformLog = useRead(endpoints.audit.platform, platform ? { query: { ...query, schoolId: sent.who } } : null);
  const log = platform ? platformLog : schoolLog;
  const path = log.path;
  const users = useRead(endpoints.users.list, platform ? null : {});
  // The past school years archived (decision 331): the school's, or the chosen school's.
  const schoolArchives = useRead(endpoints.audit.schoolArchives, platform ? null : {});
  const platformArchives = useRead(
    endpoints.audit.platformArchives,
    platform && sent.who ? { query: { schoolId: sent.who } } : null,
  );
  const archives = (platform ? (sent.who ? platformArchives.data : null) : schoolArchives.data) ?? [];
  const choices = platform ? scope.schools : (users.data ?? []).map((u) => ({ id: u.id, name: u.username }));
  const data: Page | null = log.data;

  useEffect(() => setSelected(new Set()), [path]);
  // The next page will start after this page's last row.
  const next = data?.next;
  useEffect(() => {
    if (next && data?.pagination.page === page)
      setCursors((c) => (c[page + 1] === next ? c : { ...c, [page + 1]: next }));
  }, [next, page, data?.pagination.page]);

  const update = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const toggle = (id: string) => setSelected((s) => toggled(s, id));
  const pageIds = data?.logs.map((l) => l.id) ?? [];
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const columns = [
    ...(canDelete ? [{ label: t.selectPage, hidden: true }] : []),
    t.columns.date,
    t.columns.user,
    ...(platform ? [t.columns.school] : []),
    t.columns.action,
    t.columns.target,
    t.columns.details,
  ];

  return (
    <div className="journal">
      <h2>{t.title}</h2>
      <section className="journal-filters" aria-label={t.filters}>
        <SelectField
          label={platform ? t.school : t.user}
          value={filters.who}
          onChange={(e) => update({ who: e.target.value, ...(platform ? { archive: '' } : {}) })}
        >
          <option value="">{platform ? t.allSchools : t.allUsers}</option>
          <RowOptions rows={choices} />
        </SelectField>
        {archives.length > 0 && (
          <SelectField label={t.archive} value={filters.archive} onChange={(e) => update({ archive: e.target.value })}>
            <option value="">{t.recent}</option>
            {archives.map((a) => (
              <option key={a.year} value={a.year}>
                {t.archivedYear(a.year, a.rows)}
              </option>
            ))}
          </SelectField>
        )}
        <SearchField
          label={t.search}
          placeholder={t.searchPlaceholder}
          value={filters.searchTerm}
          onChange={(searchTerm) => update({ searchTerm })}
        />
        <InputField
          label={t.startDate}
          type="date"
          value={filters.startDate}
          onChange={(e) => update({ startDate: e.target.value })}
        />
        <InputField
          label={t.endDate}
          type="date"
          value={filters.endDate}
          onChange={(e) => update({ endDate: e.target.value })}
        />
      </section>

      {canDelete && <DeleteByDate onDeleted={log.reload} />}

      {log.error ? (
        <ErrorNotice message={t.loadError(log.error)} />
      ) : !data ? (
        <p className="muted" role="status">
          {commonText.loading}
        </p>
      ) : data.pagination.total === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <div aria-busy={log.loading}>
          <div className="spread journal-bar">
            <p className="muted">{t.total(data.pagination.total)}</p>
            {canDelete && <DeleteSelection ids={[...selected]} onDeleted={log.reload} />}
          </div>
          <table className="journal-table stacked-table">
            <thead>
              <tr>
                <ColumnHeads columns={columns} />
              </tr>
            </thead>
            <tbody>
              {canDelete && (
                <tr className="journal-select-all">
                  <td colSpan={columns.length} className="stacked-whole">
                    <label className="journal-check-label">
                      <input
                        type="checkbox"
                        checked={allSelected}
                        onChange={() => setSelected(allSelected ? new Set() : new Set(pageIds))}
                      />
                      {t.selectPage}
                    </label>
                  </td>
                </tr>
              )}
              {data.logs.map((entry) => (
                <tr key={entry.id}>
                  {canDelete && (
                    <td className="journal-check stacked-whole">
                      <label className="journal-check-label">
                        <input
                          type="checkbox"
                          aria-label={t.select(entry.action_label, formatInstant(entry.timestamp, 'seconds'))}
                          checked={selected.has(entry.id)}
                          onChange={() => toggle(entry.id)}
                        />
                      </label>
                    </td>
                  )}
                  <td data-label={t.columns.date} className="journal-date">
                    <time dateTime={entry.timestamp}>{formatInstant(entry.timestamp, 'seconds')}</time>
                  </td>
                  <td data-label={t.columns.user}>{entry.username}</td>
                  {platform && <td data-label={t.columns.school}>{schoolOf(entry)}</td>}
                  <td data-label={t.columns.action} className="journal-action" title={entry.action_type}>
                    {entry.action_label}
                  </td>
                  <td data-label={t.columns.target}>{entry.target_name ?? ''}</td>
                  <td data-label={t.columns.details} className="journal-details">
                    {entry.details ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.pagination.totalPages > 1 && (
            <Pager page={page} totalPages={data.pagination.totalPages} busy={log.loading} onPage={setPage} />
          )}
        </div>
      )}
    </div>
  );
}

function DeleteSelection({ ids, onDeleted }: { ids: string[]; onDeleted: () => void }) {
  const { write } = useWrite(null, { reload: onDeleted });
  const asking = useConfirmation(
    () => ({
      title: t.deleteSelectionTitle,
      confirmLabel: t.confirmDelete,
      body: <p>{t.deleteSelectionBody(ids.length)}</p>,
    }),
    () => write(endpoints.audit.deleteBulk, { body: { ids } }, { success: (a) => a.message }),
    { keepOnFailure: true },
  );
  return (
    <>
      <Button look="danger" disabled={ids.length === 0} onClick={() => asking.ask(true)}>
        {t.deleteSelection(ids.length)}
      </Button>
      {asking.dialog}
    </>
  );
}

function DeleteByDate({ onDeleted }: { onDeleted: () => void }) {
  const [range, setRange] = useState({ startDate: '', endDate: '' });
  const [error, setError] = useState<string | null>(null);
  const { write } = useWrite(null, { reload: onDeleted });
  const asking = useConfirmation(
    () => ({
      title: t.deleteByDateTitle,
      confirmLabel: t.confirmDelete,
      body: <p>{t.deleteByDateBody(formatDate(range.startDate), formatDate(range.endDate))}</p>,
    }),
    async () => {
      const done = await write(endpoints.audit.deleteByDate, { body: range }, { success: (a) => a.message });
      if (done) setRange({ startDate: '', endDate: '' });
      return done;
    },
    { keepOnFailure: true },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!range.startDate || !range.endDate) return setError(auditServerText.datesRequired);
    if (range.endDate < range.startDate) return setError(auditServerText.dateOrder);
    setError(null);
    asking.ask(true);
  };
  return (
    <form className="journal-delete" onSubmit={submit} noValidate aria-label={t.deleteByDate}>
      <h3>{t.deleteByDate}</h3>
      <p className="muted">{t.deleteByDateHint}</p>
      <ErrorNotice message={error} />
      <div className="journal-delete-fields">
        <InputField
          label={t.deleteFrom}
          type="date"
          value={range.startDate}
          onChange={(e) => setRange((r) => ({ ...r, startDate: e.target.value }))}
        />
        <InputField
          label={t.deleteTo}
          type="date"
          value={range.endDate}
          onChange={(e) => setRange((r) => ({ ...r, endDate: e.target.value }))}
        />
        <SubmitButton look="danger">{t.deleteByDateSubmit}</SubmitButton>
      </div>
      {asking.dialog}
    </form>
  );
}
