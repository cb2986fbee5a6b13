// Role checkboxes of the add-user form and the manage-roles dialog (document 1 §2, §4): each role
// with an info button listing its permissions. Under Administrateur Principal the other options
// are disabled with their reason; an option the selection excludes (a manager role while
// Secrétaire is ticked) stays selectable, its note saying what ticking it clears. Reasons and notes
// are shown, not only as tooltips, so that phones see them too.
import { useId, useState } from 'react';
import type { Role } from '../../worker/contract/roles';
import { roleOptionNote, roleOptionRule, roleRuleReason, toggleRole } from '../../worker/domain/roles';
import { adminText } from '../i18n/admin';
import './role-checklist.css';
import { Button } from './Button';
import { LineIcon } from './LineIcon';

const t = adminText.addUser;

export function RoleChecklist({
  roles,
  selected,
  onChange,
  ownAdminPrincipal = false,
  legend,
}: {
  roles: Role[];
  selected: string[];
  onChange: (ids: string[]) => void;
  /** The signed-in user edits their own roles while holding Administrateur Principal. */
  ownAdminPrincipal?: boolean;
  legend: string;
}) {
  const baseId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const assignable = roles.map((r) => ({ id: r.id, templateKey: r.template_key }));
  return (
    <fieldset className="framed role-checklist">
      <legend>{legend}</legend>
      <ul className="bare-list">
        {roles.map((role) => {
          const option = { id: role.id, templateKey: role.template_key };
          const rule = roleOptionRule(assignable, selected, option, { ownAdminPrincipal });
          const reason = rule && roleRuleReason(rule);
          const noteRule = reason ? null : roleOptionNote(assignable, selected, option);
          const note = reason ?? (noteRule && roleRuleReason(noteRule));
          const inputId = `${baseId}-${role.id}`;
          const infoId = `${inputId}-info`;
          return (
            <li key={role.id} className={reason ? 'is-disabled' : ''}>
              <div className="role-line">
                <label className="role-option" title={reason ?? undefined}>
                  <input
                    type="checkbox"
                    id={inputId}
                    checked={selected.includes(role.id)}
                    disabled={Boolean(reason)}
                    aria-describedby={note ? `${inputId}-reason` : undefined}
                    onChange={(e) => onChange(toggleRole(assignable, selected, role.id, e.target.checked))}
                  />
                  <span>{role.name}</span>
                </label>
                <Button
                  look="ghost"
                  className="role-info"
                  aria-label={t.info(role.name)}
                  aria-expanded={open === role.id}
                  aria-controls={infoId}
                  onClick={() => setOpen((o) => (o === role.id ? null : role.id))}
                >
                  <LineIcon>
                    <circle cx="12" cy="12" r="10" />
                    <path d="M12 11v6M12 7.5v.5" strokeLinecap="round" />
                  </LineIcon>
                </Button>
              </div>
              {note && (
                <p className="role-reason" id={`${inputId}-reason`}>
                  {note}
                </p>
              )}
              {open === role.id && (
                <div className="role-permissions" id={infoId} role="region" aria-label={t.info(role.name)}>
                  {role.permissions.length === 0 ? (
                    <p>{t.noPermission}</p>
                  ) : (
                    <ul>
                      {role.permissions.map((p) => (
                        <li key={p.id}>
                          <strong>{p.category}</strong> — {p.description}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
