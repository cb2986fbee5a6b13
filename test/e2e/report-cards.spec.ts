// Report cards (issue 14): the admin picks a class and Trimestre 1 (graded whatever the day: decision 211),
// selects every student and generates the bulletins: one card per student with the period
// average and the rank; a general appreciation typed on a card is saved by itself and is there
// after a reload, a refused one is said and undone; two templates printed (print media) show one
// card per letter page, never cutting a subject table, and 'Imprimer les Bulletins' writes one
// sheet per student, which Chromium prints as one letter page each.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, PHONE, signInAndLand } from './support';
import type { Period } from '../../worker/contract/academic-periods';
import type { ReportData } from '../../worker/contract/grades';
import { REPORT_TEMPLATES } from '../../worker/domain/report-cards';

const CLASS = '7e AF';

async function open(page: Page) {
  await page.goto('/report-cards');
  await expect(page.getByRole('heading', { name: 'Gestion des Bulletins', level: 1 })).toBeVisible();
  await page.getByLabel('Classe').selectOption(CLASS);
  await page.getByLabel('Période').selectOption({ label: 'Trimestre 1' });
  await expect(page.getByRole('checkbox', { name: 'Tout sélectionner' })).toBeVisible();
}

/** The cards' print rules as the browser computed them. */
const printRules = (page: Page) =>
  page.locator('.rc-card').evaluateAll((cards) =>
    cards.map((card) => ({
      breakAfter: getComputedStyle(card).breakAfter,
      tables: [...card.querySelectorAll('table.rc-subjects, .rc-tiles')].map((t) => getComputedStyle(t).breakInside),
      fields: [...card.querySelectorAll('textarea')].filter((t) => getComputedStyle(t).display !== 'none').length,
    })),
  );

