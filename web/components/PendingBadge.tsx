// 'En attente': a record changed offline whose write waits in the service worker's queue
// (web/api/pending.ts); every list marks such rows the same way.
import { offlineText } from '../i18n/offline';

export function PendingBadge() {
  return (
    <span className="badge badge-pending tone-info" title={offlineText.pendingTitle}>
      {offlineText.pending}
    </span>
  );
}
