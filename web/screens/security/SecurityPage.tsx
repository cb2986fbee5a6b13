// Sécurité as a page (decision 314): the password change and one's signed-in devices, for the
// accounts whose space has no Sécurité tab: the pupils (/student/security), the staff without the
// administration, the platform accounts (/security). Online only: not fetched for offline use.
import { shellText } from '../../i18n/shell';
import { useTexts } from '../../session/language';
import { SecurityTab } from '../admin/tabs/SecurityTab';
import './security.css';

export function SecurityPage() {
  return (
    <main className="page security-page">
      <h1>{useTexts('shell', shellText).screens.security}</h1>
      <SecurityTab />
    </main>
  );
}
