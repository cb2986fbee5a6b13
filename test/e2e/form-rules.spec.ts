// The forms' rules on a 360 px phone, the same as the server's (issue 9 and issue 10): a NISU
// pasted with its spaces, a birth date that does not exist, a name of invisible characters,
// a school phone and a year the server would refuse, and the accent-blind student search.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAndLand } from './support';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

test('the student form keeps a pasted NISU whole, refuses 29 February 2013 and a blank-looking name', async ({
  page,
}) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  await page.goto('/students');
  await expect(page.getByRole('heading', { name: 'Gestion des Élèves', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter un élève' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ajouter un élève' });

  await drawer.getByLabel("L'élève a un NISU").check();
  const nisu = drawer.getByRole('textbox', { name: 'NISU', exact: true });
  await nisu.focus();
  await page.keyboard.insertText('zeel 20130301 m 1234567');
  await expect(nisu).toHaveValue('ZEEL20130301M1234567');
  await expect(drawer.getByText('(20/20)')).toBeVisible();

  await drawer.getByRole('textbox', { name: 'Nom', exact: true }).fill('\u200b\u200d');
  await drawer.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Zélie');
  await drawer.getByRole('combobox', { name: 'Sexe' }).selectOption('F');
  await drawer.getByLabel('Jour').selectOption('29');
  await drawer.getByLabel('Mois').selectOption({ label: 'février' });
  await drawer.getByLabel('Année', { exact: true }).selectOption('2013');
  await drawer.getByRole('textbox', { name: 'Adresse' }).fill('Delmas 33');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    drawer.getByText("La date de naissance n'est pas une date valide : vérifiez le jour, le mois et l'année."),
  ).toBeVisible();
  await expect(drawer.getByText('La date de naissance est requise.')).toHaveCount(0);
  await expect(drawer.getByText('Le nom est requis.')).toBeVisible();

  // The 28th exists: the date message goes.
  await drawer.getByLabel('Jour').selectOption('28');
  await drawer.getByRole('textbox', { name: 'Nom', exact: true }).fill('Valbrun');
  await expect(drawer.getByText("La date de naissance n'est pas une date valide", { exact: false })).toHaveCount(0);
});

test('the student list finds names whatever their accents and case', async ({ page }) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  await page.goto('/students');
  await expect(page.getByText('Page 1 sur')).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Rechercher' });
  await search.fill('NADEGE');
  await expect(page.getByText('Nadège').first()).toBeVisible();
  await search.fill('etienne');
  await expect(page.getByText('Étienne').first()).toBeVisible();
  await search.fill('Saint-Fleur-Desravines-Jean-Baptiste Marie-Françoise');
  await expect(page.getByText('Aucun élève ne correspond à vos critères.')).toBeVisible();
});

test('the school information and the years refuse what the server refuses', async ({ page }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Informations générales', exact: true })
    .click();
  const phone = page.getByLabel('Téléphone', { exact: true });
  await phone.fill('abc');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    toast(
      page,
      "Le téléphone de l'école n'est pas valide : 8 chiffres pour Haïti, au plus 15 chiffres avec l'indicatif.",
    ),
  ).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Années scolaires', exact: true })
    .click();
  await page.getByLabel('Nouvelle année scolaire (AAAA-AAAA)').fill('2031-2030');
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByText('La deuxième année doit suivre la première, par exemple 2025-2026.')).toBeVisible();
});
