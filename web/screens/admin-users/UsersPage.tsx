// User list (document 1 §2 "User list"): username, badges, and the actions manage roles
// (standard accounts only), reset password and delete (disabled for 'admin' and oneself), and
// sign out the account's devices (a lost phone; not one's own, which the Sécurité tab does:
// decision 314).
import { useState } from 'react';
import { Link } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { removal, useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { useConfirmation } from '../../components/ConfirmDialog';
import { CredentialsDialog } from '../../components/CredentialsDialog';
import { Dialog } from '../../components/Dialog';
import { RoleChecklist } from '../../components/RoleChecklist';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NotLoaded } from '../../components/NotLoaded';
import { adminServerText, adminText } from '../../i18n/admin';
import { offlineText } from '../../i18n/offline';
import { type Session, setSessionToken, useSession } from '../../session/session';
import type { SchoolUser as UserRow } from '../../../worker/contract/users';
import './users.css';

const t = adminText.users;
const done = adminServerText.users;

function RolesDialog({
  user,
  session,
  onClose,
  onSaved,
}: {
  user: UserRow;
  session: Session;
  onClose: () => void;
  onSaved: (roles: UserRow['roles'], queued: boolean) => void;
}) {
  const roles = useRead(endpoints.roles.list, {});
  const [selected, setSelected] = useState(() => user.roles.map((r) => r.id));
  const { write, busy } = useWrite();
  const self = user.id === session.id;
  const ownAdminPrincipal =
    self &&
    Boolean(roles.data?.some((r) => r.template_key === 'admin_principal' && user.roles.some((u) => u.id === r.id)));

  async function save() {
    const chosen = (roles.data ?? []).filter((r) => selected.includes(r.id)).map((r) => ({ id: r.id, name: r.name }));
    const outcome = await write(
      endpoints.users.setRoles,
      { params: { id: user.id }, body: { roleIds: selected } },
      {
        success: done.rolesUpdated,
        queued: offlineText.queued.roles,
      },
    );
    if (!outcome) return;
    if (!outcome.queued && outcome.answer.accessToken) setSessionToken(outcome.answer.accessToken);
    onSaved(chosen, outcome.queued);
  }

  return (
    <Dialog
      title={t.rolesTitle(user.username)}
      cancelLabel={adminText.common.cancel}
      confirmLabel={busy ? adminText.common.saving : adminText.common.save}
      busy={busy}
      disabled={!roles.data}
      onCancel={onClose}
      onConfirm={() => void save()}
    >
      {!roles.data && <NotLoaded error={roles.error} />}
      {roles.data && (
        <RoleChecklist
          roles={roles.data}
          selected={selected}
          onChange={setSelected}
          ownAdminPrincipal={ownAdminPrincipal}
          legend={t.roles}
        />
      )}
    </Dialog>
  );
}

function Users({ session }: { session: Session }) {
  const users = useRead(endpoints.users.list, {});
  const [rolesFor, setRolesFor] = useState<UserRow | null>(null);
  const [credentials, setCredentials] = useState<{ username: string; tempPassword: string } | null>(null);
  const { write, patch, busy } = useWrite(users);
  const locked = (u: UserRow) => u.username.toLowerCase() === 'admin' || u.id === session.id;

  const resetting = useConfirmation(
    (user: UserRow) => ({
      title: t.resetConfirmTitle(user.username),
      confirmLabel: t.resetConfirm,
      body: <p>{t.resetConfirmBody}</p>,
    }),
    async (user: UserRow) => {
      const outcome = await write(
        endpoints.users.resetPassword,
        { params: { id: user.id } },
        {
          success: null,
          queued: offlineText.queued.reset,
          offline: (list) => list.map((u) => (u.id === user.id ? { ...u, status: 'temporary_password' } : u)),
        },
      );
      if (outcome && !outcome.queued) setCredentials(outcome.answer);
    },
  );
  const endingSessions = useConfirmation(
    (user: UserRow) => ({
      title: t.endSessionsTitle(user.username),
      confirmLabel: t.endSessionsConfirm,
      body: t.endSessionsBody,
      tone: 'warning',
    }),
    (user: UserRow) =>
      write(endpoints.users.endSessions, { params: { id: user.id } }, { success: (answer) => answer.message }),
    { keepOnFailure: true },
  );
  const deletion = useConfirmation(
    (user: UserRow) => ({ title: t.deleteTitle(user.username), confirmLabel: t.delete, body: t.deleteWarning }),
    (user: UserRow) => write(endpoints.users.remove, { params: { id: user.id } }, removal(user.id, done.deleted)),
  );

  return (
    <main className="page users-page">
      <p>
        <Link to="/admin">← {t.back}</Link>
      </p>
      <div className="spread users-head">
        <h1>{t.title}</h1>
        <Link to="/admin/add-user" className="btn">
          + {t.add}
        </Link>
      </div>
      <p className="muted small">{t.protectedHint}</p>
      <ErrorNotice message={users.error} />
      {users.data?.length === 0 && <p className="muted">{t.empty}</p>}
      <ul className="bare-list user-list">
        {users.data?.map((user) => (
          <li key={user.id} className="card user-row" aria-label={user.username}>
            <div className="user-main">
              <strong className="user-name">{user.username}</strong>
              <span className="badges">
                <span className={`badge badge-type-${user.role}`}>{t.types[user.role]}</span>
                {user.id === session.id && <span className="badge">{t.you}</span>}
                {user.status === 'temporary_password' && <span className="badge tone-warning">{t.temporary}</span>}
                {user.status === 'disabled' && <span className="badge">{t.disabled}</span>}
                {user.role === 'standard' && user.roles.length === 0 && <span className="badge">{t.noRole}</span>}
                {user.roles.map((r) => (
                  <span key={r.id} className="badge badge-role">
                    {r.name}
                  </span>
                ))}
              </span>
            </div>
            <div className="user-actions">
              {user.role === 'standard' && <Button onClick={() => setRolesFor(user)}>{t.manageRoles}</Button>}
              <Button
                disabled={locked(user) || busy}
                title={locked(user) ? t.protectedHint : undefined}
                onClick={() => resetting.ask(user)}
              >
                {t.reset}
              </Button>
              <Button
                disabled={user.id === session.id || busy}
                title={user.id === session.id ? t.ownSessionsHint : undefined}
                onClick={() => endingSessions.ask(user)}
              >
                {t.endSessions}
              </Button>
              <Button
                className="danger-text"
                disabled={locked(user) || busy}
                title={locked(user) ? t.protectedHint : undefined}
                onClick={() => deletion.ask(user)}
              >
                {t.delete}
              </Button>
            </div>
          </li>
        ))}
      </ul>

      {rolesFor && (
        <RolesDialog
          user={rolesFor}
          session={session}
          onClose={() => setRolesFor(null)}
          onSaved={(roles, queued) => {
            const id = rolesFor.id;
            setRolesFor(null);
            if (queued) patch((list) => list.map((u) => (u.id === id ? { ...u, roles } : u)));
            else users.reload();
          }}
        />
      )}
      {resetting.dialog}
      {endingSessions.dialog}
      {deletion.dialog}
      {credentials && <CredentialsDialog credentials={credentials} onClose={() => setCredentials(null)} />}
    </main>
  );
}

export function UsersPage() {
  const session = useSession();
  return session ? <Users session={session} /> : null;
}
