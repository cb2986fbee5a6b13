// A class's parents at once (issue 43, decision 360), on a phone: the school's admin opens
// 'Comptes des parents', chooses a class and creates the accounts of the parent each pupil's sheet
// names (name and +509 phone). Every pupil of the class is listed once, with a one-time code to
// print or as linked to the parent's existing account; the school's list then shows the links; a
// second run links nobody twice and says why each pupil is set aside.
import { expect, test } from './fixtures';
import { PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE });

const CLASS = '7e AF';
/** The pupils of the large demo's 7e AF this year (scripts/demo/profiles.ts). */
const PUPILS = 19;

test("a class's parent accounts are made at once, each pupil once, and a second run links nobody twice", async ({
  page,
}) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/guardians');
  await expect(page.getByRole('heading', { name: 'Comptes des parents', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: "Les parents d'une classe" });
  await section.getByLabel('Classe').selectOption(CLASS);
  await section.getByRole('button', { name: 'Créer les comptes de la classe' }).click();

  const dialog = page.getByRole('dialog', { name: `Parents de la ${CLASS}` });
  await expect(dialog).toBeVisible();
  const made = dialog.getByRole('listitem');
  await expect(made).toHaveCount(PUPILS);
  // Each pupil with their parent's phone, and a code or the parent's existing account (the demo's
  // phones are the same in every test school: a parent made by an earlier run already has one).
  for (const item of await made.all())
    await expect(item).toContainText(/\+509 \d{4} \d{4} · (\S{6,}|lié au compte existant)$/);
  const codes = await dialog.locator('code').count();
  if (codes > 0) await expect(dialog.getByRole('button', { name: `Imprimer les ${codes} fiche(s)` })).toBeVisible();
  await page.screenshot({ path: 'test-results/class-guardians.png', fullPage: true });
  await dialog.getByRole('button', { name: "J'ai noté" }).first().click();
  await expect(dialog).toBeHidden();

  // The school's list shows the class's links.
  await expect(page.locator('.guardians-list > li', { hasText: CLASS })).toHaveCount(PUPILS);

  // Again: nobody is linked twice.
  await section.getByRole('button', { name: 'Créer les comptes de la classe' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Laissés de côté' })).toBeVisible();
  await expect(dialog.getByText(/: déjà lié à ce parent$/)).toHaveCount(PUPILS);
  await expect(dialog.locator('code')).toHaveCount(0);
});
