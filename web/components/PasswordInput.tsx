import { type ComponentPropsWithRef, useState } from 'react';
import { authText } from '../i18n/auth';
import { useTexts } from '../session/language';
import { Button } from './Button';
import { framed } from './Field';
import { LineIcon } from './LineIcon';

/** A password field with its show/hide toggle. */
export function PasswordInput(props: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  const t = useTexts('auth', authText).login;
  return (
    <div className="password-input">
      <input {...props} type={visible ? 'text' : 'password'} className="input" />
      <Button
        look="ghost"
        className="password-toggle"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t.hidePassword : t.showPassword}
        aria-pressed={visible}
        aria-controls={props.id}
      >
        <LineIcon>
          <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
          <circle cx="12" cy="12" r="3" />
          {visible && <path d="M3 3l18 18" />}
        </LineIcon>
      </Button>
    </div>
  );
}

/** A labelled password input with its toggle. */
export const PasswordField = framed((control, input: Omit<ComponentPropsWithRef<'input'>, 'type'>) => (
  <PasswordInput {...control} {...input} />
));
