// The administration's Sécurité tab: the password form every account has (a teacher's Sécurité
// tab is SecurityTab alone), then the school's backup (issue 30), the admin account type's only,
// like its route. Composed here so that a teacher's phone never downloads the backup's code.
import { useSession } from '../../../session/session';
import { BackupCard } from '../BackupCard';
import { SecurityTab } from './SecurityTab';

export function AdminSecurityTab() {
  const session = useSession();
  return (
    <>
      <SecurityTab />
      {session?.role === 'admin' && <BackupCard />}
    </>
  );
}
