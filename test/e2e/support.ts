// Shared steps of the end-to-end tests: sign in through the real login page.
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../scripts/demo-accounts';

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
