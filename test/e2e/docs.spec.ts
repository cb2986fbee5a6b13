// The documentation viewer on a phone (issue 16, 'Documentation'): the secretary reads the staff
// guide without the blocks of permissions she lacks, the Sommaire folds, jumps to a section and
// follows the reading, the guide opens offline after one visit, and a missing guide says so.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { controlled, expectUncovered, PHONE, settledOffline, signInAndLand, smallTapTargets } from './support';
import { renderGuide } from '../../scripts/lib/guide-render';

test.use({ viewport: PHONE });

/** Whether the window stays where it is for a moment (a smooth scroll has ended). */
const settled = (page: Page) => () =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY;
        setTimeout(() => resolve(window.scrollY === y), 150);
      }),
  );

test('the secretary reads her guide without the blocks of permissions she lacks, and the Sommaire jumps to a section', async ({
  page,
}) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  // Nothing passing over the page when the Sommaire's target is checked below.
  await settledOffline(page);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Documentation' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { name: 'Documentation', level: 1 })).toBeVisible();
  await expect(page.getByText('Rôle : Personnel standard')).toBeVisible();

  const guide = page.getByRole('article');
  await expect(guide.getByRole('heading', { name: "Guide du personnel de l'école" })).toBeVisible();
  // Held by the secretary (enrollment:update_payment, report:financial, report_card:generate).
  await expect(guide.getByRole('heading', { name: "Finances d'une classe" })).toBeAttached();
  await expect(guide.getByRole('heading', { name: 'Gestion des Bulletins' })).toBeAttached();
  // Not held (settings:manage_timetable): neither the section nor its line in the Sommaire.
  await expect(guide.getByRole('heading', { name: 'Emploi du temps' })).toHaveCount(0);
  await expect(guide.getByText('Ajouter un créneau', { exact: false })).toHaveCount(0);
  await expect(guide.getByText(':::', { exact: false })).toHaveCount(0);

  // On a phone the Sommaire is folded until asked for.
  const toc = page.getByRole('navigation', { name: 'Sommaire' });
  const link = toc.getByRole('link', { name: 'Rapport Financier' });
  await expect(link).toBeHidden();
  await toc.getByRole('button', { name: 'Sommaire' }).click();
  await expect(link).toBeVisible();
  await expect(toc.getByRole('link', { name: 'Emploi du temps' })).toHaveCount(0);
  expect(await smallTapTargets(page)).toEqual([]);
  await link.click();
  const section = guide.getByRole('heading', { name: 'Rapport Financier' });
  await expect(section).toBeInViewport();
  // Once the smooth scroll has come to rest, the heading shows below the top bar.
  await expect.poll(settled(page)).toBe(true);
  await expectUncovered(section);
  await expect(page).toHaveURL(/\/docs#rapport-financier$/);
  // The Sommaire folds again once a section is chosen, marking it as the current one.
  await expect(link).toBeHidden();
  const entry = (name: string) => toc.getByRole('link', { name, includeHidden: true });
  await expect(entry('Rapport Financier')).toHaveAttribute('aria-current', 'location');

  // Reading on: the section under the top of the window becomes the current one.
  const top = await guide
    .getByRole('heading', { name: 'Gestion des Bulletins' })
    .evaluate((heading) => heading.getBoundingClientRect().top);
  await page.mouse.move(180, 500);
  await page.mouse.wheel(0, top - 90);
  await expect(entry('Gestion des Bulletins')).toHaveAttribute('aria-current', 'location');
  await expect(entry('Rapport Financier')).not.toHaveAttribute('aria-current');

  // Retour leads back where the guide was opened from.
  await page.getByRole('link', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the guide opens offline after one visit', async ({ page, context }) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  await controlled(page);
  await page.goto('/docs');
  await expect(page.getByRole('article').getByRole('heading', { name: "Guide du personnel de l'école" })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('article').getByRole('heading', { name: "Guide du personnel de l'école" })).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading', { name: "Finances d'une classe" })).toBeAttached();
});

test('a student reads the student guide', async ({ page }) => {
  await signInAndLand(page, 'eleve', '/student');
  await page.goto('/student/docs');
  await expect(page.getByText('Rôle : Élève')).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading', { name: "Guide de l'élève" })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Sommaire' }).getByRole('link', { name: 'Finances', includeHidden: true }),
  ).toBeAttached();
});

