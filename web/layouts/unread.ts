// The administration's unread support messages, for the staff menu's badge (issue 15): polled
// every 15 s with its ETag while the school's socket is closed, refreshed on each push.
import { usePolledRead } from '../api/calls';
import { endpoints } from '../api/endpoints';
import { useLocalChange, useSupportPush } from '../api/live';
import { LIST_POLL_MS } from './poll-periods';

export function useSupportUnread(enabled: boolean): number {
  const polled = usePolledRead(endpoints.support.unread, enabled ? {} : null, LIST_POLL_MS);
  useSupportPush(() => polled.refresh(), enabled);
  useLocalChange(() => polled.refresh(), enabled);
  return polled.data?.unread ?? 0;
}