test('the admin generates a class’s bulletins, edits a general appreciation and prints two templates', async ({
  page,
}) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await open(page);

  // Nothing checked: the spec's message.
  await page.getByRole('button', { name: 'Générer les Bulletins (0)' }).click();
  await expect(page.getByRole('alert')).toContainText('Veuillez sélectionner au moins un élève.');

  const students = page.locator('.rc-students input[type=checkbox]');
  const count = await students.count();
  expect(count).toBeGreaterThan(5);
  await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
  await page.getByRole('button', { name: `Générer les Bulletins (${count})` }).click();

  const cards = page.locator('article.rc-card');
  await expect(cards).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Retour à la sélection' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier les Notes' })).toBeVisible();
  // Every graded student has a rank; the first of the class is '1er'.
  await expect(
    page
      .locator('.rc-rank')
      .filter({ hasText: /^1er( ex æquo)? sur \d+$/ })
      .first(),
  ).toBeVisible();
  const ranks = await page.locator('.rc-rank').allTextContents();
  expect(ranks.filter((r) => /^\d+(er|ème)( ex æquo)? sur \d+$/.test(r)).length).toBeGreaterThan(count / 2);
  const first = cards.first();
  await expect(first).toContainText('Trimestre 1');
  await expect(first).toContainText(CLASS);
  await expect(first.locator('.rc-average')).toHaveText(/^\d+,\d\d \/ (100|10)$/);

  // The grade book opens over the cards.
  await page.getByRole('button', { name: 'Modifier les Notes' }).click();
  const book = page.getByRole('dialog', { name: `Modifier les Notes · ${CLASS} · Trimestre 1` });
  await expect(book).toBeVisible();
  await book.getByLabel('Matière').selectOption({ label: 'Mathématiques (sur 100)' });
  await expect(book.locator('table.gradebook-table')).toBeVisible();
  // A score changed in the book: the cards are read again when the dialog closes.
  const score = book.getByLabel(/^Note de .+ en .+ \(sur [\d,]+\)$/).first();
  const next = (await score.inputValue()) === '1' ? '2' : '1';
  const graded = page.waitForResponse((r) => r.url().endsWith('/api/grades/batch') && r.request().method() === 'POST');
  await score.fill(next);
  expect((await graded).status()).toBe(200);
  const reread = page.waitForResponse(
    (r) => r.url().includes('/api/bulk-report-data?') && r.request().method() === 'GET',
  );
  await book.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(book).toBeHidden();
  expect((await reread).status()).toBe(200);

  // A general appreciation saves itself a second after the last key.
  const name = (await first.getAttribute('aria-label'))!;
  const general = page.getByRole('textbox', { name: `Appréciation générale, ${name}` });
  const text = `Trimestre sérieux, continuez ainsi ${Date.now() % 1000}.`;
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/general-appreciations') && r.request().method() === 'POST',
  );
  await general.fill(text);
  expect((await saved).status()).toBe(200);

  // A subject's suggested appreciation, accepted, is saved at once.
  const accept = first.getByRole('button', { name: /^Accepter la suggestion pour / }).first();
  const subjectField = first.locator('.rc-appreciation textarea').first();
  const suggestion = await subjectField.getAttribute('placeholder');
  expect(suggestion).toBeTruthy();
  const accepted = page.waitForResponse(
    (r) => r.url().endsWith('/api/appreciations') && r.request().method() === 'POST',
  );
  await accept.click();
  expect((await accepted).status()).toBe(200);
  await expect(subjectField).toHaveValue(suggestion!);

  // A refused save says so and shows the server's text again.
  await page
    .context()
    .route('**/api/appreciations', (route) =>
      route.fulfill({ status: 422, json: { code: 'validation', message: 'Refusé pour le test.' } }),
    );
  await subjectField.fill('Ce texte ne sera pas gardé.');
  await expect(page.getByRole('alert').filter({ hasText: 'Sauvegarde échouée: Refusé pour le test.' })).toBeVisible();
  await expect(first.locator('.rc-appreciation textarea').first()).toHaveValue(suggestion!);
  await page.context().unroute('**/api/appreciations');

  await page.reload();
  await open(page);
  await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
  await page.getByRole('button', { name: `Générer les Bulletins (${count})` }).click();
  await expect(page.getByRole('textbox', { name: `Appréciation générale, ${name}` })).toHaveValue(text);
  await expect(cards.first().locator('.rc-appreciation textarea').first()).toHaveValue(suggestion!);

  // Changing the period goes back to the selection.
  await page.getByLabel('Période').selectOption({ label: 'Trimestre 2' });
  await expect(page.getByRole('button', { name: 'Retour à la sélection' })).toHaveCount(0);
  await page.getByLabel('Période').selectOption({ label: 'Trimestre 1' });

  // Three students, two templates, printed.
  for (const [template, label] of [
    ['classique', 'Classique'],
    ['creatif', 'Créatif'],
  ] as const) {
    await page.getByLabel('Modèle').selectOption({ label });
    if (await page.getByRole('button', { name: 'Retour à la sélection' }).isVisible())
      await page.getByRole('button', { name: 'Retour à la sélection' }).click();
    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).uncheck();
    for (let i = 0; i < 3; i++) await students.nth(i).check();
    await page.getByRole('button', { name: 'Générer les Bulletins (3)' }).click();
    await expect(page.locator(`article.rc-card.rc-t-${template}`)).toHaveCount(3);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Imprimer les Bulletins' })).toBeHidden();
    const rules = await printRules(page);
    // One page per student: every card but the last breaks the page after it; no table is cut; the fields print as text.
    expect(rules.map((r) => r.breakAfter)).toEqual(['page', 'page', 'auto']);
    for (const r of rules) {
      expect(r.tables.length).toBeGreaterThan(0);
      expect(new Set(r.tables)).toEqual(new Set(['avoid']));
      expect(r.fields).toBe(0);
    }
    await expect(page.locator('.rc-card .rc-print-text').first()).toBeVisible();
    await page.screenshot({ path: `test-results/report-cards-${template}-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  }

  // The print window: one letter sheet per student, the cards' text without the fields.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimer les Bulletins' }).click();
  const sheet = await popup;
  await expect(sheet.locator('section.sheet')).toHaveCount(3);
  await expect(sheet.locator('section.sheet article.rc-card.rc-t-creatif')).toHaveCount(3);
  await expect(sheet.locator('textarea')).toHaveCount(0);
  expect(await sheet.locator('style').first().innerHTML()).toContain('size: letter portrait');
  // Printed for real (letter, the page's own size): three students, three pages.
  const pdf = await sheet.pdf({ preferCSSPageSize: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(3);
  await sheet.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the annual cards of the last class fit the screen and name the council’s decision', async ({ page }) => {
    await signInAndLand(page, 'admin', '/dashboard');
    await page.goto('/report-cards');
    await page.getByLabel('Classe').selectOption('Philo');
    // The trimester under way: the demo's latest graded one (decision 211).
    await page.getByLabel('Période').selectOption({ label: DEMO.currentPeriod.name });
    await page.getByLabel('Modèle').selectOption({ label: 'Annuel' });
    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
    await page.getByRole('button', { name: /^Générer les Bulletins \(\d+\)$/ }).click();
    const card = page.locator('article.rc-card').first();
    await expect(card.locator('.rc-decision strong')).toHaveText(/^(DIPLÔMÉ\(E\)|À REFAIRE)$/);
    await expect(card.locator('table.rc-annual thead')).toContainText('Trimestre 1');
    await expect(card.locator('table.rc-annual thead')).toContainText('Annuelle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await card.screenshot({ path: 'test-results/report-cards-annuel-phone.png' });
  });
});

// The larger class is answered by the test's routes: page routes do not see requests a service
// worker makes, so this page has none.
test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('every template prints a card of twelve subjects, four evaluations each and long appreciations on one letter page', async ({
    page,
  }) => {
    await signInAndLand(page, 'admin', '/dashboard');
    // The demo's classes have at most eight subjects: a larger class's data, answered in the server's place.
    let periods: Period[] = [];
    await page.route('**/api/academic-periods?*', async (route) => {
      const response = await route.fetch();
      periods = (await response.json()) as Period[];
      await route.fulfill({ response });
    });
    await page.route('**/api/bulk-report-data?*', async (route) => {
      const names = [
        'Mathématiques',
        'Français',
        'Créole',
        'Anglais',
        'Espagnol',
        'Physique',
        'Chimie',
        'Biologie',
        'Histoire-Géographie',
        'Éducation civique',
        'Informatique',
        'Éducation physique',
      ];
      const subjects = names.map((subject_name, i) => ({
        subject_id: `sub${i}`,
        subject_name,
        max_grade: i < 3 ? 200 : 100,
      }));
      const enrollments = [0, 1].map((i) => ({
        id: `e${i}`,
        student: {
          id: `s${i}`,
          nom: `Jean-Baptiste${i}`,
          prenom: 'Marie-Claire Esther',
          nisu: null,
          date_of_birth: '2012-01-01',
          sexe: 'F',
        },
      }));
      let n = 0;
      const grades = () =>
        subjects.flatMap((s) =>
          periods.flatMap((p) =>
            [1, 2, 3, 4].map((k) => ({
              subject_id: s.subject_id,
              period_id: p.id,
              evaluation_name: `Devoir ${k}`,
              score: (n++ % 20) + 5,
              max_score: 25,
            })),
          ),
        );
      const long = 'Élève sérieuse et appliquée, des progrès constants ce trimestre, continuez ainsi.';
      const data: ReportData = {
        enrollments,
        subjects,
        gradesByEnrollment: { e0: grades(), e1: grades() },
        appreciationsByEnrollment: { e0: Object.fromEntries(subjects.map((s) => [s.subject_id, long])) },
        generalAppreciationsByEnrollment: {
          e0: 'Un trimestre très satisfaisant dans l’ensemble ; poursuivez vos efforts en langues.',
        },
      };
      await route.fulfill({ json: data });
    });
    await page.goto('/report-cards');
    await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
    await page.getByRole('button', { name: 'Générer les Bulletins (2)' }).click();
    const pages: Record<string, number> = {};
    for (const template of REPORT_TEMPLATES) {
      await page.getByLabel('Modèle').selectOption(template);
      await expect(page.locator(`article.rc-card.rc-t-${template}`)).toHaveCount(2);
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Imprimer les Bulletins' }).click();
      const sheet = await popup;
      const pdf = await sheet.pdf({ preferCSSPageSize: true });
      pages[template] = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
      await sheet.close();
    }
    expect(pages).toEqual(Object.fromEntries(REPORT_TEMPLATES.map((t) => [t, 2])));
  });
});
