// An account's username and temporary password, shown once (a reset, a new teacher's account):
// copy it, print it on a slip when the screen offers it, then say it is noted.
import { credentialsText } from '../i18n/credentials';
import { Button } from './Button';
import { Modal } from './Modal';
import { toast } from './toast';
import './credentials.css';

const t = credentialsText;

export interface Credentials {
  username: string;
  tempPassword: string;
}

export function CredentialsDialog({
  credentials,
  title = t.resetTitle,
  onPrint,
  onClose,
}: {
  credentials: Credentials;
  title?: string;
  /** Prints a slip to hand to the account's owner. */
  onPrint?: () => void;
  onClose: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(credentials.tempPassword);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };
  return (
    <Modal
      title={title}
      actions={
        <>
          {onPrint && <Button onClick={onPrint}>{t.print}</Button>}
          <Button look="primary" onClick={onClose}>
            {t.noted}
          </Button>
        </>
      }
    >
      <dl className="credentials">
        <dt>{t.resetUser}</dt>
        <dd>{credentials.username}</dd>
        <dt>{t.resetPassword}</dt>
        <dd>
          <code data-testid="temp-password">{credentials.tempPassword}</code>
          <Button onClick={copy}>{t.copy}</Button>
        </dd>
      </dl>
      <p className="notice tone-warning">{t.resetNotice}</p>
    </Modal>
  );
}
