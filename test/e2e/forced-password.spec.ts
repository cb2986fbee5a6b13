// Accounts with a temporary password go through the change before anything else.
import { FIXTURE_PASSWORD } from '../../scripts/demo-accounts';
import { expect, TEMPORARY, test } from './fixtures';
import { signIn, signInAndLand } from './support';

const NEW_PASSWORD = 'Nouveau#Mot2passe';

test.describe('a new staff account', () => {
  test.use({ schoolData: 'empty', accounts: [TEMPORARY.staff('nouveau')] });

  test('a staff account with a temporary password is forced through the change', async ({ page }) => {
    await signIn(page, 'nouveau', FIXTURE_PASSWORD);
    await expect(page).toHaveURL(/\/force-password-change$/);
    await expect(page.getByText('Mise à jour de sécurité requise.')).toBeVisible();

    // Any other page sends back here while the password is temporary.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/force-password-change$/);

    const password = page.getByLabel('Nouveau mot de passe');
    const confirm = page.getByLabel('Confirmer le mot de passe');
    await password.fill('faible');
    await confirm.fill('faible2');
    await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
    await confirm.fill('faible');
    await expect(page.getByText('Les mots de passe correspondent.')).toBeVisible();
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Le mot de passe ne respecte pas les critères de sécurité.');

    await password.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await expect(page.getByText('Excellent')).toBeVisible();
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The page is closed to active accounts, and the new password is the one that works.
    await page.goto('/force-password-change');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Déconnexion' }).first().click({ force: true });
    await signInAndLand(page, 'nouveau', '/dashboard', NEW_PASSWORD);
  });
});

test.describe('a new pupil account', () => {
  test.use({ schoolData: 'small', accounts: [TEMPORARY.student('nouvel-eleve')] });

  test('a student with a temporary password ends on the student area', async ({ page }) => {
    await signIn(page, 'nouvel-eleve', FIXTURE_PASSWORD);
    await expect(page).toHaveURL(/\/force-password-change$/);
    await page.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
    await page.getByLabel('Confirmer le mot de passe').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect(page).toHaveURL(/\/student$/);
  });
});
