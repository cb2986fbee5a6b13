// Shared steps of the end-to-end tests: sign in through the real login page, a phone's screen,
// a service worker that arrives late, what a thumb can reach, and what axe-core finds.
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../scripts/demo-accounts';
import { demoCalendar } from '../../scripts/demo/calendar';

/**
 * The demo's years and trimesters as its schools are written today (decision 211): the current
 * year holds the school's today ('2026-2027' on 27 November 2026), the next one is empty.
 */
export const DEMO = demoCalendar();

export async function signIn(page: Page, username: string, password: string = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

export async function signInAndLand(page: Page, username: string, home: string, password: string = DEMO_PASSWORD) {
  await signIn(page, username, password);
  await expect(page).toHaveURL(new RegExp(`${home}$`));
}

/** A token straight from the API, for set-up steps the UI of this release does not offer. */
export async function apiToken(page: Page, username: string, password: string = DEMO_PASSWORD): Promise<string> {
  const res = await page.request.post('/api/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * The account's screens and working set stored on the phone, and the 'Application prête hors
 * ligne' notice gone: a test that looks at what covers the page waits for this (the notice sits
 * below the top bar for a few seconds).
 */
export async function settledOffline(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-offline-screens', 'ready', { timeout: 60_000 });
  await expect(page.locator('html')).toHaveAttribute('data-offline-data', /ready|failed/, { timeout: 60_000 });
  await expect(page.locator('.sw-banner')).toHaveCount(0, { timeout: 20_000 });
}

/** The phone of the issue reports: 360 x 740. */
export const PHONE = { width: 360, height: 740 };

/**
 * The console's card of one school: the 'Écoles' tab shows a page of schools (decision 332), so
 * the school is searched first by one of its hostnames (unique), as a superadmin would.
 */
export async function schoolCard(page: Page, hostname: string): Promise<Locator> {
  await page.getByLabel('Rechercher une école').fill(hostname);
  // The search has answered (300 ms after the typing stops): that school alone.
  await expect(page.getByText('1 école', { exact: true })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: hostname });
  await expect(card).toHaveCount(1);
  return card;
}

/**
 * Holds the service worker's script until `release()` is called, as on a slow network where the
 * worker is ready long after the sign-in: what the page reads meanwhile is not seen by it.
 */
export async function holdServiceWorker(context: BrowserContext): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/service-worker.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the service worker controls the page (it claims clients on activation) and, for a
 * signed-in account, has stored the screens the account can open (web/app/offline-screens.tsx).
 */
export async function controlled(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active && navigator.serviceWorker.controller);
  });
  await expect(page.locator('html')).toHaveAttribute('data-offline-screens', /^(ready|none)$/, { timeout: 30_000 });
}

/** Nothing (a notice, a bar) lies over the element: a tap on it reaches it. */
export async function expectUncovered(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const covered = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    // Along its middle line (rounded corners are not part of a button's tap area).
    const y = box.top + box.height / 2;
    const points = [0.2, 0.5, 0.8].map((at) => [box.left + box.width * at, y] as const);
    return points
      .map(([x, y]) => document.elementFromPoint(x, y))
      .filter((hit) => !hit || !(hit === element || element.contains(hit)))
      .map((hit) => hit?.outerHTML.slice(0, 80) ?? 'nothing');
  });
  expect(covered, 'elements over the target').toEqual([]);
}

/**
 * The visible controls a thumb cannot hit reliably: smaller than 44 x 44 px, a checkbox counting
 * with its label. Links inside text are left out.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      'button, select, input, a.btn, nav a, [role="button"]',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      let { width, height } = box;
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
        const label =
          element.closest('label') ?? (element.id ? document.querySelector(`label[for="${element.id}"]`) : null);
        const area = label?.getBoundingClientRect();
        if (area) {
          width = Math.max(width, area.width);
          height = Math.max(height, area.height);
        }
      }
      if (width < 44 || height < 44) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
        small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(width)}x${Math.round(height)}`);
      }
    }
    return small;
  });
}

/**
 * axe-core's serious and critical violations on the page as it shows now, or in the part `within`
 * selects (hidden elements are not checked), one line per element: rule, impact, where, why (for contrast, the two colours and
 * their ratio). Empty when the screen passes.
 */
export async function accessibilityProblems(page: Page, within?: string): Promise<string[]> {
  // Only the violations are reported in full: much quicker on a long list.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (within ? axe.include(within) : axe).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as
          { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const why = contrast?.contrastRatio
          ? `${contrast.fgColor} on ${contrast.bgColor} is ${contrast.contrastRatio}:1`
          : (node.failureSummary ?? '').replace(/\s+/g, ' ').replace(/^Fix (any|all) of the following: /, '');
        return `${violation.id} (${violation.impact}) ${node.target.join(' ')} ${node.html.slice(0, 100)}: ${why}`;
      }),
    );
}

/**
 * No serious or critical violation of axe-core on the page as it shows now (or only in the part
 * `within` selects: a dialog over a screen already checked). Soft: a walk through many screens
 * reports each screen's list, named by `screen`, and fails at its end.
 */
export async function expectAccessible(page: Page, screen: string, within?: string) {
  expect.soft(await accessibilityProblems(page, within), `accessibility of ${screen}`).toEqual([]);
}

// ------------------------------------------------------------- a shared phone (decision 320)

/** Every text the phone keeps in Cache Storage and IndexedDB, as it is stored (bytes read as text). */
export const everythingStored = (page: Page) =>
  page.evaluate(async () => {
    const decode = (value: unknown): string => {
      if (value instanceof ArrayBuffer) return new TextDecoder().decode(value);
      if (ArrayBuffer.isView(value)) return new TextDecoder().decode(value as Uint8Array);
      if (value instanceof Blob) return '[blob]';
      if (value && typeof value === 'object')
        return Object.entries(value)
          .map(([k, v]) => `${k}:${decode(v)}`)
          .join(' ');
      return String(value);
    };
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (!response) continue;
        texts.push(`${name} ${request.url} ${[...response.headers].join(' ')} ${await response.text()}`);
      }
    }
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of [...db.objectStoreNames]) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (const value of all) texts.push(`${name}/${store} ${decode(value)}`);
      }
      db.close();
    }
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      texts.push(`localStorage ${key} ${localStorage.getItem(key)}`);
    }
    return texts.join('\n');
  });

/** The accounts whose keys the phone holds (web/vault: only those signed in). */
export const keyHolders = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('portail-vault');
        open.onsuccess = () => {
          const request = open.result.transaction('keys').objectStore('keys').getAllKeys();
          request.onsuccess = () => resolve(request.result.map(String));
          request.onerror = () => reject(request.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );

/** Signs out from the top bar, or from the menu on a phone. */
export async function signOut(page: Page) {
  const logout = page.getByRole('button', { name: 'Déconnexion' });
  if (!(await logout.isVisible())) await page.getByRole('button', { name: /^Ouvrir le menu/ }).click();
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