test('the standard guide is for standard staff only', async ({ page }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/docs?guide=standard');
  await expect(page.getByText('Ce guide est destiné au personnel standard.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.goto('/docs');
  await expect(
    page.getByRole('article').getByRole('heading', { name: "Guide de l'administrateur de l'école" }),
  ).toBeVisible();
});

test.describe('a missing guide', () => {
  // The guides are precached: without the service worker, the server's answer is what the page gets.
  test.use({ serviceWorkers: 'block' });

  test('is said for the standard staff', async ({ page }) => {
    // The app's own page (the server's fallback for an unknown file) is no guide.
    await page.route('**/docs/standard.json', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html>' }),
    );
    await signInAndLand(page, 'secretaire', '/dashboard');
    await page.goto('/docs');
    await expect(page.getByText("La documentation standard n'a pas été trouvée.")).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('is said with the role for the others', async ({ page }) => {
    await page.route('**/docs/teacher.json', (route) => route.fulfill({ status: 404, body: 'absent' }));
    await signInAndLand(page, 'prof', '/teacher');
    await page.goto('/docs');
    await expect(page.getByText("La documentation pour votre rôle (Professeur) n'a pas été trouvée.")).toBeVisible();
  });

  test('is not confused with a guide out of reach offline', async ({ page }) => {
    await page.route('**/docs/teacher.json', (route) => route.abort('internetdisconnected'));
    await signInAndLand(page, 'prof', '/teacher');
    await page.goto('/docs');
    await expect(
      page.getByText("Cette page n'a pas été consultée auparavant et n'est pas disponible hors ligne."),
    ).toBeVisible();
    await expect(page.getByText(/n'a pas été trouvée/)).toHaveCount(0);
  });
});

test.describe("a guide's Markdown", () => {
  // The guide comes from the route below: the service worker's precached copy would answer first.
  test.use({ serviceWorkers: 'block' });

  test('opens a screen of the portal in the app, another site in a new tab, no unsafe link, and shows HTML as text', async ({
    page,
  }) => {
    const markdown = [
      "# Guide d'essai",
      '',
      'Voir [la liste des élèves](/students), [le site](https://exemple.ht) et [un piège](javascript:alert(1)).',
      '',
      '<img src=x onerror="window.pwned=1"> <b>pas gras</b>',
      '',
      '1. Premier point',
      '   sur deux lignes ;',
      '2. **second**.',
    ].join('\n');
    // The guide as the build renders it (react-markdown, scripts/lib/guide-render.ts).
    await page.route('**/docs/standard.json', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(renderGuide(markdown)) }),
    );
    await signInAndLand(page, 'secretaire', '/dashboard');
    await page.goto('/docs');
    const guide = page.getByRole('article');
    await expect(guide.getByRole('heading', { name: "Guide d'essai", level: 1 })).toBeVisible();

    const site = guide.getByRole('link', { name: 'le site' });
    await expect(site).toHaveAttribute('href', 'https://exemple.ht');
    await expect(site).toHaveAttribute('target', '_blank');
    await expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(guide.getByRole('link', { name: 'un piège' })).toHaveCount(0);
    await expect(guide.getByText('un piège')).toBeVisible();

    await expect(guide.getByText('<img src=x onerror="window.pwned=1"> <b>pas gras</b>')).toBeVisible();
    await expect(guide.locator('img, b')).toHaveCount(0);
    await expect(guide.getByRole('listitem')).toHaveText(['Premier point sur deux lignes ;', 'second.']);
    await expect(guide.getByRole('listitem').nth(1).locator('strong')).toHaveText('second');

    const inApp = guide.getByRole('link', { name: 'la liste des élèves' });
    await expect(inApp).not.toHaveAttribute('target');
    // In the app: the page is not loaded again (a mark left on the window stays).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await inApp.click();
    await expect(page).toHaveURL(/\/students$/);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Documentation', level: 1 })).toHaveCount(0);
  });
});
