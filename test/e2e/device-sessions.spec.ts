// A lost phone (issue 38, decision 314): the same pupil is signed in on two phones; from the
// first one's Sécurité page the other is signed out, and its next call (the next opening of the
// app, decision 320) lands on the sign-in page
// (its access token, still within its hour, is refused at once). Then 'Déconnecter tous les
// appareils' signs the first one out too.
import { expect, test } from './fixtures';
import { PHONE, signInAndLand } from './support';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.use({ viewport: PHONE, userAgent: ANDROID_CHROME });

test('a pupil signs the other phone out from Sécurité: its next opening of the app lands on the sign-in page', async ({
  page,
  browser,
}, testInfo) => {
  const lost = await (await browser.newContext({ viewport: PHONE, userAgent: IPHONE_SAFARI })).newPage();
  await signInAndLand(lost, 'eleve', '/student');
  await signInAndLand(page, 'eleve', '/student');

  // Sécurité, from the phone's menu.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Sécurité' }).click();
  await expect(page).toHaveURL(/\/student\/security$/);
  await expect(page.getByRole('heading', { name: 'Sécurité', level: 1 })).toBeVisible();
  const devices = page.getByRole('region', { name: 'Appareils connectés' });
  const here = devices.getByRole('listitem', { name: 'Chrome sur Android' });
  const other = devices.getByRole('listitem', { name: 'Safari sur iPhone' });
  await expect(here).toContainText('Cet appareil');
  await expect(here.getByRole('button', { name: /Déconnecter/ })).toHaveCount(0);
  await expect(other).toContainText(/Dernière activité : aujourd'hui à \d\d:\d\d/);
  await page.screenshot({ path: testInfo.outputPath('security-phone.png'), fullPage: true });

  await other.getByRole('button', { name: 'Déconnecter Safari sur iPhone' }).click();
  await expect(page.getByText('Appareil déconnecté.')).toBeVisible();
  await expect(other).toBeHidden();
  await expect(here).toBeVisible();

  // The other phone's next call to the server: its token is refused, its renewal too: the sign-in
  // page. Within a visit the screens open from the phone's revalidated set (decision 320); the next
  // opening of the app revalidates it, which is that call.
  await lost.reload();
  await expect(lost).toHaveURL(/\/login$/);
  await expect(lost.getByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeVisible();

  // This phone goes on, then signs every device out, itself included.
  await page.reload();
  await expect(here).toBeVisible();
  await page.getByRole('button', { name: 'Déconnecter tous les appareils' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Déconnecter tous les appareils' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Tous vos appareils ont été déconnectés.')).toBeVisible();
  const renew = await page.evaluate(async () => (await fetch('/api/auth/refresh', { method: 'POST' })).status);
  expect(renew).toBe(401);
});

test('an administrator signs a teacher’s devices out from the users screen', async ({ page, browser }, testInfo) => {
  const teacher = await (await browser.newContext({ viewport: PHONE, userAgent: IPHONE_SAFARI })).newPage();
  await signInAndLand(teacher, 'prof', '/teacher');
  await signInAndLand(page, 'admin', '/dashboard');

  await page.goto('/admin/users');
  const row = page.getByRole('listitem', { name: 'prof', exact: true });
  await row.getByRole('button', { name: 'Déconnecter ses appareils' }).click();
  const dialog = page.getByRole('dialog', { name: 'Déconnecter tous les appareils de prof ?' });
  await page.screenshot({ path: testInfo.outputPath('users-phone.png') });
  await dialog.getByRole('button', { name: 'Déconnecter' }).click();
  await expect(page.getByText('Tous les appareils de prof ont été déconnectés.')).toBeVisible();
  // One's own row: from the Sécurité tab.
  await expect(
    page
      .getByRole('listitem', { name: 'admin', exact: true })
      .getByRole('button', { name: 'Déconnecter ses appareils' }),
  ).toBeDisabled();

  // The teacher's next call lands on the sign-in page.
  await teacher.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
  await teacher.reload();
  await expect(teacher).toHaveURL(/\/login$/);
});
