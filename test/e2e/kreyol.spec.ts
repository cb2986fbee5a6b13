// Kreyòl on the pupil's side (issue 42), on a 360 px phone: Kreyòl chosen on the sign-in page, a
// refusal of the server in Kreyòl, the pupil signed in, every section in Kreyòl online and then
// offline, another browser profile finding Kreyòl already chosen (the account kept it). On each
// screen the 'no French on a Kreyòl screen' check: the page's words and the names it gives
// (aria-label, title, alt, placeholder) hold no French (test/french-words.ts), once the data the
// server answered (the school's, the subjects', people's names, the school's own words) is set
// aside; the only French word allowed is the language's own name, marked lang="fr" on its button.
import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../scripts/demo-accounts';
import { seedDemoResources } from '../../scripts/demo/resources';
import { frenchIn } from '../french-words';
import { expect, test } from './fixtures';
import { controlled, expectAccessible, PHONE } from './support';

test.use({ viewport: PHONE });

/** The strings of the server's data answers (GET, and the several reads of one POST), the messages left out. */
function collectData(context: BrowserContext): Set<string> {
  const data = new Set<string>();
  const take = (value: unknown, key = ''): void => {
    if (typeof value === 'string' && key !== 'message' && value.length > 1) data.add(value);
    else if (Array.isArray(value)) value.forEach((item) => take(item));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) take(v, k);
  };
  context.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const method = response.request().method();
    // The devices' names are the portal's words, not data: they are checked.
    if (!pathname.startsWith('/api/') || pathname === '/api/auth/sessions' || !response.ok()) return;
    if (method !== 'GET' && pathname !== '/api/reads') return;
    void response.json().then(
      (body: unknown) => take(body),
      () => undefined,
    );
  });
  return data;
}

/** The page's words and the names it gives, outside what is marked in another language than Kreyòl. */
const shownWords = (page: Page) =>
  page.evaluate(() => {
    const parts: string[] = [document.title];
    const walk = (node: Node) => {
      if (node instanceof Element) {
        if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(node.tagName)) return;
        const lang = node.getAttribute('lang');
        if (lang && lang !== 'ht') return;
        for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
          const value = node.getAttribute(name);
          if (value) parts.push(value);
        }
      } else if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
      node.childNodes.forEach(walk);
    };
    walk(document.body);
    return parts.join('\n');
  });

/** No French on the screen shown (soft: every screen is reported, the test fails at its end). */
async function expectNoFrench(page: Page, data: Set<string>, screen: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ht');
  let words = await shownWords(page);
  for (const value of [...data].sort((a, b) => b.length - a.length)) words = words.split(value).join('\n');
  expect.soft(frenchIn(words), `French on ${screen}`).toEqual([]);
}

/** A section of the pupil's menu, opened from the menu's button on a phone. */
async function openSection(page: Page, name: string) {
  await page.getByRole('button', { name: 'Louvri meni an' }).click();
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
}

