// The page's side of the offline protocol: registers /service-worker.js, shows the 'ready
// offline' (once the role's screens are stored) and 'new version' banner, relays the session and connectivity to the worker, asks it to
// send the account's waiting writes (at start-up, on 'online' and on a timer while some wait), and
// turns its sync messages into the spec's notices (document 1 §2 and §4). A completed replay
// refreshes the open screens' data in place (issue 28: the page is never reloaded under a user
// typing). The banner sits with the toasts at the top of the screen and goes away on its own: a new
// version waiting is offered again at the next start (the worker stays waiting until then).
import { useEffect, useRef, useState } from 'react';
import { announceSynced, replayNow, RETRY_DELAYS_MS, usePendingWrites } from '../api/pending';
import { Button } from '../components/Button';
import { TOAST_DURATION_MS, toast } from '../components/toast';
import { offlineText } from '../i18n/offline';
import { onScreensStored } from './offline-ready';
import { RENEW_BEFORE_SECONDS } from '../session/renew';
import { getSession, renewable, tokenExpired, useSession } from '../session/session';
import { textsNow, useTexts } from '../session/language';
import './sw-banner.css';
import { type PageMessage, postToWorker, type WorkerMessage } from '../sw/protocol';

type Banner = 'ready' | 'update' | null;

/** Long enough to read the banner and tap 'Mettre à jour'. */
const UPDATE_BANNER_MS = 15_000;

function tellWorker(message: PageMessage) {
  postToWorker(navigator.serviceWorker?.controller, message);
}

/** Whether this page told the worker it opened (VISIT, once a page: decision 320). */
let visitSaid = false;

export function ServiceWorkerBridge() {
  const [banner, setBanner] = useState<Banner>(null);
  /** The reader asked for the new version: its taking over reloads the page. */
  const updating = useRef(false);
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const session = useSession();
  const t = useTexts('offline', offlineText);

  // 'Application prête hors ligne' once the signed-in role's screens are stored (issue 29): after
  // the first worker installed in this page, or when some of them were downloaded just now (a
  // role signing in for the first time on this phone or this version). Never at the install alone.
  const firstInstall = useRef(false);
  useEffect(
    () =>
      onScreensStored((fresh) => {
        if (fresh || firstInstall.current) setBanner((now) => (now === 'update' ? now : 'ready'));
        firstInstall.current = false;
      }),
    [],
  );

  // The browser's own API (workbox-window cost the first visit 2.5 KB, issue 12): a worker that
  // finishes installing while none controls the page is the first one (its screens to come: see
  // above); while one does, it is a new version, waiting ('update'). When a new version takes
  // over, the page reloads.
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const replaced = Boolean(navigator.serviceWorker.controller);
    const track = (worker: ServiceWorker | null) => {
      const onState = () => {
        if (cancelled || worker?.state !== 'installed') return;
        if (navigator.serviceWorker.controller) setBanner('update');
        else firstInstall.current = true;
      };
      worker?.addEventListener('statechange', onState);
      onState();
    };
    const onControllerChange = () => {
      if (replaced || updating.current) window.location.reload();
    };
    navigator.serviceWorker.addEventListener('controllerchange', onControllerChange);
    // Registered once; afterwards the browser checks the worker's script at each navigation by
    // itself, and a second check here would ask the server again for nothing (300 bytes).
    const register = () =>
      void navigator.serviceWorker
        .getRegistration()
        .then((known) => known ?? navigator.serviceWorker.register('/service-worker.js'))
        .then((found) => {
          if (cancelled) return;
          setRegistration(found);
          if (found.waiting && navigator.serviceWorker.controller) setBanner('update');
          track(found.installing);
          found.addEventListener('updatefound', () => track(found.installing));
        });
    // Once the page has loaded: the worker's downloads never delay the first screen.
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', register);
      navigator.serviceWorker.removeEventListener('controllerchange', onControllerChange);
    };
  }, []);

  // Sync results, from the worker.
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<WorkerMessage | null>) => {
      const message = event.data;
      const said = textsNow('offline', offlineText);
      if (message?.type === 'SYNC_COMPLETE') {
        toast.success(said.syncComplete);
        // The open screens read their data again, in place: what is being typed stays.
        announceSynced(message.paths ?? []);
      } else if (message?.type === 'SYNC_AUTH_ERROR') {
        toast.error(said.syncAuthError);
      } else if (message?.type === 'SYNC_CLIENT_ERROR') {
        toast.error(message.messages?.length ? message.messages.join(' ') : said.syncClientErrorDefault);
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);

  // The worker replays with the signed-in account's current token, and when we are back online.
  // A worker that takes control late (first visit, slow network) hears it as soon as it does.
  useEffect(() => {
    const post = () => {
      if (!session) return;
      // The opening of the app: the worker revalidates the account's set at once (sw.ts).
      if (!visitSaid && navigator.serviceWorker?.controller) {
        visitSaid = true;
        tellWorker({ type: 'VISIT', token: session.token, userId: session.id });
      }
      tellWorker({ type: 'SESSION', token: session.token, userId: session.id });
    };
    post();
    navigator.serviceWorker?.addEventListener('controllerchange', post);
    return () => navigator.serviceWorker?.removeEventListener('controllerchange', post);
  }, [session]);
  useEffect(() => {
    const online = () => {
      // An ended access token is renewed first (session/renew.ts); its SESSION message replays.
      const current = getSession();
      if (current && renewable(current) && tokenExpired(current, RENEW_BEFORE_SECONDS)) return;
      tellWorker({ type: 'REPLAY' });
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
  useReplayTimer();

  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), banner === 'ready' ? TOAST_DURATION_MS : UPDATE_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const update = () => {
    const waiting = registration?.waiting;
    if (!waiting) return window.location.reload();
    updating.current = true;
    postToWorker(waiting, { type: 'SKIP_WAITING' });
  };

  if (!banner) return null;
  return (
    <div className="sw-banner" role="status">
      <span>{banner === 'ready' ? t.readyOffline : t.newVersion}</span>
      {banner === 'update' && (
        <Button look="primary" onClick={update}>
          {t.update}
        </Button>
      )}
      <Button onClick={() => setBanner(null)}>{t.close}</Button>
    </div>
  );
}

/**
 * While the signed-in account has writes waiting, asks the worker to send them now (start-up) and
 * again after 5 s, 10 s, then every 20 s until none waits; the worker's own Background Sync keeps
 * trying when no page is open.
 */
function useReplayTimer() {
  const waiting = usePendingWrites().length > 0;
  useEffect(() => {
    if (!waiting) return;
    let attempt = 0;
    let timer: number | undefined;
    let live = true;
    const next = () => {
      timer = window.setTimeout(
        () => {
          attempt++;
          void replayNow().then(() => live && next());
        },
        attempt === 0 ? 0 : RETRY_DELAYS_MS[Math.min(attempt - 1, RETRY_DELAYS_MS.length - 1)],
      );
    };
    next();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [waiting]);
}
