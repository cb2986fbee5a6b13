// Strength indicator and live criteria checklist, from the same policy the server enforces, and
// the new password fields they go with.
import type { ReactNode } from 'react';
import { passwordCriteria, passwordStrength } from '../../worker/domain/password-policy';
import { authText } from '../i18n/auth';
import { useTexts } from '../session/language';
import { Field } from './Field';
import { PasswordInput } from './PasswordInput';

export function PasswordStrength({ password }: { password: string }) {
  const level = passwordStrength(password);
  const t = useTexts('auth', authText).strength;
  return (
    <div className="strength">
      <span>{t.label}</span>
      <span className="strength-bar" aria-hidden="true">
        <span data-level={level} style={{ width: `${(level / 5) * 100}%` }} />
      </span>
      <span aria-live="polite">{password ? t.levels[level] : ''}</span>
    </div>
  );
}

export function PasswordCriteriaList({ password }: { password: string }) {
  const met = passwordCriteria(password);
  const c = useTexts('auth', authText).criteria;
  const items = [
    ['length', c.length],
    ['lowercase', c.lowercase],
    ['uppercase', c.uppercase],
    ['digit', c.digit],
    ['special', c.special],
  ] as const;
  return (
    <div>
      <p className="muted" style={{ margin: 0, fontSize: '0.9rem' }}>
        {c.heading}
      </p>
      <ul className="criteria">
        {items.map(([key, label]) => (
          <li key={key} className={met[key] ? 'ok' : ''}>
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A new password with its live checks, and its confirmation with 'match' / 'mismatch' as typed. */
export function NewPasswordFields({
  password,
  confirm,
  labels,
  strength = false,
  onPassword,
  onConfirm,
}: {
  password: string;
  confirm: string;
  labels: { password: string; confirm: string; match: string; mismatch: string };
  /** Shows the strength bar too. */
  strength?: boolean;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <NewPassword label={labels.password} value={password} onChange={onPassword}>
        {strength && <PasswordStrength password={password} />}
        <PasswordCriteriaList password={password} />
      </NewPassword>
      <NewPassword label={labels.confirm} value={confirm} onChange={onConfirm}>
        {confirm && (
          <span className={password === confirm ? 'hint-ok' : 'hint-error'} aria-live="polite">
            {password === confirm ? labels.match : labels.mismatch}
          </span>
        )}
      </NewPassword>
    </>
  );
}

/** A new password's field, what is said of it below the input. */
function NewPassword({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <>
          <PasswordInput
            {...control}
            autoComplete="new-password"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            required
          />
          {children}
        </>
      )}
    </Field>
  );
}
