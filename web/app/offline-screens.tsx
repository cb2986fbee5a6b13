// The screens a signed-in account can open, fetched by the service worker in the background
// (issue 12, decision 180): the first visit downloads only the sign-in page and the app's entry;
// once signed in, the routes whose guards the account passes name their modules, and the worker
// fetches those files (and the account's guide) after the page has loaded, once per version:
// every later start and every screen of the role opens from the cache, offline too. A role never
// downloads a screen it cannot open. <html data-offline-screens>: 'storing', then 'ready' (or
// 'failed', tried again at the next start); 'none' when no account is signed in. Then the
// account's working data (app/working-data.ts, loaded only then): <html data-offline-data>.
import { isValidElement, useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { guideAddress, guideRoleOf } from '../screens/docs/guide-address';
import { screensStored } from './offline-ready';
import { canEnter, Guard, type Area } from '../session/guards';
import { type Session, useSession } from '../session/session';
import { useLanguage } from '../session/language';
import type { Language } from '../../worker/domain/language';

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
  worker.postMessage(
    {
      type: 'SCREENS',
      screens: [...screensFor(session, routes), ...(language === 'ht' ? [KREYOL_MODULE] : [])],
      files: [guideAddress(guideRoleOf(session.role), language)],
    },
    [channel.port2],
  );
  return answer;
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
    root.dataset.offlineScreens = 'storing';
    void storeScreens(signedIn, routes(), language)
      .catch(() => ({ ready: false, stored: 0 }))
      .then(async ({ ready, stored }) => {
        if (live) root.dataset.offlineScreens = ready ? 'ready' : 'failed';
        // 'Application prête hors ligne' waits for this moment (app/offline-ready.ts).
        if (live && ready) screensStored(stored > 0);
        // Then the account's working data (a teacher's classes; no other role has any).
        if (signedIn.role !== 'teacher') {
          if (live) root.dataset.offlineData = 'ready';
          return;
        }
        root.dataset.offlineData = 'storing';
        const done = await import('./working-data')
          .then(({ storeWorkingData }) => storeWorkingData(signedIn))
          .then(
            () => true,
            () => false,
          );
        if (live) root.dataset.offlineData = done ? 'ready' : 'failed';
      });
    return () => {
      live = false;
    };
    // The account's screens change with its role and permissions, not with each new token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}
