// Writes the server refused when they were replayed (a 4xx after the network came back; issue 28):
// shown where they were made, each with the server's French message and 'Retirer' once read.
// `areas`: the addresses under /api whose refusals the screen shows ('/teacher/attendance').
import { dismissRefused, type RefusedWrite, useRefusedWrites } from '../api/pending';
import { offlineText } from '../i18n/offline';
import { Button } from './Button';

export function RefusedWrites({ areas, only }: { areas?: readonly string[]; only?: (w: RefusedWrite) => boolean }) {
  const refused = useRefusedWrites(areas).filter((w) => !only || only(w));
  if (refused.length === 0) return null;
  return (
    <ul className="bare-list refused-writes" aria-label={offlineText.refusedTitle}>
      {refused.map((w) => (
        <li key={w.id} className="notice tone-error spread" role="alert">
          <span>{offlineText.refused(w.message)}</span>
          <Button onClick={() => void dismissRefused(w.id)}>{offlineText.dismiss}</Button>
        </li>
      ))}
    </ul>
  );
}
