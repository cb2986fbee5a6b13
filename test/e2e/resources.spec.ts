// Resources on a phone (issue 16): the demo teacher adds a PDF to their course in the demo pupil's
// class from the teacher page's 'Ressources', and the pupil opens it in the preview dialog; the
// pupil's list then opens offline.
import { expect, test } from './fixtures';
import { demoPdf } from '../../scripts/demo/resources';
import { apiToken, controlled, PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE, schoolData: 'small' });

test('a teacher uploads a PDF and a student of that class previews it', async ({ page, browser, school }) => {
  const eleve = await apiToken(page, 'eleve');
  const me = (await (
    await page.request.get('/api/student/me', { headers: { Authorization: `Bearer ${eleve}` } })
  ).json()) as { enrollment: { class_name: string } };
  const className = me.enrollment.class_name;

  await signInAndLand(page, 'prof', '/teacher');
  await page.getByRole('tab', { name: 'Ressources' }).click();
  await expect(page.getByRole('heading', { name: 'Gestion des Ressources' })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter une ressource' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle ressource' });
  // The form's own rules first: nothing chosen.
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Veuillez sélectionner une assignation.')).toBeVisible();
  await expect(dialog.getByText('Veuillez sélectionner un fichier.')).toBeVisible();
  const course = dialog.getByLabel('Assignation');
  const option = (await course.locator('option').allTextContents()).find((text) => text.startsWith(`${className} · `));
  expect(option).toBeTruthy();
  await course.selectOption({ label: option! });
  await dialog.getByLabel('Titre').fill('Devoir de révision');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'devoir.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(demoPdf('Devoir de révision', ['Exercice 1 : 2/3 + 1/6.'])),
  });
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Ressource ajoutée.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Devoir de révision' })).toBeVisible();

  const pupil = await browser.newContext({ baseURL: school.origin, viewport: PHONE });
  const phone = await pupil.newPage();
  const refused: string[] = [];
  phone.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signInAndLand(phone, 'eleve', '/student');
  await controlled(phone);
  await phone.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await phone.getByRole('link', { name: 'Ressources' }).click();
  await expect(phone).toHaveURL(/\/student\/resources$/);
  const item = phone.getByRole('listitem').filter({ has: phone.getByRole('heading', { name: 'Devoir de révision' }) });
  await expect(item).toContainText('Fichier');
  await item.getByRole('button', { name: 'Aperçu' }).click();
  const preview = phone.getByRole('dialog', { name: 'Aperçu : Devoir de révision' });
  const frame = preview.locator('iframe.resource-frame');
  await expect(frame).toBeVisible();
  expect(await frame.getAttribute('src')).toMatch(/^blob:/);
  // The frame is allowed: the page's security policy refused nothing.
  expect(refused).toEqual([]);
  await expect(preview.getByRole('link', { name: 'Télécharger' })).toBeVisible();
  await preview.getByRole('button', { name: 'Fermer' }).click();

  // The list opens offline after this visit.
  await pupil.setOffline(true);
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Devoir de révision' })).toBeVisible();
  await pupil.close();
});

test('a resource added offline is queued, marked pending, then synced', async ({ page, context }) => {
  await signInAndLand(page, 'prof', '/teacher');
  await controlled(page);
  await page.getByRole('tab', { name: 'Ressources' }).click();
  await expect(page.getByText('Aucune ressource pour le moment.')).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Ajouter une ressource' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle ressource' });
  await dialog.getByLabel('Assignation').selectOption({ index: 1 });
  await dialog.getByRole('radio', { name: 'Lien' }).check();
  await dialog.getByLabel('Titre').fill('Cours en ligne');
  await dialog.getByLabel('URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText("L'URL doit être une adresse http ou https valide.")).toBeVisible();
  await dialog.getByLabel('URL').fill('https://fr.wikipedia.org/wiki/Fraction');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Action en attente de synchronisation.')).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Cours en ligne/ }) });
  await expect(item.getByText('En attente')).toBeVisible();

  await context.setOffline(false);
  await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: 'REPLAY' }));
  await expect(item.getByText('En attente')).toBeHidden({ timeout: 15_000 });
  const token = await apiToken(page, 'prof');
  const years = (await (
    await page.request.get('/api/school-years', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { id: string; is_current: boolean }[];
  const year = years.find((y) => y.is_current)!.id;
  const mine = (await (
    await page.request.get(`/api/teacher/resources?yearId=${year}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { resources: { title: string; url: string }[] };
  expect(mine.resources.map((r) => [r.title, r.url])).toEqual([
    ['Cours en ligne', 'https://fr.wikipedia.org/wiki/Fraction'],
  ]);
});
