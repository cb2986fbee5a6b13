// /student-portal ('Portail Élève', student_portal:manage_accounts): the enrolled students of the
// year chosen in the top bar with their portal account; accounts made for a selection (sent five
// at a time with a progress line, online only: the passwords are shown once), the slips printed
// six to an A4 sheet, reset and disable behind a confirmation.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { send, useRead } from '../../api/calls';
import { errorMessage, NetworkError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { ClassSelect } from '../../components/ClassSelect';
import { useConfirmation } from '../../components/ConfirmDialog';
import { CredentialsDialog, type Credentials } from '../../components/CredentialsDialog';
import { PrintDialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SearchField } from '../../components/SearchField';
import { toast } from '../../components/toast';
import { guardiansLink } from '../../i18n/guardians-link';
import { studentAccountsText as t } from '../../i18n/student-accounts';
import { hasPermission, useSession } from '../../session/session';
import { useSchool, NoYearNotice } from '../../layouts/school';
import { matchesSearch } from '../../../worker/domain/text';
import { ACCOUNTS_PER_REQUEST } from '../../../worker/domain/accounts';
import type { StudentAccountRow } from '../../../worker/contract/student-accounts';
import { printSlips, type Slip } from './slips';
import './student-accounts.css';
import { toggled } from '../../components/selection';

const nameOf = (r: { prenom: string; nom: string }) => `${r.nom} ${r.prenom}`;

type Dialog = { kind: 'credentials'; name: string; credentials: Credentials } | { kind: 'created'; slips: Slip[] };

/** The tone of an account's status badge (no account: a grey badge). */
const ACCOUNT_TONE = { active: 'success', temporary_password: 'warning', disabled: 'error' } as const;

export function StudentAccountsPage() {
  const { school, selectedYear } = useSchool();
  const session = useSession();
  const list = useRead(endpoints.studentAccounts.list, selectedYear ? { query: { yearId: selectedYear.id } } : null);
  const { write, busy } = useWrite(list);
  const [className, setClassName] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const classes = useMemo(() => [...new Set((list.data ?? []).map((r) => r.class_name))], [list.data]);
  const shown = useMemo(
    () =>
      (list.data ?? []).filter(
        (r) => (!className || r.class_name === className) && matchesSearch([r.nom, r.prenom, r.username], search),
      ),
    [list.data, className, search],
  );
  const selectable = shown.filter((r) => !r.user_id);
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.student_id));
  const chosen = (list.data ?? []).filter((r) => selected.has(r.student_id) && !r.user_id);

  async function create() {
    if (!selectedYear) return;
    if (!chosen.length) return toast.error(t.noneSelected);
    const slips: Slip[] = [];
    setProgress({ done: 0, total: chosen.length });
    try {
      for (let i = 0; i < chosen.length; i += ACCOUNTS_PER_REQUEST) {
        const part = chosen.slice(i, i + ACCOUNTS_PER_REQUEST);
        const answer = await send(endpoints.studentAccounts.create, {
          body: { yearId: selectedYear.id, student_ids: part.map((r) => r.student_id) },
        });
        for (const a of answer.accounts) {
          const row = part.find((r) => r.student_id === a.student_id)!;
          slips.push({
            name: nameOf(row),
            className: row.class_name,
            username: a.username,
            tempPassword: a.tempPassword,
          });
        }
        setProgress({ done: Math.min(i + part.length, chosen.length), total: chosen.length });
      }
    } catch (error) {
      toast.error(error instanceof NetworkError ? t.online : errorMessage(error));
    } finally {
      setProgress(null);
      setSelected(new Set());
      list.reload();
    }
    if (slips.length) setDialog({ kind: 'created', slips });
  }

  const resetting = useConfirmation(
    (row: StudentAccountRow) => ({
      title: t.resetTitle(nameOf(row)),
      confirmLabel: t.reset,
      tone: 'warning',
      body: <p>{t.resetBody}</p>,
    }),
    async (row: StudentAccountRow) => {
      try {
        const answer = await send(endpoints.studentAccounts.reset, { params: { id: row.user_id! } });
        toast.success(answer.message);
        setDialog({
          kind: 'credentials',
          name: nameOf(row),
          credentials: { username: answer.username, tempPassword: answer.tempPassword },
        });
        list.reload();
      } catch (error) {
        toast.error(error instanceof NetworkError ? t.online : errorMessage(error));
      }
    },
  );

  const disabling = useConfirmation(
    (row: StudentAccountRow) => ({
      title: t.disableTitle(nameOf(row)),
      confirmLabel: t.disable,
      body: <p>{t.disableBody}</p>,
    }),
    (row: StudentAccountRow) =>
      write(
        endpoints.studentAccounts.disable,
        { params: { id: row.user_id! } },
        {
          success: (a) => a.message,
          offline: (rows) =>
            rows.map((r) => (r.student_id === row.student_id ? { ...r, account_status: 'disabled' as const } : r)),
        },
      ),
    { keepOnFailure: true },
  );

  const toggle = (id: string) => setSelected((set) => toggled(set, id));

  return (
    <main className="page student-accounts">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      {session && hasPermission(session, 'guardian:manage') && (
        <p>
          <Link to="/guardians">{guardiansLink}</Link>
        </p>
      )}
      <NoYearNotice text={t.noYear} />
      {list.error && !list.data && <ErrorNotice message={list.error} />}
      {list.data && (
        <>
          <div className="student-accounts-filters">
            <ClassSelect
              label={t.classFilter}
              className="field-flush"
              value={className}
              onChange={setClassName}
              classes={classes}
              none={t.allClasses}
            />
            <SearchField label={t.search} className="field-flush" value={search} onChange={setSearch} />
          </div>
          <div className="spread student-accounts-actions">
            <label className="student-accounts-check">
              <input
                type="checkbox"
                checked={allSelected}
                disabled={!selectable.length}
                onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((r) => r.student_id)))}
              />
              {t.selectAll}
            </label>
            <Button look="primary" disabled={busy || progress !== null} onClick={() => void create()}>
              {t.create(chosen.length)}
            </Button>
          </div>
          {progress && (
            <p role="status" className="notice tone-info">
              {t.creating(progress.done, progress.total)}
              <progress max={progress.total} value={progress.done} />
            </p>
          )}
          {shown.length === 0 ? (
            <p className="card muted">{t.empty}</p>
          ) : (
            <ul className="bare-list student-accounts-list">
              {shown.map((r) => (
                <li key={r.student_id} className="card">
                  <label className="student-accounts-check">
                    <input
                      type="checkbox"
                      disabled={Boolean(r.user_id)}
                      checked={selected.has(r.student_id)}
                      aria-label={t.select(nameOf(r))}
                      onChange={() => toggle(r.student_id)}
                    />
                    <span>
                      <strong>{nameOf(r)}</strong>
                      <span className="muted small"> · {r.class_name}</span>
                    </span>
                  </label>
                  <span
                    className={`badge ${r.account_status ? `tone-${ACCOUNT_TONE[r.account_status]}` : 'student-account-none'}`}
                  >
                    {t.status[r.account_status ?? 'none']}
                  </span>
                  {r.username && <code>{r.username}</code>}
                  {r.user_id && (
                    <span className="student-accounts-row-actions">
                      <Button small onClick={() => resetting.ask(r)}>
                        {t.reset}
                      </Button>
                      {r.account_status !== 'disabled' && (
                        <Button small onClick={() => disabling.ask(r)}>
                          {t.disable}
                        </Button>
                      )}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {resetting.dialog}
      {disabling.dialog}
      {dialog?.kind === 'credentials' && (
        <CredentialsDialog
          credentials={dialog.credentials}
          onPrint={() =>
            printSlips(school, [
              {
                name: dialog.name,
                className: '',
                username: dialog.credentials.username,
                tempPassword: dialog.credentials.tempPassword,
              },
            ])
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'created' && (
        <PrintDialog
          title={t.createdTitle(dialog.slips.length)}
          printLabel={t.print}
          closeLabel={t.done}
          onClose={() => setDialog(null)}
          onPrint={() => printSlips(school, dialog.slips)}
        >
          <p className="notice tone-warning">{t.createdHint}</p>
          <table className="student-accounts-created">
            <thead>
              <tr>
                <th>{t.student}</th>
                <th>{t.username}</th>
                <th>{t.password}</th>
              </tr>
            </thead>
            <tbody>
              {dialog.slips.map((s) => (
                <tr key={s.username}>
                  <td>{s.name}</td>
                  <td>
                    <code>{s.username}</code>
                  </td>
                  <td>
                    <code>{s.tempPassword}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </PrintDialog>
      )}
    </main>
  );
}
