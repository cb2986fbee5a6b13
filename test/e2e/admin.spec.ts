// School administration, end to end, on a school of the test's own that starts with no year:
// the setup wizard, the panel's tabs, a custom role and a user holding it, a password reset. The
// tests after the wizard's start from the same year, set up through the API.
import type { Page } from '@playwright/test';
import type { NewYearSetup } from '../../worker/contract/setup';
import { expect, test } from './fixtures';
import { apiToken, signIn, signInAndLand } from './support';

const CASHIER_TEMP = 'Caisse#2026-temp';
const CASHIER_OWN = 'Caisse#2026-perso';

test.use({ schoolData: 'empty' });

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

async function openTab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true }).click();
}

/** The year the wizard test sets up, as its last step sends it. */
async function setUpLikeTheWizard(page: Page) {
  const classes = ['7e AF', '8e AF'];
  const subjects = ['Mathématiques', 'Français', 'Créole', 'Sciences Sociales'];
  const setup: NewYearSetup = {
    yearName: '2025-2026',
    periods: ['Trimestre 1', 'Trimestre 2', 'Trimestre 3'],
    classes: classes.map((name, i) => ({ name, order_index: i + 1 })),
    subjects: subjects.map((name) => ({ name })),
    curriculum: classes.flatMap((className) =>
      subjects
        .filter((subjectName) => !(className === '8e AF' && subjectName === 'Créole'))
        .map((subjectName) => ({
          className,
          subjectName,
          maxGrade: className === '8e AF' && subjectName === 'Mathématiques' ? 200 : 100,
        })),
    ),
    financials: [
      { className: '7e AF', mppa: 25000 },
      { className: '8e AF', mppa: 27500.5 },
    ],
  };
  const res = await page.request.post('/api/setup/new-year', {
    headers: { Authorization: `Bearer ${await apiToken(page, 'admin')}` },
    data: setup,
  });
  expect(res.status()).toBe(201);
}

test('a new school admin sets the school up with the wizard from the welcome card', async ({ page }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await expect(page.getByRole('heading', { name: 'Bienvenue sur votre portail scolaire' })).toBeVisible();
  await page.getByRole('button', { name: 'Commencer la configuration' }).click();

  const wizard = page.getByRole('dialog', { name: 'Assistant de configuration' });
  await expect(wizard.getByText('Étape 1 sur 8')).toBeVisible();
  await wizard.getByRole('button', { name: 'Suivant' }).click();

  await wizard.getByLabel("Nom de l'année scolaire", { exact: true }).fill('2025/2026');
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByRole('alert')).toHaveText('Veuillez utiliser le format AAAA-AAAA.');
  await wizard.getByLabel("Nom de l'année scolaire", { exact: true }).fill('2025-2026');
  await wizard.getByRole('button', { name: 'Suivant' }).click();

  await expect(wizard.getByRole('textbox', { name: 'Période 1', exact: true })).toHaveValue('Trimestre 1');
  await expect(wizard.getByRole('textbox', { name: 'Période 3', exact: true })).toHaveValue('Trimestre 3');
  await wizard.getByRole('button', { name: 'Suivant' }).click();

  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByRole('alert')).toHaveText('Chaque classe doit avoir un nom.');
  await wizard.getByRole('textbox', { name: 'Classe 1', exact: true }).fill('7e AF');
  await wizard.getByRole('button', { name: 'Ajouter une classe' }).click();
  await wizard.getByRole('textbox', { name: 'Classe 2', exact: true }).fill('8e AF');
  await wizard.getByRole('button', { name: 'Suivant' }).click();

  await expect(wizard.getByRole('textbox', { name: 'Matière 1', exact: true })).toHaveValue('Mathématiques');
  await expect(wizard.getByRole('textbox', { name: 'Matière 4', exact: true })).not.toHaveValue('');
  await wizard.getByRole('button', { name: 'Suivant' }).click();

  await wizard.getByLabel('Créole en 8e AF', { exact: true }).uncheck();
  await expect(wizard.getByLabel('Note maximale de Créole en 8e AF', { exact: true })).toBeDisabled();
  await expect(wizard.getByLabel('Note maximale de Français en 7e AF', { exact: true })).toHaveValue('100');
  await wizard.getByLabel('Note maximale de Mathématiques en 8e AF', { exact: true }).fill('200');
  await wizard.getByRole('button', { name: 'Suivant' }).click();

  await wizard.getByLabel('MPPA de 7e AF', { exact: true }).fill('25000');
  await wizard.getByLabel('MPPA de 8e AF', { exact: true }).fill('27500,50');
  await wizard.getByRole('button', { name: 'Suivant' }).click();

  await expect(wizard.getByText('Étape 8 sur 8')).toBeVisible();
  await expect(wizard.getByText('7 matières au programme')).toBeVisible();
  await wizard.getByRole('button', { name: 'Terminer la configuration' }).click();
  await expect(toast(page, "Configuration de l'année scolaire terminée avec succès !")).toBeVisible();
  await expect(wizard).toBeHidden();

  // The home now shows the tiles and one quick payment link per class.
  await expect(page.getByRole('link', { name: /Gestion des Élèves/ })).toHaveAttribute('href', '/students');
  await expect(page.getByRole('link', { name: '8e AF' })).toHaveAttribute('href', '/class/8e%20AF');
  await expect(page.getByRole('combobox').first()).toContainText('2025-2026 (Actuelle)');
});

