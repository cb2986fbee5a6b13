// Announcements (issue 15): the administration writes to the 7e AF from the Communications tab; a
// pupil of 7e AF sees it, a pupil of 8e AF does not. An announcement to teachers reaches the
// demo teacher's banner; the history deletes a selection.
import { expect, test } from './fixtures';
import { PHONE, signInAndLand } from './support';

// The demo pupil is in 9e AF; pupils 1 and 20 of the large demo are in 7e AF and 8e AF.
// (Two accounts: written as [value, options], or Playwright would read the pair as one.)
test.use({
  accounts: [
    [
      { username: 'eleve7', type: 'student', pupil: 1 },
      { username: 'eleve8', type: 'student', pupil: 20 },
    ],
    { scope: 'test' },
  ],
});

async function openCommunications(page: import('@playwright/test').Page, subTab: string) {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Communications' }).click();
  await page.getByRole('tab', { name: subTab }).click();
}

test('an announcement to 7e AF reaches a pupil of 7e AF and not one of 8e AF', async ({ page, browser }) => {
  await openCommunications(page, 'Annonces aux élèves');
  // Sending without text: the validation message.
  await page.getByRole('button', { name: "Envoyer l'annonce" }).click();
  await expect(page.getByText('Veuillez rédiger une annonce.')).toBeVisible();
  await page.getByLabel("Texte de l'annonce").fill('Sortie au musée national jeudi pour la 7e AF.');
  await page.getByRole('group', { name: 'Classes visées' }).getByLabel('7e AF', { exact: true }).check();
  await page.getByRole('button', { name: "Envoyer l'annonce" }).click();
  await expect(page.getByText('Annonce envoyée aux élèves.')).toBeVisible();
  const history = page.getByRole('region', { name: 'Historique' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Sortie au musée national' })).toContainText(
    'À : 7e AF',
  );

  const pupil7 = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInAndLand(pupil7, 'eleve7', '/student');
  await expect(pupil7.getByText('Sortie au musée national jeudi pour la 7e AF.')).toBeVisible();

  const pupil8 = await (await browser.newContext({ viewport: PHONE })).newPage();
  const answered = pupil8.waitForResponse(
    (r) => r.url().endsWith('/api/student/announcements') && r.request().method() === 'GET',
  );
  await signInAndLand(pupil8, 'eleve8', '/student');
  // The page read its announcements: none for 8e AF.
  expect(await (await answered).json()).toEqual([]);
  await expect(pupil8.getByText('Sortie au musée national')).toBeHidden();

  // The history deletes the selection.
  await history.getByRole('checkbox', { name: /Sortie au musée/ }).check();
  await history.getByRole('button', { name: 'Supprimer (1)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer (1)' }).click();
  await expect(page.getByText('Annonces supprimées.')).toBeVisible();
  await expect(history.getByText('Sortie au musée national')).toBeHidden();
});

test('an announcement to teachers reaches the chosen teacher’s banner', async ({ page, browser }) => {
  await openCommunications(page, 'Annonces aux enseignants');
  await page.getByLabel("Texte de l'annonce").fill('Conseil des professeurs vendredi à 14 h.');
  await page.getByRole('button', { name: "Envoyer l'annonce" }).click();
  await expect(page.getByText('Veuillez rédiger une annonce et sélectionner au moins un destinataire.')).toBeVisible();
  const recipients = page.getByRole('group', { name: 'Destinataires' });
  await expect(recipients.getByLabel('Jean-Robert Baptiste')).toBeVisible();
  await recipients.getByLabel('Tout sélectionner').check();
  await page.getByRole('button', { name: "Envoyer l'annonce" }).click();
  await expect(page.getByText('Annonce envoyée.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Historique' }).getByRole('listitem').first()).toContainText(
    'Jean-Robert',
  );

  const teacher = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInAndLand(teacher, 'prof', '/teacher');
  await expect(teacher.getByText('Conseil des professeurs vendredi à 14 h.')).toBeVisible();
});
