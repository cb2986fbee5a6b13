// Accessibility (issue 38): axe-core finds no serious or critical violation on any screen of any
// role, on a desktop and on a 360 px phone, with the main dialogs open; a toast leaves the top bar
// and its connectivity uncovered; the pupil's home shows its 'Déconnexion' on a phone.
import type { Locator, Page } from '@playwright/test';
import { seedDemoChat } from '../../scripts/demo/communications';
import { DEMO_GUARDIAN, DEMO_PASSWORD } from '../../scripts/demo-accounts';
import { expect, test } from './fixtures';
import { apiToken, expectAccessible, expectUncovered, PHONE, signInAndLand } from './support';

const DESKTOP = { width: 1280, height: 720 };
const CLASS = '7e AF';

/** One screen, or a dialog over one (then only the dialog is checked): how to open it, ready. */
interface Screen {
  name: string;
  open: (page: Page) => Promise<void>;
  within?: string;
}

/** Nothing is loading any more: no loading notice, no progress bar. */
async function settled(page: Page) {
  await expect(page.getByText(/^Chargement/).filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

/**
 * Goes to an address inside the app as its links do (no new page load: quicker), or loads it when
 * the page is there already (a fresh screen, no dialog left open).
 */
async function go(page: Page, path: string) {
  const url = new URL(page.url());
  if (url.pathname === path || !url.protocol.startsWith('http')) return void (await page.goto(path));
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Opens an address and waits for what shows it is there. */
const at =
  (path: string, ready: (page: Page) => Locator): Screen['open'] =>
  async (page) => {
    await go(page, path);
    await expect(ready(page)).toBeVisible();
  };

/** A dialog opened by a button of a screen (an address, or a screen of the walk). */
const dialog = (name: string, from: string | Screen, button: (page: Page) => Locator): Screen => ({
  name,
  within: '[role="dialog"]',
  open: async (page) => {
    await (typeof from === 'string' ? go(page, from) : from.open(page));
    await button(page).click();
    await expect(page.getByRole('dialog', { name })).toBeVisible();
  },
});

/** Checks each screen in turn, naming it with the screen's width. */
async function walk(page: Page, screens: Screen[]) {
  const width = page.viewportSize()?.width;
  for (const screen of screens) {
    await screen.open(page);
    await settled(page);
    await expectAccessible(page, `${screen.name} at ${width} px`, screen.within);
  }
}

const adminTab = (name: string): Screen => ({
  name: `Administration, ${name}`,
  open: async (page) => {
    if (!page.url().endsWith('/admin')) await go(page, '/admin');
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('button', { name, exact: true }).click();
    await expect(sections.getByRole('button', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  },
});

const teacherTab = (name: string): Screen => ({
  name: `Espace Professeur, ${name}`,
  open: async (page) => {
    if (!page.url().endsWith('/teacher')) await go(page, '/teacher');
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  },
});

/** The demo's support conversation, and enough more messages for the chat to scroll. */
async function writeChat(page: Page) {
  const call = async (method: string, path: string, token: string | null, body?: unknown) => {
    const res = await page.request.fetch(path, {
      method,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { data: body }),
    });
    return { status: res.status(), json: (await res.json().catch(() => null)) as unknown };
  };
  await seedDemoChat(call, DEMO_PASSWORD);
  const prof = await apiToken(page, 'prof');
  for (let i = 1; i <= 8; i++)
    await call('POST', '/api/teacher/support-messages', prof, { content: `Question ${i} sur le cours de demain.` });
}

for (const size of [DESKTOP, PHONE]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('every screen of the administration', async ({ page }) => {
      test.setTimeout(240_000);
      await writeChat(page);
      await signInAndLand(page, 'admin', '/dashboard');
      await walk(page, [
        { name: 'Tableau de bord', open: at('/dashboard', (p) => p.getByRole('link', { name: CLASS })) },
        {
          name: 'Gestion des Élèves',
          open: at('/students', (p) => p.locator('.students-table tbody tr').first()),
        },
        dialog("Fiche de l'Élève", '/students', (p) => p.getByRole('button', { name: /^Voir la fiche de / }).first()),
        dialog('Ajouter un élève', '/students', (p) => p.getByRole('button', { name: 'Ajouter un élève' })),
        {
          name: 'Finances de la classe',
          open: at(`/class/${encodeURIComponent(CLASS)}`, (p) =>
            p.getByRole('heading', { name: 'Liste des Élèves Inscrits' }),
          ),
        },
        dialog('Fiche financière', `/class/${encodeURIComponent(CLASS)}`, (p) =>
          p.getByRole('button', { name: /^Modifier / }).first(),
        ),
        { name: 'Rapport Financier', open: at('/report', (p) => heading(p, /Rapport Financier/)) },
        {
          name: 'Gestion des Bulletins',
          open: async (p) => {
            await go(p, '/report-cards');
            await p.getByLabel('Classe').selectOption(CLASS);
            await p.getByLabel('Période').selectOption({ label: 'Trimestre 1' });
            await expect(p.getByRole('checkbox', { name: 'Tout sélectionner' })).toBeVisible();
          },
        },
        {
          name: 'Bulletins',
          open: async (p) => {
            // Two cards: each is the same markup.
            const students = p.locator('.rc-students input[type=checkbox]');
            await students.nth(0).check();
            await students.nth(1).check();
            await p.getByRole('button', { name: 'Générer les Bulletins (2)' }).click();
            await expect(p.locator('article.rc-card').first()).toBeVisible();
          },
        },
        { name: 'Professeurs', open: at('/teachers-management', (p) => heading(p, /Professeurs/)) },
        dialog('Ajouter un professeur', '/teachers-management', (p) =>
          p.getByRole('button', { name: '+ Ajouter un professeur' }),
        ),
        {
          name: 'Comptes des parents',
          open: at('/guardians', (p) => p.getByRole('button', { name: 'Créer les comptes de la classe' })),
        },
        { name: 'Emploi du temps', open: at('/timetable', (p) => heading(p, /Emploi du temps/)) },
        dialog('Ajouter un créneau', '/timetable', (p) => p.getByRole('button', { name: '+ Ajouter un créneau' })),
        { name: 'Suivi des Présences', open: at('/reports/attendance', (p) => heading(p, /Présences/)) },
        { name: 'Portail Élèves', open: at('/student-portal', (p) => p.locator('h1').first()) },
        {
          name: 'Support',
          open: async (p) => {
            await go(p, '/admin/contact');
            await p.getByRole('button', { name: /Jean-Robert/ }).click();
            await expect(p.getByText('Question 8 sur le cours de demain.')).toBeVisible();
          },
        },
        adminTab('Informations générales'),
        adminTab('Communications'),
        adminTab('Années scolaires'),
        adminTab('Périodes'),
        adminTab('Classes'),
        adminTab('Matières'),
        adminTab('Programme'),
        adminTab('Promotion'),
        adminTab('Ressources'),
        adminTab('Frais de scolarité'),
        adminTab('Rôles'),
        adminTab("Journal d'activité"),
        adminTab('Sécurité'),
        { name: 'Utilisateurs', open: at('/admin/users', (p) => p.locator('h1').first()) },
        {
          name: 'Ajouter un utilisateur',
          open: at('/admin/add-user', (p) => p.getByLabel('Secrétaire Pédagogique', { exact: true })),
        },
        { name: 'Documentation', open: at('/docs', (p) => p.locator('h1').first()) },
        // The menu, open behind its button where it is one (last: it stays open).
        {
          name: 'Menu',
          open: async (p) => {
            const toggle = p.getByRole('button', { name: /Ouvrir le menu/ });
            if (await toggle.isVisible()) await toggle.click();
            await expect(p.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
          },
        },
      ]);
    });

    test('every screen of the teacher', async ({ page }) => {
      test.setTimeout(120_000);
      await writeChat(page);
      await signInAndLand(page, 'prof', '/teacher');
      await walk(page, [
        teacherTab('Mes Cours'),
        {
          name: 'Carnet de notes',
          open: async (p) => {
            await teacherTab('Mes Cours').open(p);
            await p.getByRole('link', { name: `Carnet de notes : Mathématiques, ${CLASS}` }).click();
            await expect(p.locator('table.gradebook-table')).toBeVisible();
          },
        },
        teacherTab('Mon Emploi du temps'),
        {
          name: 'Appel',
          open: async (p) => {
            await teacherTab('Mon Emploi du temps').open(p);
            await p.getByRole('group', { name: 'Emploi du temps de la semaine' }).getByRole('button').first().click();
            await expect(p.getByRole('heading', { name: /^Appel : / })).toBeVisible();
          },
        },
        teacherTab('Ressources'),
        {
          name: 'Espace Professeur, Support',
          open: async (p) => {
            await teacherTab('Support').open(p);
            await expect(p.getByText('Question 8 sur le cours de demain.')).toBeVisible();
          },
        },
        teacherTab('Sécurité'),
        { name: 'Documentation', open: at('/docs', (p) => p.locator('h1').first()) },
      ]);
    });

    test('the public pages and every screen of the pupil', async ({ page }) => {
      test.setTimeout(120_000);
      await walk(page, [
        { name: 'Accueil public', open: at('/', (p) => p.getByRole('link', { name: 'Se connecter' }).first()) },
        { name: 'Connexion', open: at('/login', (p) => heading(p, 'Connexion')) },
      ]);
      await signInAndLand(page, 'eleve', '/student');
      await walk(page, [
        { name: 'Tableau de Bord', open: at('/student', (p) => heading(p, 'Tableau de Bord')) },
        { name: 'Emploi du temps', open: at('/student/timetable', (p) => p.locator('h1').first()) },
        { name: 'Notes', open: at('/student/grades', (p) => p.locator('h1').first()) },
        { name: 'Ressources', open: at('/student/resources', (p) => p.locator('h1').first()) },
        { name: 'Finances', open: at('/student/finance', (p) => p.locator('h1').first()) },
        { name: 'Documentation', open: at('/student/docs', (p) => p.locator('h1').first()) },
      ]);
    });

    test("every screen of a parent (the demo's mother, children in both demo schools)", async ({ browser, school }) => {
      test.setTimeout(120_000);
      // The demo mother is the demo schools' (scripts/demo/families.ts), not a test school's.
      const context = await browser.newContext({
        baseURL: `http://localhost:${new URL(school.origin).port}`,
        viewport: size,
      });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel("Nom d'utilisateur").fill(DEMO_GUARDIAN.typed);
      await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page).toHaveURL(/\/guardian$/);
      const child = (p: Page) => p.locator('a.guardian-child').first();
      const childPage: Screen = {
        name: "Page d'un enfant",
        open: async (p) => {
          await go(p, '/guardian');
          await child(p).click();
          await expect(p.getByRole('heading', { name: 'Frais de scolarité' })).toBeVisible();
        },
      };
      await walk(page, [
        { name: 'Mes enfants', open: at('/guardian', (p) => child(p)) },
        childPage,
        {
          name: "Notes d'un enfant",
          open: async (p) => {
            // By its address: its link shows only when the school opened the grades to the pupil.
            await childPage.open(p);
            await go(p, `${new URL(p.url()).pathname}/grades`);
            await expect(heading(p, 'Notes et bulletin')).toBeVisible();
          },
        },
        {
          name: "Emploi du temps d'un enfant",
          open: async (p) => {
            await childPage.open(p);
            await p.getByRole('link', { name: "Voir l'emploi du temps" }).click();
            await expect(heading(p, 'Emploi du temps')).toBeVisible();
          },
        },
      ]);
      await context.close();
    });

    test('every section of the platform console', async ({ page }) => {
      test.setTimeout(120_000);
      await signInAndLand(page, 'superadmin', '/superadmin');
      const section = (name: string): Screen => ({
        name: `Console, ${name}`,
        open: async (p) => {
          if (!p.url().endsWith('/superadmin')) await go(p, '/superadmin');
          await p.getByRole('tab', { name }).click();
          await expect(p.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
        },
      });
      await walk(page, [
        section('Écoles'),
        section('Annonces'),
        section('Délégués'),
        section('Maintenance'),
        section('Sauvegardes'),
        section('Journal'),
        // Last of the console: it stays open.
        dialog('Nouvelle école', section('Écoles'), (p) => p.getByRole('button', { name: '+ Nouvelle école' })),
        { name: 'Documentation', open: at('/docs', (p) => p.locator('h1').first()) },
      ]);
    });
  });
}

test('a toast leaves the top bar and its connectivity uncovered on a phone', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  await signInAndLand(page, 'secretaire', '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Losing the network: a toast says it, the bar's connectivity too.
  await context.setOffline(true);
  const toast = page.getByRole('region', { name: 'Notifications' }).getByText('Vous êtes maintenant hors ligne.');
  await expect(toast).toBeVisible();
  const bar = page.getByRole('banner');
  await expect(bar.getByText('Hors ligne')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/toast-offline-360.png' });
  await expectUncovered(bar.locator('.online-indicator'));
  await expectUncovered(bar.getByRole('button', { name: 'Actualiser', exact: true }));
  await expectUncovered(bar.getByRole('link', { name: 'Collège Démo' }));
  await expectUncovered(bar.getByRole('button', { name: /Ouvrir le menu/ }));
  // Below the bar, still at the top of the screen.
  const barBox = (await bar.boundingBox())!;
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height);
  expect(toastBox.y).toBeLessThan(PHONE.height / 2);
  await context.setOffline(false);
});

test('the pupil’s home shows its Déconnexion on a phone and on a desktop', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAndLand(page, 'eleve', '/student');
  await expect(heading(page, 'Tableau de Bord')).toBeVisible();
  const logout = page.getByRole('banner').getByRole('button', { name: 'Déconnexion' });
  await expect(logout).toBeInViewport({ ratio: 1 });
  await expectUncovered(logout);
  await page.screenshot({ path: 'test-results/screens/student-home-360.png' });
  // Beside the menu's button, which still opens the sections.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Notes' }),
  ).toBeVisible();
  await expect(logout).toBeInViewport({ ratio: 1 });
  await page.getByRole('button', { name: 'Fermer le menu' }).click();

  await page.setViewportSize(DESKTOP);
  await expect(logout).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/screens/student-home-1280.png' });
  await page.setViewportSize(PHONE);
  await logout.click();
  await expect(page).toHaveURL(/\/login$/);
});
