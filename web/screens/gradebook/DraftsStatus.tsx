// The book's drafts above the table (decisions 140, 270): how many scores wait on this phone, with
// 'Envoyer maintenant'; each score the server refused, with its message, 'Réessayer' and 'Retirer'.
import { gradebookText as t } from '../../i18n/gradebook';
import { formatPoints } from '../../../worker/domain/grades';
import { dropDraft, type GradeDraft, retryDraft, sendDrafts } from './drafts';
import { Button } from '../../components/Button';

export function DraftsStatus({
  drafts,
  nameOf,
}: {
  /** The book's drafts. */
  drafts: readonly GradeDraft[];
  /** A student's name in the book. */
  nameOf: (enrollmentId: string) => string;
}) {
  const pending = drafts.filter((d) => d.state === 'pending');
  const refused = drafts.filter((d) => d.state === 'refused');
  return (
    <>
      {pending.length > 0 && (
        <div className="notice tone-info gradebook-pending" role="status">
          <strong>{t.drafts.pending(pending.length)}</strong> <span>{t.drafts.pendingHint}</span>{' '}
          <Button small onClick={() => void sendDrafts()}>
            {t.drafts.sendNow}
          </Button>
        </div>
      )}
      {refused.length > 0 && (
        <div className="notice tone-error" role="alert">
          <strong>{t.drafts.refusedTitle(refused.length)}</strong>
          <ul className="gradebook-refused">
            {refused.map((d) => (
              <li key={d.key}>
                {t.drafts.refusedLine(
                  nameOf(d.body.enrollment_id),
                  d.body.evaluation_name,
                  d.body.score === null ? t.drafts.empty : formatPoints(d.body.score),
                  d.error ?? '',
                )}{' '}
                <Button small onClick={() => void retryDraft(d.key)}>
                  {t.drafts.retry}
                </Button>{' '}
                <Button small onClick={() => void dropDraft(d.key)}>
                  {t.drafts.drop}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
