// Families (issue 43, decision 360) on the demo schools as `npm start` seeds them, which sit in two
// school databases: each school's staff link one of its pupils to a new mother's phone (the first
// school's answer holds her one-time code, the second's none: the same account); on a 360 px phone
// she signs in with the phone and the code, sets her password, sees both children with their
// schools, opens a child's page, reads it in Kreyòl, opens the other child's page offline, and
// signs out of a shared phone leaving nothing of them readable.
import { expect, type APIRequestContext, test } from '@playwright/test';
import type { GuardianSlip, SchoolGuardianRow } from '../../worker/contract/guardians';
import { DEMO_PASSWORD } from '../../scripts/demo-accounts';
import { everythingStored, keyHolders, PHONE, settledOffline, signIn, signOut } from './support';

test.use({ viewport: PHONE });

const NEW_PASSWORD = 'Maman#Solide-2026';

/** A school's host: the browser resolves `*.localhost`, Node does not: the request goes to localhost naming it. */
type School = { base: string; host?: string };

async function staffToken(request: APIRequestContext, { base, host }: School) {
  const res = await request.post(`${base}/api/login`, {
    headers: host ? { Host: host } : {},
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** One pupil of the school (the demo mother's child) linked to `phone` by the school's admin. */
async function linkOnePupil(request: APIRequestContext, school: School, phone: string) {
  const { base, host } = school;
  const headers = { Authorization: `Bearer ${await staffToken(request, school)}`, ...(host ? { Host: host } : {}) };
  const rows = (await (await request.get(`${base}/api/guardians`, { headers })).json()) as SchoolGuardianRow[];
  const pupil = rows[0]!;
  const res = await request.post(`${base}/api/students/${pupil.student_id}/guardians`, {
    headers,
    data: { phone, name: 'Rose-Marie Pierre' },
  });
  expect(res.status()).toBe(201);
  return { pupil, slip: (await res.json()) as GuardianSlip };
}

test('a mother with a child in each demo school signs in with her code, sets her password, sees both', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const phone = `4${String(Date.now()).slice(-7)}`;
  const first = await linkOnePupil(request, { base: baseURL! }, phone);
  const second = await linkOnePupil(
    request,
    { base: baseURL!, host: `ecole2.localhost:${new URL(baseURL!).port}` },
    `+509 ${phone}`,
  );
  expect(first.slip.tempPassword).toBeTruthy();
  expect(second.slip.tempPassword).toBeNull();

  await signIn(page, phone, first.slip.tempPassword!);
  await expect(page).toHaveURL(/\/force-password-change$/);
  await page.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
  await expect(page).toHaveURL(/\/guardian$/);
  await expect(page.getByRole('heading', { name: 'Mes enfants', level: 1 })).toBeVisible();
  const name = (p: SchoolGuardianRow) => `${p.prenom} ${p.nom}`;
  // A child's card is named by what it shows: the child's name, class and school (label in name).
  const card = (p: SchoolGuardianRow) => page.getByRole('link', { name: new RegExp(`^${name(p)}`) });
  const firstCard = card(first.pupil);
  const secondCard = card(second.pupil);
  await expect(firstCard).toContainText('Collège Démo');
  await expect(secondCard).toContainText('École Nouvelle Aurore');

  await firstCard.click();
  await expect(page.getByRole('heading', { name: name(first.pupil), level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frais de scolarité' })).toBeVisible();
  await expect(page.getByText('Solde', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Absences et retards' })).toBeVisible();
  await page.screenshot({ path: 'test-results/families-child.png', fullPage: true });

  // Her side in Kreyòl (the choice is in the menu on a phone).
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('button', { name: 'Kreyòl' }).click();
  await expect(page.getByRole('heading', { name: 'Frè lekòl' })).toBeVisible();
  await expect(page.getByText('Balans', { exact: true })).toBeVisible();
  // The menu stays open on the choice.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Frais de scolarité' })).toBeVisible();
  // No refusal on the way: the forced change led straight to her home.
  await expect(page.getByText("Cette page n'est pas accessible")).toHaveCount(0);

  // After one visit, the other child's page opens without the network.
  await settledOffline(page);
  await context.setOffline(true);
  await page.goto('/guardian');
  await card(second.pupil).click();
  await expect(page.getByRole('heading', { name: name(second.pupil), level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Absences et retards' })).toBeVisible();
  await context.setOffline(false);

  // A shared phone: once she signs out, nothing of her children nor of her is readable here, and
  // the phone holds no key to her set (decision 320); her set stays, sealed.
  const stored = await everythingStored(page);
  expect(stored).toContain('api-data-');
  await signOut(page);
  const after = await everythingStored(page);
  expect(after).toContain('api-data-');
  for (const word of [first.pupil.nom, first.pupil.prenom, second.pupil.nom, second.pupil.prenom, phone])
    expect(after, word).not.toContain(word);
  expect(await keyHolders(page)).toEqual([]);
});
