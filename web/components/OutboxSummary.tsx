// The account's unsent work on its home screen (issues 28, 39): how many writes wait on this phone
// ('En attente', sent when the network returns), the grade book's scores typed and not sent yet,
// and the writes the server refused when they were replayed, with its message. Nothing while all
// is sent.
import { usePendingWrites } from '../api/pending';
import { usePendingScores } from '../api/pending-scores';
import { offlineText } from '../i18n/offline';
import { PendingBadge } from './PendingBadge';
import { RefusedWrites } from './RefusedWrites';

export function OutboxSummary() {
  const waiting = usePendingWrites().length;
  const scores = usePendingScores();
  return (
    <>
      {waiting > 0 && (
        <p className="notice tone-info outbox-summary" role="status">
          <PendingBadge /> {offlineText.pendingCount(waiting)}. {offlineText.pendingHint}
        </p>
      )}
      {scores > 0 && (
        <p className="notice tone-info outbox-summary" role="status">
          <PendingBadge /> {offlineText.pendingScores(scores)}. {offlineText.pendingHint}
        </p>
      )}
      <RefusedWrites />
    </>
  );
}
