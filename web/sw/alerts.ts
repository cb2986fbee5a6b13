// The families' alerts in the service worker (issue 43, decision 361): a push message carries its
// text (title, body, the child's page), so the notification is shown without a fetch; tapping it
// focuses a window of the app on the child's page, or opens one. Nothing outside the app's origin
// is ever opened.

export interface Alert {
  title: string;
  body: string;
  /** The app's page to open (a path of this origin). */
  url: string;
}

/** A push message's text read as an alert; null when it is not one. */
export function alertOf(text: string | null | undefined): Alert | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Alert>;
    if (typeof value.title !== 'string' || !value.title) return null;
    return {
      title: value.title,
      body: typeof value.body === 'string' ? value.body : '',
      url: typeof value.url === 'string' && value.url.startsWith('/') && !value.url.startsWith('//') ? value.url : '/',
    };
  } catch {
    return null;
  }
}

/** The notification of an alert (its page kept in `data`; one per page, the newest replacing the older). */
export const notificationOf = (alert: Alert) => ({
  title: alert.title,
  options: {
    body: alert.body,
    data: { url: alert.url },
    tag: alert.url,
    icon: '/icons/icon-192.png',
  } satisfies NotificationOptions,
});

interface AppWindow {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** Tapping: a window of the app goes to the page and comes forward; without one, a new window opens on it. */
export async function openAlert(
  data: unknown,
  origin: string,
  clients: { windows: () => Promise<readonly AppWindow[]>; open: (url: string) => Promise<unknown> },
): Promise<void> {
  const path = (data as { url?: unknown } | null)?.url;
  const url = new URL(typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/', origin);
  const open = (await clients.windows()).find((w) => new URL(w.url).origin === origin);
  if (open) {
    await open.navigate(url.href);
    await open.focus();
    return;
  }
  await clients.open(url.href);
}