test('the panel shows the year, periods, classes, subjects, programme and fees; a max grade is edited', async ({
  page,
}) => {
  await setUpLikeTheWizard(page);
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/admin');

  await openTab(page, 'Années scolaires');
  const year = page.getByRole('listitem').filter({ hasText: '2025-2026' });
  await expect(year.getByText('Actuelle')).toBeVisible();
  await expect(year.getByRole('button', { name: /Supprimer/ })).toHaveCount(0);

  await openTab(page, 'Périodes');
  for (const name of ['Trimestre 1', 'Trimestre 2', 'Trimestre 3'])
    await expect(page.getByText(name, { exact: true })).toBeVisible();

  await openTab(page, 'Classes');
  await expect(page.getByText('7e AF', { exact: true })).toBeVisible();
  await expect(page.getByText('8e AF', { exact: true })).toBeVisible();

  await openTab(page, 'Matières');
  for (const name of ['Mathématiques', 'Français', 'Créole'])
    await expect(page.getByText(name, { exact: true })).toBeVisible();

  await openTab(page, 'Programme');
  await page.getByLabel('Classe', { exact: true }).selectOption('8e AF');
  await expect(page.getByLabel('Note maximale de Mathématiques', { exact: true })).toHaveValue('200');
  await expect(page.getByRole('button', { name: 'Assigner Créole' })).toBeVisible();
  const french = page.getByLabel('Note maximale de Français', { exact: true });
  await french.fill('abc');
  await french.press('Tab');
  await expect(toast(page, 'Veuillez entrer un nombre valide.')).toBeVisible();
  await expect(french).toHaveValue('100');
  await french.fill('150');
  await french.press('Tab');
  await expect(toast(page, 'Coefficient mis à jour.')).toBeVisible();

  // The active tab is remembered between visits, and the new max grade was saved.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Programme', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Classe', { exact: true }).selectOption('8e AF');
  await expect(page.getByLabel('Note maximale de Français', { exact: true })).toHaveValue('150');

  await openTab(page, 'Frais de scolarité');
  await expect(page.getByLabel('MPPA de 7e AF', { exact: true })).toHaveValue('25000');
  await expect(page.getByLabel('MPPA de 8e AF', { exact: true })).toHaveValue('27500,50');
  await page.getByLabel('MPPA de 7e AF', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Frais de scolarité mis à jour.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('MPPA de 7e AF', { exact: true })).toHaveValue('');

  // Sécurité: the password form every account has, then the school's backup, the admin's own.
  await openTab(page, 'Sécurité');
  await expect(page.getByLabel('Mot de passe actuel')).toBeVisible();
  const backup = page.getByRole('region', { name: 'Sauvegarde de l’école' });
  await expect(backup.getByRole('button', { name: 'Télécharger la sauvegarde (ZIP)' })).toBeVisible();
});

