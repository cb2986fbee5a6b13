// The home's count of the scores typed and not sent yet (issue 39), beside the writes waiting
// (./pending.ts): read from the drafts' store without their key or their module; when some wait
// and the network is there, the drafts' module is loaded to send them, and the count read again.
import { useEffect, useState } from 'react';
import { getSession } from '../session/session';
import { pendingDraftsOf } from '../screens/gradebook/drafts-store';

/** How often the count is read again while the home is open. */
const EVERY_MS = 20_000;

export function usePendingScores(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const read = async (send: boolean) => {
      const userId = getSession()?.id;
      const n = userId ? await pendingDraftsOf(userId).catch(() => 0) : 0;
      if (!live) return;
      setCount(n);
      if (send && n > 0 && navigator.onLine) {
        await import('../screens/gradebook/drafts').then(({ sendDrafts }) => sendDrafts()).catch(() => undefined);
        if (live) void read(false);
      }
    };
    void read(true);
    const again = () => void read(true);
    window.addEventListener('online', again);
    const timer = window.setInterval(again, EVERY_MS);
    return () => {
      live = false;
      window.removeEventListener('online', again);
      window.clearInterval(timer);
    };
  }, []);
  return count;
}
