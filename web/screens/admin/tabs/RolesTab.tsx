// Roles tab: a template as starting point (it fills the name and the permissions, document 2
// §6), a name, permission checkboxes by category, and the existing roles; system roles are
// read-only (document 1 §2 "Roles"). A name another role has is refused before sending.
import { type FormEvent, useState } from 'react';
import { useRead } from '../../../api/calls';
import { endpoints } from '../../../api/endpoints';
import { removal, useWrite } from '../../../api/useWrite';
import { Button } from '../../../components/Button';
import { useConfirmation } from '../../../components/ConfirmDialog';
import { SelectField, InputField } from '../../../components/Field';
import { SubmitButton } from '../../../components/SubmitButton';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { adminServerText, adminText } from '../../../i18n/admin';
import { offlineText } from '../../../i18n/offline';
import { hasPermission, useSession } from '../../../session/session';
import { RowActions } from '../EditableList';
import { PERMISSION_ID_BY_KEY, ROLE_TEMPLATES } from '../../../../worker/domain/permissions';
import { cleanText } from '../../../../worker/domain/text';
import type { Role, RoleInput } from '../../../../worker/contract/roles';

const t = adminText.roles;
const done = adminServerText.roles;

export function RolesTab() {
  const session = useSession();
  const roles = useRead(endpoints.roles.list, {});
  const permissions = useRead(endpoints.roles.permissions, {});
  const [editing, setEditing] = useState<Role | null>(null);
  const [template, setTemplate] = useState('');
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const { write, busy } = useWrite(roles);

  const categories = [...new Set(permissions.data?.map((p) => p.category) ?? [])];
  const permissionsOf = (ids: number[]) => permissions.data?.filter((p) => ids.includes(p.id)) ?? [];

  const reset = () => {
    setEditing(null);
    setTemplate('');
    setName('');
    setSelected([]);
  };

  const chooseTemplate = (key: string) => {
    const previous = ROLE_TEMPLATES.find((r) => r.key === template);
    const found = ROLE_TEMPLATES.find((r) => r.key === key);
    setTemplate(key);
    // The template's name, unless the user typed one of their own.
    if (!name.trim() || name === previous?.name) setName(found?.name ?? '');
    if (found) setSelected(found.permissions.map((k) => PERMISSION_ID_BY_KEY.get(k)!));
  };
  const taken = Boolean(
    name.trim() &&
    roles.data?.some(
      (r) => r.id !== editing?.id && r.name.toLocaleLowerCase('fr') === name.trim().toLocaleLowerCase('fr'),
    ),
  );

  const edit = (role: Role) => {
    setEditing(role);
    setTemplate('');
    setName(role.name);
    setSelected(role.permissions.map((p) => p.id));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = cleanText(name);
    if (!trimmed) return;
    const body: RoleInput = { name: trimmed, permissionIds: selected };
    const local = { name: trimmed, permissions: permissionsOf(selected) };
    // A queued edit will move the revision by one when it is sent: the offline copy does too.
    const outcome = editing
      ? await write(
          endpoints.roles.update,
          { params: { id: editing.id }, body: { ...body, revision: editing.revision } },
          {
            success: done.updated,
            queued: offlineText.queued.modification,
            offline: (list) =>
              list.map((r) => (r.id === editing.id ? { ...r, ...local, revision: r.revision + 1 } : r)),
          },
        )
      : await write(
          endpoints.roles.create,
          { body },
          {
            success: done.created,
            offline: (list) => [
              ...list,
              { id: crypto.randomUUID(), is_system: false, template_key: null, revision: 0, ...local },
            ],
          },
        );
    if (outcome) reset();
  }

  const deletion = useConfirmation(
    (role: Role) => ({ title: t.deleteTitle(role.name), confirmLabel: adminText.common.delete, body: t.deleteWarning }),
    async (role: Role) => {
      const outcome = await write(endpoints.roles.remove, { params: { id: role.id } }, removal(role.id, done.deleted));
      if (outcome && editing?.id === role.id) reset();
    },
  );

  return (
    <>
      <h2>{t.title}</h2>
      <form className="role-form" onSubmit={submit}>
        <h3>{editing ? t.formEdit(editing.name) : t.formCreate}</h3>
        {!editing && (
          <SelectField label={t.template} value={template} onChange={(e) => chooseTemplate(e.target.value)}>
            <option value="">{t.noTemplate}</option>
            {ROLE_TEMPLATES.map((r) => (
              <option key={r.key} value={r.key} title={r.description}>
                {r.name}
              </option>
            ))}
          </SelectField>
        )}
        <InputField
          label={t.name}
          error={taken ? done.exists : null}
          announce
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
        />
        <fieldset className="permission-groups">
          <legend>{t.permissions}</legend>
          {categories.map((category) => (
            <div key={category} className="permission-group">
              <h4>{category}</h4>
              {permissions.data
                ?.filter((p) => p.category === category)
                .map((p) => {
                  const held = session ? hasPermission(session, p.key) : false;
                  return (
                    <label key={p.id} className="permission" title={held ? p.key : done.cannotGrant}>
                      <input
                        type="checkbox"
                        checked={selected.includes(p.id)}
                        disabled={!held}
                        onChange={(e) =>
                          setSelected((ids) => (e.target.checked ? [...ids, p.id] : ids.filter((id) => id !== p.id)))
                        }
                      />
                      <span>{p.description}</span>
                    </label>
                  );
                })}
            </div>
          ))}
        </fieldset>
        <div className="form-actions">
          <SubmitButton busy={busy} disabled={!cleanText(name) || taken}>
            {editing ? t.update : t.create}
          </SubmitButton>
          {editing && <Button onClick={reset}>{t.cancelEdit}</Button>}
        </div>
      </form>

      <h3>{t.existing}</h3>
      <ErrorNotice message={roles.error} />
      <ul className="bare-list item-list">
        {roles.data?.map((role) => (
          <li key={role.id}>
            <span className="item-name">
              {role.name} {role.is_system && <span className="badge">{t.system}</span>}
              <span className="muted small"> · {t.permissionCount(role.permissions.length)}</span>
            </span>
            <RowActions
              name={role.name}
              disabled={role.is_system}
              title={role.is_system ? done.system : undefined}
              onEdit={() => edit(role)}
              onDelete={() => deletion.ask(role)}
            />
          </li>
        ))}
      </ul>
      {deletion.dialog}
    </>
  );
}