test('a pupil reads the portal in Kreyòl, online and offline, and finds it on another phone', async ({
  page,
  context,
  browser,
  school,
}) => {
  test.setTimeout(240_000);
  // The demo teacher's PDF for the pupil's class, previewed below.
  await seedDemoResources(async (method, path, token, body) => {
    const res = await page.request.fetch(path, {
      method,
      headers: token ? { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() } : {},
      ...(body !== undefined && body !== null ? { data: body } : {}),
    });
    return { status: res.status(), json: await res.json().catch(() => null) };
  }, DEMO_PASSWORD);
  const data = collectData(context);

  // French by default; Kreyòl chosen on the sign-in page.
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  const choice = page.getByRole('group', { name: 'Langue' });
  await choice.getByRole('button', { name: 'Kreyòl' }).click();
  await expect(page.getByRole('heading', { name: 'Koneksyon' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Lang' }).getByRole('button', { name: 'Kreyòl' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoFrench(page, data, 'the sign-in page');
  await expectAccessible(page, 'the sign-in page in Kreyòl');

  // The server's refusal, in Kreyòl.
  await page.getByLabel('Non itilizatè').fill('eleve');
  await page.getByLabel('Modpas', { exact: true }).fill('Pa#Bon-Modpas-2026');
  await page.getByRole('button', { name: 'Konekte' }).click();
  await expect(page.getByRole('alert')).toHaveText('Non itilizatè a oswa modpas la pa kòrèk.');
  await expectNoFrench(page, data, 'the sign-in refused');

  await page.getByLabel('Modpas', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Konekte' }).click();
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByRole('heading', { name: 'Akèy', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Bonjou, /)).toBeVisible();
  await expect(page.getByText(/^Sa ki rete pou peye$|^Frè lekòl yo peye nèt$/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoFrench(page, data, 'Akèy');
  await expectAccessible(page, 'Akèy');

  // Every section, online.
  await openSection(page, 'Orè');
  await expect(page.getByRole('heading', { name: 'Orè', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Semèn klas /)).toBeVisible();
  await expectNoFrench(page, data, 'Orè');

  await openSection(page, 'Nòt');
  await expect(page.getByRole('heading', { name: 'Nòt', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Mwayèn peryòd la \(sou (100|10)\) :/)).toBeVisible();
  await expect(page.getByText(/^Plas : \d+(ye|yèm) sou \d+( \(plas pataje\))?$/)).toBeVisible();
  await expectNoFrench(page, data, 'Nòt');

  await openSection(page, 'Resous');
  await expect(page.getByRole('heading', { name: 'Resous', level: 1 })).toBeVisible();
  const pdf = page.getByRole('listitem').filter({ hasText: 'Fichye' });
  await expect(pdf).toContainText(/\d+ (jan|fev|mas|avr|me|jen|jiy|out|sept|okt|nov|des)\.? \d{4}/);
  await pdf.getByRole('button', { name: 'Gade' }).click();
  const preview = page.getByRole('dialog', { name: /^Gade : / });
  await expect(preview.locator('iframe.resource-frame')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Telechaje' })).toBeVisible();
  await expectNoFrench(page, data, 'the preview of a resource');
  await preview.getByRole('button', { name: 'Fèmen' }).click();
  await expectNoFrench(page, data, 'Resous');

  await openSection(page, 'Finans');
  await expect(page.getByRole('heading', { name: 'Finans', level: 1 })).toBeVisible();
  await expect(page.getByText('MPPA apre ajisteman')).toBeVisible();
  await expect(page.getByText(/ goud$/).first()).toBeVisible();
  await expect(page.getByText(/Resi nimewo \d+/).first()).toBeVisible();
  await expectNoFrench(page, data, 'Finans');

  await openSection(page, 'Dokimantasyon');
  await expect(page.getByRole('heading', { name: 'Gid elèv la', level: 1 })).toBeVisible();
  await expect(page.getByText('Wòl : Elèv')).toBeVisible();
  await expectNoFrench(page, data, 'Dokimantasyon');

  // The password change refused by the server, in Kreyòl; the devices named in Kreyòl.
  await openSection(page, 'Sekirite');
  await expect(page.getByRole('heading', { name: 'Sekirite', level: 1 })).toBeVisible();
  await expect(page.getByText('Aparèy sa a')).toBeVisible();
  await page.getByLabel('Modpas ou genyen kounye a').fill('Pa#Bon-Modpas-2026');
  await page.getByLabel('Nouvo modpas', { exact: true }).fill('Nouvo#Modpas-2027');
  await page.getByLabel('Konfime nouvo modpas la').fill('Nouvo#Modpas-2027');
  await page.getByRole('button', { name: 'Chanje modpas la' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Modpas ou genyen kounye a pa kòrèk.' })).toBeVisible();
  await expectNoFrench(page, data, 'Sekirite');

  // Every section, offline (the portal and Kreyòl's texts stored after this one visit).
  await controlled(page);
  await context.setOffline(true);
  for (const [path, heading] of [
    ['/student', 'Akèy'],
    ['/student/timetable', 'Orè'],
    ['/student/grades', 'Nòt'],
    ['/student/resources', 'Resous'],
    ['/student/finance', 'Finans'],
    ['/student/docs', 'Gid elèv la'],
    ['/student/security', 'Sekirite'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator('.online-indicator')).toHaveText('San entènèt');
    if (path === '/student')
      await expect(page.getByText('Ou pa sou entènèt. N ap montre done ki te anrejistre yo.').first()).toBeVisible();
    await expectNoFrench(page, data, `${heading}, offline`);
  }
  await context.setOffline(false);

  // Another phone: French until the pupil signs in, then Kreyòl, the account's choice.
  const other = await browser.newContext({ baseURL: school.origin, viewport: PHONE });
  const phone = await other.newPage();
  await phone.goto('/login');
  await expect(phone.locator('html')).toHaveAttribute('lang', 'fr');
  await phone.getByLabel("Nom d'utilisateur").fill('eleve');
  await phone.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await phone.getByRole('button', { name: 'Se connecter' }).click();
  await expect(phone).toHaveURL(/\/student$/);
  await expect(phone.getByRole('heading', { name: 'Akèy', level: 1 })).toBeVisible();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'ht');
  await expect(phone.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.ht.webmanifest');
  await other.close();
});

test('a phone that chose Kreyòl paints the sign-in form in Kreyòl before the app runs', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'ht'));
  // No script but the page's own: the static form and its inline script only.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ht');
  await expect(page.locator('#first-paint').getByRole('heading', { name: 'Koneksyon' })).toBeVisible();
  await expect(page.locator('#first-paint').getByLabel('Non itilizatè')).toBeVisible();
  await expect(page.locator('#first-paint').getByRole('button', { name: 'Konekte' })).toBeVisible();
});
