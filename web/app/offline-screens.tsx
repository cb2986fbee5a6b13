// The screens a signed-in account can open, fetched by the service worker in the background
// (issue 12, decision 180): the first visit downloads only the sign-in page and the app's entry;
// once signed in, the routes whose guards the account passes name their modules, and the worker
// fetches those files (and the account's guide) after the page has loaded, once per version:
// every later start and every screen of the role opens from the cache, offline too. A role never
// downloads a screen it cannot open. <html data-offline-screens>: 'storing', then 'ready' (or
// 'failed', tried again at the next start); 'none' when no account is signed in. Then the
// account's working set (app/working-data.ts, loaded only then; decision 320): <html
// data-offline-data> 'storing', 'ready' or 'failed' (said, and tried again in 30 s or when the
// network returns). 'Application prête hors ligne' waits for both. The set is revalidated at each
// visit: the app opened, or brought back after five minutes away.
import { isValidElement, useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { guideAddress, guideRoleOf } from '../screens/docs/guide-address';
import { screensStored } from './offline-ready';
import { canEnter, Guard, type Area } from '../session/guards';
import { getSession, type Session, useSession } from '../session/session';
import { textsNow, useLanguage } from '../session/language';
import type { Language } from '../../worker/domain/language';
import { toast } from '../components/toast';
import { offlineText } from '../i18n/offline';
import { keepsASet } from './working-set-roles';
import { hasKey } from '../session/data-key';
import { renewSession } from '../session/renew';
import { SessionRefused } from '../api/stored-reads';
import { read } from '../api/calls';
import { endpoints } from '../api/endpoints';
import { postToWorker } from '../sw/protocol';

interface ScreenHandle {
  module: string;
  offline: boolean;
}

/** The modules of the routes `session` can open, walking the guards as the router does. */
export function screensFor(session: Session, routes: RouteObject[]): string[] {
  const found = new Set<string>();
  const walk = (list: RouteObject[]) => {
    for (const route of list) {
      const element = route.element;
      if (isValidElement<{ area: Area; permission?: string }>(element) && element.type === Guard) {
        if (!canEnter(session, element.props.area, element.props.permission)) continue;
      }
      const handle = route.handle as ScreenHandle | undefined;
      if (handle?.offline) found.add(handle.module);
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return [...found];
}

/** Resolves once the page's own downloads are done, so the background ones never delay it. */
const pageLoaded = () =>
  new Promise<void>((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => resolve(), { timeout: 3000 })
        : setTimeout(resolve, 500);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });

/** Whether the screens are stored, and how many of their files the worker downloaded for it. */
interface Stored {
  ready: boolean;
  stored: number;
}

/** Kreyòl's texts (session/language.ts): stored with the screens of a phone that reads them. */
const KREYOL_MODULE = 'i18n/ht/index';

async function storeScreens(session: Session, routes: RouteObject[], language: Language): Promise<Stored> {
  const registration = await navigator.serviceWorker.ready;
  await pageLoaded();
  const worker = registration.active;
  if (!worker) return { ready: false, stored: 0 };
  const channel = new MessageChannel();
  const answer = new Promise<Stored>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<{ ready?: boolean; stored?: number }>) =>
      resolve({ ready: Boolean(event.data?.ready), stored: event.data?.stored ?? 0 });
  });
  postToWorker(
    worker,
    {
      type: 'SCREENS',
      screens: [...screensFor(session, routes), ...(language === 'ht' ? [KREYOL_MODULE] : [])],
      files: guideRoleOf(session.role) ? [guideAddress(guideRoleOf(session.role)!, language)] : [],
    },
    channel.port2,
  );
  return answer;
}

/** After a failed set, tried again this long after (and when the network returns). */
const RETRY_MS = 30_000;
/** The app brought back after this long hidden is a new visit: its set is revalidated again. */
const NEW_VISIT_MS = 5 * 60_000;

/** The account's working set stored (or revalidated): true when done. */
async function storeSet(session: Session, renewed = false): Promise<boolean> {
  try {
    const { storeWorkingData } = await import('./working-data');
    // A session signed in before decision 320 has no data key yet: its renewal brings it.
    if (!(await hasKey(session)) && (await renewSession()) !== 'renewed') return false;
    await storeWorkingData(getSession() ?? session);
    return true;
  } catch (error) {
    // Refused (the session ended elsewhere, a password changed, the school suspended): the API
    // client asks once more and does what any refused call does (renews the token once, or goes
    // to the sign-in page saying why); renewed, the set is tried again.
    if (error instanceof SessionRefused && !renewed) {
      const asked = await read(endpoints.bootstrap.read, {}, { fresh: true }).then(
        () => true,
        () => false,
      );
      if (asked && getSession()) return storeSet(getSession() ?? session, true);
    }
    return false;
  }
}

/** `routes`: the app's route tree (a function: the tree holds this element). */
export function OfflineScreens({ routes }: { routes: () => RouteObject[] }) {
  const session = useSession();
  const language = useLanguage();
  const signedIn = session && session.status !== 'temporary_password' ? session : null;
  const key = signedIn ? `${signedIn.id}:${signedIn.role}:${signedIn.permissions.join(',')}:${language}` : '';
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const root = document.documentElement;
    if (!signedIn) {
      root.dataset.offlineScreens = 'none';
      return;
    }
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let hiddenAt = 0;
    const hasSet = keepsASet(signedIn);
    /** The working set, once at each visit; 'Application prête hors ligne' waits for it. */
    const storeData = async (fresh: boolean) => {
      clearTimeout(retry);
      if (!hasSet) {
        if (live) root.dataset.offlineData = 'ready';
        if (live) screensStored(fresh);
        return;
      }
      root.dataset.offlineData = 'storing';
      const done = await storeSet(signedIn);
      if (!live) return;
      root.dataset.offlineData = done ? 'ready' : 'failed';
      if (done) screensStored(fresh);
      else {
        toast.warning(textsNow('offline', offlineText).setFailed);
        retry = setTimeout(() => void storeData(fresh), RETRY_MS);
      }
    };
    root.dataset.offlineScreens = 'storing';
    void storeScreens(signedIn, routes(), language)
      .catch(() => ({ ready: false, stored: 0 }))
      .then(({ ready, stored }) => {
        if (live) root.dataset.offlineScreens = ready ? 'ready' : 'failed';
        if (live && ready) void storeData(stored > 0);
      });
    const online = () => root.dataset.offlineData === 'failed' && void storeData(false);
    const visible = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt && Date.now() - hiddenAt > NEW_VISIT_MS) void storeData(false);
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      live = false;
      clearTimeout(retry);
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
    };
    // The account's screens change with its role and permissions, not with each new token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}
