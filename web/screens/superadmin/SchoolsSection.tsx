// The platform's schools: each with its hostname, state, access end and counts; create one (its
// first admin's temporary password shown once), edit it, set or extend its access, suspend or
// reactivate it; the superadmin deletes one that holds no data (decision 312: a school created by
// mistake, or the target of a failed restore; the server refuses a school with data).
import { type FormEvent, useEffect, useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import type { ApiState } from '../../api/useApi';
import { useWrite, type WriteOutcome } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { useConfirmation } from '../../components/ConfirmDialog';
import { CredentialsDialog, type Credentials } from '../../components/CredentialsDialog';
import { FormDialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Pager } from '../../components/Pager';
import { SearchField } from '../../components/SearchField';
import { InputField, SelectField, ValueOptions } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { SubmitButton } from '../../components/SubmitButton';
import { platformText } from '../../i18n/platform';
import { CURRENCIES } from '../../../worker/domain/money';
import { isSchoolLocked } from '../../../worker/domain/school-access';
import type { ExpirySaved, NewSchool, PlatformSchool, SchoolsPage } from '../../../worker/contract/superadmin';
import { formatInstant } from '../../../worker/domain/format';

const t = platformText.schools;
const DAY_MS = 86_400_000;

/** The last day of access (the stored end is the start of the next day). */
export const lastDay = (expiresAt: string) => new Date(Date.parse(expiresAt) - 1);
const accessText = (expiresAt: string | null) =>
  expiresAt ? t.through(formatInstant(lastDay(expiresAt), 'longDate')) : t.noExpiry;

function stateOf(school: PlatformSchool, now: Date): { label: string; tone: 'success' | 'warning' | 'error' } {
  if (school.status === 'suspended') return { label: t.states.suspended, tone: 'error' };
  if (!school.expires_at) return { label: t.states.active, tone: 'success' };
  const left = Date.parse(school.expires_at) - now.getTime();
  if (isSchoolLocked(school.expires_at, now)) return { label: t.states.locked, tone: 'error' };
  if (left <= 0) return { label: t.states.expired, tone: 'error' };
  if (left < 7 * DAY_MS) return { label: t.states.expiring(Math.ceil(left / DAY_MS)), tone: 'warning' };
  return { label: t.states.active, tone: 'success' };
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; school: PlatformSchool }
  | { kind: 'expiry'; school: PlatformSchool }
  | { kind: 'credentials'; name: string; credentials: Credentials };

/** How long the search waits for the typing to pause before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

export function SchoolsSection({
  canDelete = false,
}: {
  /** The superadmin's: deleting a school holding no data. */
  canDelete?: boolean;
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // One page of the schools at a time, searched by the server (decision 332: 10,000 schools).
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (typed === search) return;
    const timer = window.setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search]);
  const schools = useRead(endpoints.superadmin.schoolsPage, { query: { page, ...(search ? { search } : {}) } });
  const list = schools.data?.schools;
  const pagination = schools.data?.pagination;
  const { write, busy } = useWrite(schools);
  const close = () => setDialog(null);
  const now = new Date();

  const save = async (form: NewSchool, school: PlatformSchool | null) => {
    if (school) {
      const done = await write(
        endpoints.superadmin.updateSchool,
        { params: { id: school.id }, body: form },
        { success: (a) => a.message },
      );
      if (done) close();
      return;
    }
    const done = await write(endpoints.superadmin.createSchool, { body: form }, { success: null });
    if (done && !done.queued) setDialog({ kind: 'credentials', name: form.name, credentials: done.answer.admin });
  };
  const statusChange = useConfirmation(
    (school: PlatformSchool) =>
      school.status === 'suspended'
        ? {
            title: t.reactivateTitle(school.name),
            confirmLabel: t.reactivate,
            tone: 'primary',
            body: <p>{t.reactivateBody}</p>,
          }
        : { title: t.suspendTitle(school.name), confirmLabel: t.suspend, body: <p>{t.suspendBody}</p> },
    (school: PlatformSchool) =>
      write(
        endpoints.superadmin.setStatus,
        { params: { id: school.id }, body: { status: school.status === 'suspended' ? 'active' : 'suspended' } },
        { success: (a) => a.message },
      ),
    { keepOnFailure: true },
  );
  const removal = useConfirmation(
    (school: PlatformSchool) => ({
      title: t.removeTitle(school.name),
      confirmLabel: t.remove,
      body: <p className="notice tone-warning">{t.removeBody}</p>,
    }),
    (school: PlatformSchool) =>
      write(endpoints.superadmin.deleteSchool, { params: { id: school.id } }, { success: (a) => a.message }),
    { keepOnFailure: true },
  );

  return (
    <>
      <div className="spread superadmin-bar">
        <h2>{platformText.tabs.schools}</h2>
        <Button look="primary" onClick={() => setDialog({ kind: 'create' })}>
          {t.add}
        </Button>
      </div>
      <SearchField label={t.search} placeholder={t.searchHint} value={typed} onChange={setTyped} />
      {schools.error && <ErrorNotice message={schools.error} />}
      {pagination &&
        (pagination.total === 0 ? (
          <p className="muted">{search ? t.noneFound : t.empty}</p>
        ) : (
          <p className="muted">{t.count(pagination.total)}</p>
        ))}
      <ul className="school-list">
        {list?.map((school) => {
          const state = stateOf(school, now);
          return (
            <li key={school.id} className="school-card" aria-label={school.name}>
              <div className="spread school-card-head">
                <h3>{school.name}</h3>
                <span className={`badge school-state tone-${state.tone}`}>{state.label}</span>
              </div>
              <dl className="school-facts">
                <dt>{t.hostname}</dt>
                <dd>{school.hostnames.length ? school.hostnames.join(', ') : t.noHostname}</dd>
                <dt>{t.users}</dt>
                <dd>{school.users}</dd>
                <dt>{t.students}</dt>
                <dd>{school.students}</dd>
                <dt>{t.expires}</dt>
                <dd>{accessText(school.expires_at)}</dd>
              </dl>
              <div className="school-actions">
                <Button onClick={() => setDialog({ kind: 'edit', school })}>{t.edit}</Button>
                <Button onClick={() => setDialog({ kind: 'expiry', school })}>{t.expiry}</Button>
                <button
                  type="button"
                  className={school.status === 'suspended' ? 'btn btn-secondary' : 'btn btn-danger'}
                  onClick={() => statusChange.ask(school)}
                >
                  {school.status === 'suspended' ? t.reactivate : t.suspend}
                </button>
                {canDelete && school.students === 0 && (
                  <Button look="danger" onClick={() => removal.ask(school)}>
                    {t.remove}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {pagination && pagination.totalPages > 1 && (
        <Pager page={page} totalPages={pagination.totalPages} busy={schools.loading} onPage={setPage} />
      )}

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <SchoolForm
          school={dialog.kind === 'edit' ? dialog.school : null}
          busy={busy}
          onSave={(form) => void save(form, dialog.kind === 'edit' ? dialog.school : null)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'expiry' && <ExpiryDialog school={dialog.school} schools={schools} onClose={close} />}
      {statusChange.dialog}
      {removal.dialog}
      {dialog?.kind === 'credentials' && (
        <CredentialsDialog
          title={platformText.form.credentialsTitle(dialog.name)}
          credentials={dialog.credentials}
          onClose={close}
        />
      )}
    </>
  );
}

function SchoolForm({
  school,
  busy,
  onSave,
  onClose,
}: {
  school: PlatformSchool | null;
  busy: boolean;
  onSave: (form: NewSchool) => void;
  onClose: () => void;
}) {
  const f = platformText.form;
  const [values, setValues] = useState({
    name: school?.name ?? '',
    hostnames: school?.hostnames.join(', ') ?? '',
    currency: school?.currency ?? 'Gdes',
    adminUsername: 'admin',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const submit = () => {
    if (!values.name.trim()) return setError(f.required);
    setError(null);
    // One or more hostnames, separated by commas or spaces; the first is the main one.
    const hostnames = values.hostnames.split(/[\s,;]+/).filter(Boolean);
    const form = { name: values.name, hostnames, currency: values.currency as PlatformSchool['currency'] };
    onSave(school ? form : { ...form, adminUsername: values.adminUsername });
  };
  return (
    <FormDialog
      title={school ? f.editTitle(school.name) : f.addTitle}
      confirmLabel={busy ? (school ? f.saving : f.creating) : school ? f.save : f.create}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <ErrorNotice message={error} />
      <InputField label={f.name} marked value={values.name} onChange={set('name')} maxLength={200} autoComplete="off" />
      <InputField
        label={f.hostname}
        marked={!school?.is_default}
        hint={school?.is_default ? f.defaultHostnameHint : f.hostnameHint}
        value={values.hostnames}
        onChange={set('hostnames')}
        maxLength={1300}
        autoComplete="off"
        inputMode="url"
      />
      <SelectField label={f.currency} value={values.currency} onChange={set('currency')}>
        <ValueOptions values={CURRENCIES} />
      </SelectField>
      {!school && (
        <InputField
          label={f.adminUsername}
          hint={f.adminHint}
          value={values.adminUsername}
          onChange={set('adminUsername')}
          maxLength={50}
          autoComplete="off"
        />
      )}
    </FormDialog>
  );
}

const EXTENSIONS = [1, 3, 6, 12] as const;

function ExpiryDialog({
  school,
  schools,
  onClose,
}: {
  school: PlatformSchool;
  schools: ApiState<SchoolsPage>;
  onClose: () => void;
}) {
  const e = platformText.expiry;
  const [months, setMonths] = useState<number>(12);
  const [date, setDate] = useState('');
  const [shown, setShown] = useState(school.expires_at);
  const { write, busy } = useWrite(schools);
  // Each change answers the server's message and the new end, shown above the forms.
  const notices = { success: (a: ExpirySaved) => a.message };
  const saved = (outcome: WriteOutcome<ExpirySaved>) => {
    if (outcome && !outcome.queued) setShown(outcome.answer.expires_at);
  };
  const params = { id: school.id };
  const extend = () => write(endpoints.superadmin.extendExpiry, { params, body: { months } }, notices).then(saved);
  /** Sets the last day of access; null: no end. */
  const setEnd = (end: string | null) =>
    write(endpoints.superadmin.setExpiry, { params, body: { date: end } }, notices).then(saved);
  const submit = (save: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  return (
    <Modal
      title={e.title(school.name)}
      onClose={busy ? undefined : onClose}
      actions={
        <Button onClick={onClose} disabled={busy}>
          {e.close}
        </Button>
      }
    >
      <p data-testid="current-access">{e.current(accessText(shown))}</p>
      <form className="expiry-row" onSubmit={submit(extend)}>
        <SelectField
          label={e.extend}
          hint={e.extendHint}
          value={months}
          onChange={(ev) => setMonths(Number(ev.target.value))}
        >
          <ValueOptions values={EXTENSIONS} name={(n) => e.months(n)} />
        </SelectField>
        <SubmitButton busy={busy}>{e.extendSubmit}</SubmitButton>
      </form>
      <form className="expiry-row" onSubmit={submit(() => setEnd(date || null))}>
        <InputField label={e.setDate} type="date" value={date} onChange={(ev) => setDate(ev.target.value)} />
        <SubmitButton look="secondary" busy={busy} disabled={!date}>
          {e.setSubmit}
        </SubmitButton>
      </form>
      {shown && (
        <Button look="ghost" disabled={busy} onClick={() => void setEnd(null)}>
          {e.clear}
        </Button>
      )}
    </Modal>
  );
}
