// The account's unsent work on its home screen (issue 28): how many writes wait on this phone
// ('En attente', sent when the network returns) and those the server refused when they were
// replayed, with its message. Nothing while all is sent.
import { usePendingWrites } from '../api/pending';
import { offlineText } from '../i18n/offline';
import { PendingBadge } from './PendingBadge';
import { RefusedWrites } from './RefusedWrites';

export function OutboxSummary() {
  const waiting = usePendingWrites().length;
  return (
    <>
      {waiting > 0 && (
        <p className="notice tone-info outbox-summary" role="status">
          <PendingBadge /> {offlineText.pendingCount(waiting)}. {offlineText.pendingHint}
        </p>
      )}
      <RefusedWrites />
    </>
  );
}
