// Strength indicator and live criteria checklist, from the same policy the server enforces.
import { passwordCriteria, passwordStrength } from '../../worker/domain/password-policy';
import { authText } from '../i18n/auth';

export function PasswordStrength({ password }: { password: string }) {
  const level = passwordStrength(password);
  return (
    <div className="strength">
      <span>{authText.strength.label}</span>
      <span className="strength-bar" aria-hidden="true">
        <span data-level={level} style={{ width: `${(level / 5) * 100}%` }} />
      </span>
      <span aria-live="polite">{password ? authText.strength.levels[level] : ''}</span>
    </div>
  );
}

export function PasswordCriteriaList({ password }: { password: string }) {
  const met = passwordCriteria(password);
  const c = authText.criteria;
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
