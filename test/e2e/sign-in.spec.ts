// Sign-in: the demo schools and accounts of the README as `npm start` seeds them (the default
// school on localhost, the second on its own host), then the sign-in itself on a school of the
// test's own.
import { test as demo } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../scripts/demo-accounts';
import { expect, test } from './fixtures';
import { signIn, signInAndLand } from './support';

test.use({ schoolData: 'empty' });

demo('the landing page leads to the sign-in page of the default school', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  await page.getByRole('link', { name: 'Se connecter' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Collège Démo')).toBeVisible();
  await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible();
});

for (const account of DEMO_ACCOUNTS) {
  demo(`${account.username} lands on ${account.home}`, async ({ page }) => {
    await signInAndLand(page, account.username, account.home);
    await expect(page.getByRole('button', { name: 'Déconnexion' }).first()).toBeAttached();
  });
}

test('a wrong password shows the French error and keeps the user on /login', async ({ page }) => {
  await signIn(page, 'secretaire', 'Mauvais#Passe2026');
  await expect(page.getByRole('alert')).toHaveText("Nom d'utilisateur ou mot de passe incorrect.");
  await expect(page).toHaveURL(/\/login$/);
});

demo('the second demo school answers on its own host', async ({ page, baseURL }) => {
  await page.goto(baseURL!.replace('//localhost:', '//ecole2.localhost:') + '/login');
  await expect(page.getByText('École Nouvelle Aurore')).toBeVisible();
});

test('the password toggle shows and hides the password', async ({ page }) => {
  await page.goto('/login');
  const field = page.getByLabel('Mot de passe', { exact: true });
  await field.fill('secret');
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
  await expect(field).toHaveAttribute('type', 'text');
});

test('signing out returns to /login and forgets the session', async ({ page }) => {
  await signInAndLand(page, 'direction', '/dashboard');
  await page.getByRole('button', { name: 'Déconnexion' }).first().click({ force: true });
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('an expired session returns to /login with a notice', async ({ page, playwright }) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  // Another device changes the password: this session's token is revoked by the server. (Its own
  // cookies: the new device session it gets is not this browser's, which signing out ends.)
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const other = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const revoke = await other.put('/api/user/change-password', {
    headers: { Authorization: `Bearer ${token}` },
    data: { currentPassword: 'Demo#2026-ecole', newPassword: 'Demo#2026-ecole!' },
  });
  expect(revoke.status()).toBe(200);
  const { accessToken } = (await revoke.json()) as { accessToken: string };
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeVisible();
  // The token the change answered with stands: it changes the password again.
  const restore = await other.put('/api/user/change-password', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { currentPassword: 'Demo#2026-ecole!', newPassword: 'Demo#2026-ecole' },
  });
  expect(restore.status()).toBe(200);
  await other.dispose();
});