test('a custom role and a user holding it: the user sees only what the role allows', async ({ page, browser }) => {
  await setUpLikeTheWizard(page);
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/admin');
  await openTab(page, 'Rôles');
  const system = page.getByRole('listitem').filter({ hasText: 'Secrétaire Pédagogique' });
  await expect(system.getByRole('button', { name: /Modifier/ })).toBeDisabled();
  await page
    .getByLabel('Modèle (point de départ recommandé)', { exact: true })
    .selectOption({ label: 'Comptable / Gestionnaire des Paiements' });
  await expect(page.getByRole('button', { name: 'Créer le rôle' })).toBeDisabled();
  await expect(page.getByLabel('Consulter le rapport financier', { exact: true })).toBeChecked();
  await page.getByLabel('Nom du rôle', { exact: true }).fill('Caissier');
  await page.getByRole('button', { name: 'Créer le rôle' }).click();
  await expect(toast(page, 'Rôle créé.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Caissier' })).toContainText('4 permissions');

  await page.getByRole('link', { name: /Utilisateurs/ }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('link', { name: /Ajouter un utilisateur/ }).click();
  await expect(page).toHaveURL(/\/admin\/add-user$/);
  await page.getByLabel("Nom d'utilisateur", { exact: true }).fill('caissier');
  await page.getByLabel('Mot de passe temporaire', { exact: true }).fill(CASHIER_TEMP);

  // The exclusivity rules of the form, with their reasons.
  await page.getByLabel('Administrateur Principal', { exact: true }).check();
  await expect(page.getByLabel('Caissier', { exact: true })).toBeDisabled();
  await expect(page.getByText('Le rôle Administrateur Principal inclut déjà cette permission.').first()).toBeVisible();
  await page.getByLabel('Administrateur Principal', { exact: true }).uncheck();
  await page.getByLabel('Secrétaire Pédagogique', { exact: true }).check();
  // Excluded options stay selectable (ticking one clears Secrétaire), with the reason as a note.
  await expect(page.getByLabel('Directeur des Opérations', { exact: true })).toBeEnabled();
  await expect(page.getByText('Les rôles de Directeur et Secrétaire sont mutuellement exclusifs.')).toBeVisible();
  await expect(page.getByText('Un rôle supérieur inclut déjà cette permission.').first()).toBeVisible();
  await page.getByLabel('Secrétaire Pédagogique', { exact: true }).uncheck();

  await page.getByRole('button', { name: 'Permissions du rôle Caissier' }).click();
  await expect(page.getByRole('region', { name: 'Permissions du rôle Caissier' })).toContainText(
    'Consulter le rapport financier',
  );
  await page.getByLabel('Caissier', { exact: true }).check();
  await page.getByRole('button', { name: "Créer l'utilisateur" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(toast(page, 'Utilisateur créé.')).toBeVisible();
  const row = page.getByRole('listitem', { name: 'caissier', exact: true });
  await expect(row).toContainText('Caissier');
  await expect(row).toContainText('Mot de passe temporaire');
  const adminRow = page.getByRole('listitem', { name: 'admin', exact: true });
  await expect(adminRow.getByRole('button', { name: 'Réinitialiser le mot de passe' })).toBeDisabled();
  await expect(adminRow.getByRole('button', { name: 'Supprimer' })).toBeDisabled();

  // The cashier changes the temporary password, then sees only the finance tiles.
  const cashier = await (await browser.newContext()).newPage();
  await signIn(cashier, 'caissier', CASHIER_TEMP);
  await expect(cashier).toHaveURL(/\/force-password-change$/);
  await cashier.getByLabel('Nouveau mot de passe', { exact: true }).fill(CASHIER_OWN);
  await cashier.getByLabel('Confirmer le mot de passe', { exact: true }).fill(CASHIER_OWN);
  await cashier.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
  await expect(cashier).toHaveURL(/\/dashboard$/);
  await expect(cashier.getByRole('link', { name: /Rapport Financier/ })).toBeVisible();
  await expect(cashier.getByRole('link', { name: '7e AF' })).toBeVisible();
  await expect(cashier.getByRole('link', { name: /Gestion des Élèves/ })).toHaveCount(0);
  await expect(cashier.getByRole('link', { name: /Gestion des Bulletins/ })).toHaveCount(0);
  await expect(cashier.getByRole('link', { name: /Suivi des Présences/ })).toHaveCount(0);
  await expect(
    cashier.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Administration' }),
  ).toHaveCount(0);
  await cashier.goto('/admin');
  await expect(cashier).toHaveURL(/\/dashboard$/);
});

test.describe('with a cashier who changed their temporary password', () => {
  test.use({
    accounts: [{ username: 'caissier', type: 'standard', templates: ['accountant'], password: CASHIER_OWN }],
  });

  test('a reset password is shown once, can be copied, and must be changed at the next sign-in', async ({
    page,
    browser,
    school,
  }) => {
    await signInAndLand(page, 'admin', '/dashboard');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: school.origin });
    await page.goto('/admin/users');
    await page
      .getByRole('listitem', { name: 'caissier', exact: true })
      .getByRole('button', { name: 'Réinitialiser le mot de passe' })
      .click();
    await page
      .getByRole('dialog', { name: 'Réinitialiser le mot de passe de caissier ?' })
      .getByRole('button', { name: 'Réinitialiser' })
      .click();
    const result = page.getByRole('dialog', { name: 'Mot de passe réinitialisé' });
    await expect(result).toContainText('caissier');
    const temp = (await result.getByTestId('temp-password').textContent())!.trim();
    expect(temp).toHaveLength(14);
    await result.getByRole('button', { name: 'Copier' }).click();
    await expect(toast(page, 'Mot de passe copié !')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(temp);
    await result.getByRole('button', { name: "J'ai noté" }).click();
    await expect(result).toBeHidden();
    await expect(page.getByRole('listitem', { name: 'caissier', exact: true })).toContainText(
      'Mot de passe temporaire',
    );

    const cashier = await (await browser.newContext()).newPage();
    await signIn(cashier, 'caissier', CASHIER_OWN);
    await expect(cashier.getByText("Nom d'utilisateur ou mot de passe incorrect.")).toBeVisible();
    await signIn(cashier, 'caissier', temp);
    await expect(cashier).toHaveURL(/\/force-password-change$/);
    await expect(cashier.getByText('Mise à jour de sécurité requise.')).toBeVisible();
    await cashier.goto('/dashboard');
    await expect(cashier).toHaveURL(/\/force-password-change$/);
  });
});
