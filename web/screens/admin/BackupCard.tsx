// The school admin's backup of their school (issue 30): one ZIP of everything, online only.
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { downloadBackup } from '../../components/backup';
import { Button } from '../../components/Button';
import { toast } from '../../components/toast';
import { backupText as t } from '../../i18n/backup';
import { useOnline } from '../../session/connectivity';

export function BackupCard() {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadBackup(endpoints.backup.schoolBackup, {});
      toast.success(t.done);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card backup-card" aria-labelledby="backup-title">
      <h2 id="backup-title">{t.title}</h2>
      <p className="muted">{t.intro}</p>
      {!online && (
        <p className="notice tone-warning" role="alert">
          {t.needsNetwork}
        </p>
      )}
      <Button look="primary" disabled={busy || !online} onClick={() => void download()}>
        {busy ? t.downloading : t.download}
      </Button>
    </section>
  );
}
