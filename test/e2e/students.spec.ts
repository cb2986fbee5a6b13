// 'Gestion des Élèves' through a secretary's and an admin's eyes: add with enrolment, search,
// student sheet and its print window, bulk enrol, change class, archive, delete.
// On a school of the test's own with the large demo's data (Collège Démo).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, DEMO, signInAndLand } from './support';

// A 4x4 red PNG.
const PNG_4PX = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==';

const today = () => new Date().toLocaleDateString('fr-FR', { timeZone: 'America/Port-au-Prince' });

async function openRegister(page: Page) {
  await page.goto('/students');
  await expect(page.getByRole('heading', { name: 'Gestion des Élèves', level: 1 })).toBeVisible();
  await expect(page.getByText('Page 1 sur')).toBeVisible();
}

async function search(page: Page, text: string, rows: number) {
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(text);
  await expect(page.locator('.students-table tbody tr')).toHaveCount(rows);
}

const row = (page: Page, name: string) => page.locator('.students-table tbody tr').filter({ hasText: name });

test('a secretary adds, finds, prints, enrols, moves and deletes students; an admin archives one', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInAndLand(page, 'secretaire', '/dashboard');
  await openRegister(page);
  await expect(page.getByText(/élèves au total/)).toBeVisible();

  // Leaving a form with changes asks first.
  await page.getByRole('button', { name: 'Ajouter un élève' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ajouter un élève' });
  await drawer.getByRole('textbox', { name: 'Nom', exact: true }).fill('Brouillon');
  await drawer.getByRole('button', { name: 'Annuler' }).click();
  const confirm = page.getByRole('dialog', { name: 'Fermer le formulaire ?' });
  await expect(confirm).toContainText('Vous avez des modifications non sauvegardées.');
  await confirm.getByRole('button', { name: 'Fermer sans enregistrer' }).click();
  await expect(drawer).toBeHidden();

  // Add a student with an immediate enrolment; the MPPA comes from the class fee.
  await page.getByRole('button', { name: 'Ajouter un élève' }).click();
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(drawer.getByText('Le nom est requis.')).toBeVisible();
  await expect(drawer.getByText("L'adresse est requise.")).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Nom', exact: true }).fill('Valcourt-Essai');
  await drawer.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Roselaure');
  await drawer.getByRole('combobox', { name: 'Sexe' }).selectOption('F');
  await drawer.getByLabel('Jour').selectOption('9');
  await drawer.getByLabel('Mois').selectOption({ label: 'mars' });
  await drawer.getByLabel('Année', { exact: true }).selectOption('2012');
  await drawer.getByRole('textbox', { name: 'Adresse' }).fill('14, rue Faubert, Pétion-Ville');
  await drawer.getByLabel("L'élève a un NISU").check();
  await drawer.getByRole('textbox', { name: 'NISU', exact: true }).fill('vaRo20120309f1234567');
  await expect(drawer.getByRole('textbox', { name: 'NISU', exact: true })).toHaveValue('VARO20120309F1234567');
  await drawer.getByLabel('Nom complet du tuteur').fill('Lucienne Valcourt');
  await drawer.getByLabel('Téléphone du tuteur').fill('3712 3456');
  await drawer.getByLabel('E-mail du tuteur').fill('pas-un-email');
  await drawer.getByLabel('Groupe sanguin').selectOption('AB+');
  await drawer.getByLabel('Allergies').fill('Arachides');
  await drawer.getByLabel(`Inscrire maintenant pour l'année ${DEMO.currentYear}`).check();
  await drawer
    .locator('input[type="file"]')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_4PX, 'base64') });
  await expect(drawer.getByRole('button', { name: 'Retirer la photo' })).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Classe', exact: true }).selectOption('8e AF');
  await expect(drawer.getByRole('textbox', { name: 'MPPA de base' })).toHaveValue('28000,00');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(drawer.getByText("L'e-mail du tuteur n'est pas une adresse e-mail valide.")).toBeVisible();
  await drawer.getByLabel('E-mail du tuteur').fill('lucienne.valcourt@gmail.com');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Élève ajouté.')).toBeVisible();
  await expect(drawer).toBeHidden();

  // Find them by name and by NISU.
  await search(page, 'valcourt-essai', 1);
  await expect(row(page, 'Valcourt-Essai')).toContainText('8e AF');
  await search(page, 'VARO2012', 1);
  // The photo, served only with the session, opens full size.
  await page.getByRole('button', { name: 'Agrandir la photo de Roselaure Valcourt-Essai' }).click();
  const lightbox = page.getByRole('dialog', { name: 'Roselaure Valcourt-Essai' });
  await expect(lightbox.getByRole('img', { name: 'Roselaure Valcourt-Essai' })).toBeVisible();
  await expect
    .poll(() => lightbox.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await lightbox.getByRole('button', { name: 'Fermer la photo' }).click();

  // The sheet shows every block; its print window has the school header and the footer.
  await page.getByRole('button', { name: 'Voir la fiche de Roselaure Valcourt-Essai' }).click();
  const sheet = page.getByRole('dialog', { name: "Fiche de l'Élève" });
  for (const text of [
    'VARO20120309F1234567',
    '8e AF',
    'Féminin',
    '09/03/2012',
    '14, rue Faubert, Pétion-Ville',
    'Lucienne Valcourt',
    '+509 3712 3456',
    'lucienne.valcourt@gmail.com',
    'AB+',
    'Arachides',
  ]) {
    await expect(sheet).toContainText(text);
  }
  const popupPromise = page.waitForEvent('popup');
  await sheet.getByRole('button', { name: 'Imprimer' }).click();
  const popup = await popupPromise;
  await popup.evaluate(() => {
    const w = window as Window & { printCalls?: number };
    w.printCalls = 0;
    w.print = () => {
      w.printCalls = (w.printCalls ?? 0) + 1;
    };
  });
  await expect(popup.locator('.sheet-header h1')).toHaveText('Collège Démo');
  await expect(popup.locator('body')).toContainText("Fiche de l'Élève");
  await expect(popup.locator('body')).toContainText('Roselaure Valcourt-Essai');
  await expect(popup.locator('body')).toContainText('VARO20120309F1234567');
  await expect(popup.locator('.sheet-footer')).toHaveText(`Fiche imprimée le ${today()}`);
  await expect.poll(() => popup.evaluate(() => (window as Window & { printCalls?: number }).printCalls)).toBe(1);
  await popup.close();
  await sheet.getByRole('button', { name: 'Fermer' }).click();

  // Five new unenrolled students, enrolled together.
  const token = await apiToken(page, 'secretaire');
  const firstNames = ['Anel', 'Bethsaïda', 'Carl-Henry', 'Dieunie', 'Evens'];
  for (const prenom of firstNames) {
    const res = await page.request.post('/api/students', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        id: crypto.randomUUID(),
        nom: 'Zzlot',
        prenom,
        sexe: 'M',
        date_of_birth: '2013-01-15',
        address: 'Delmas 75',
      },
    });
    expect(res.status()).toBe(201);
  }
  await search(page, 'zzlot', 5);
  // From here every write's answer carries the rows it saved: the page is never read again.
  let pageReads = 0;
  page.on('request', (r) => {
    if (
      r.url().includes('/api/students-with-enrollment-status?') &&
      new URL(r.url()).searchParams.get('limit') === '25'
    )
      pageReads++;
  });
  await page.getByLabel('Sélectionner tous les élèves de la page').check();
  await expect(page.getByText('5 élève(s) sélectionné(s)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Changer de classe' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archiver', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Inscrire en masse' }).click();
  const enrol = page.getByRole('dialog', { name: 'Inscrire 5 élève(s)' });
  await enrol.getByLabel('Classe').selectOption({ label: '7e AF — 25 000,00 Gdes' });
  await enrol.getByRole('button', { name: 'Inscrire', exact: true }).click();
  await expect(page.getByText('5 élèves inscrits en masse.')).toBeVisible();
  for (const prenom of firstNames) await expect(row(page, prenom)).toContainText('7e AF');

  // All selected already enrolled: an info message, no bulk enrol.
  await page.getByLabel('Sélectionner tous les élèves de la page').check();
  await expect(page.getByText('Tous les élèves sélectionnés sont déjà inscrits.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Inscrire en masse' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Désélectionner' }).click();

  // Move two of them to another class: 7e AF is not offered.
  await row(page, 'Anel').getByRole('checkbox').check();
  await row(page, 'Bethsaïda').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Changer de classe' }).click();
  const move = page.getByRole('dialog', { name: 'Changer de Classe' });
  const destination = move.getByLabel('Classe de destination');
  await expect(destination.locator('option', { hasText: '7e AF' })).toHaveCount(0);
  await move.getByRole('button', { name: 'Déplacer les élèves' }).click();
  await expect(move.getByText('Veuillez choisir une classe de destination.')).toBeVisible();
  await destination.selectOption({ label: 'NS I' });
  await move.getByRole('button', { name: 'Déplacer les élèves' }).click();
  await expect(page.getByText('Classes des élèves mises à jour.')).toBeVisible();
  await expect(row(page, 'Anel')).toContainText('NS I');
  await expect(row(page, 'Bethsaïda')).toContainText('NS I');
  await expect(row(page, 'Carl-Henry')).toContainText('7e AF');

  // The print list of a selection.
  await row(page, 'Dieunie').getByRole('checkbox').check();
  const listPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimer la liste' }).click();
  const listWindow = await listPopup;
  await expect(listWindow.locator('table')).toContainText('Dieunie');
  await expect(listWindow.locator('.sheet-footer')).toHaveText(`Liste imprimée le ${today()}`);
  await listWindow.close();

  // Delete asks an irreversible confirmation.
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  const remove = page.getByRole('dialog', { name: 'Supprimer 1 élève(s)' });
  await expect(remove).toContainText('Cette action est irréversible.');
  await remove.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page.getByText('Élèves supprimés.')).toBeVisible();
  await expect(page.locator('.students-table tbody tr')).toHaveCount(4);
  await expect(page.getByText('4 élèves au total')).toBeVisible();

  // An edit: the saved student replaces its row.
  await page.getByRole('button', { name: 'Modifier Carl-Henry Zzlot' }).click();
  const edit = page.getByRole('dialog', { name: "Modifier l'élève" });
  await edit.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Carl-Henri');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Élève mis à jour.')).toBeVisible();
  await expect(page.locator('.students-table tbody tr').nth(2)).toContainText('Carl-Henri');
  await expect(row(page, 'Carl-Henri')).toContainText('7e AF');
  expect(pageReads).toBe(0);

  // Archive is for the admin account type: the archived student shows only with the toggle.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAndLand(admin, 'admin', '/dashboard');
  await openRegister(admin);
  await search(admin, 'zzlot', 4);
  await row(admin, 'Evens').getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Archiver', exact: true }).click();
  await expect(admin.getByText('Élèves archivés.')).toBeVisible();
  await expect(admin.locator('.students-table tbody tr')).toHaveCount(3);
  await expect(row(admin, 'Evens')).toHaveCount(0);
  await admin.getByLabel('Afficher les archivés').check();
  await expect(admin.locator('.students-table tbody tr')).toHaveCount(4);
  await expect(row(admin, 'Evens')).toContainText('Archivé(e)');
  await adminContext.close();
});

test('the register pages by 25 with Previous and Next', async ({ page }) => {
  await signInAndLand(page, 'comptable', '/dashboard');
  await openRegister(page);
  await expect(page.locator('.students-table tbody tr')).toHaveCount(25);
  const status = page.locator('.pager-status');
  const [, totalPages] = /Page 1 sur (\d+)/.exec((await status.textContent()) ?? '') ?? [];
  expect(Number(totalPages)).toBeGreaterThan(1);
  await expect(page.getByRole('button', { name: 'Précédent' })).toBeDisabled();
  // A reader (student:read only) gets no add, edit or enrol buttons.
  await expect(page.getByRole('button', { name: 'Ajouter un élève' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Modifier / })).toHaveCount(0);
  const firstName = await page.locator('.students-table tbody tr').first().locator('td').nth(2).textContent();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(status).toContainText(`Page 2 sur ${totalPages}`);
  await expect(page.locator('.students-table tbody tr').first().locator('td').nth(2)).not.toHaveText(firstName ?? '');
  await page.getByLabel('Trier par').selectOption('prenom');
  await expect(status).toContainText('Page 1 sur');
});

test('a student added offline shows at once and is saved when the connection returns', async ({ page, context }) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active && navigator.serviceWorker.controller);
  });
  await openRegister(page);
  const total = page.getByText(/élèves au total/);
  const before = Number(/(\d+)/.exec((await total.textContent()) ?? '')?.[1]);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Ajouter un élève' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ajouter un élève' });
  await drawer.getByRole('textbox', { name: 'Nom', exact: true }).fill('Horsligne');
  await drawer.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Fedna');
  await drawer.getByRole('combobox', { name: 'Sexe' }).selectOption('F');
  await drawer.getByLabel('Jour').selectOption('2');
  await drawer.getByLabel('Mois').selectOption({ label: 'juin' });
  await drawer.getByLabel('Année', { exact: true }).selectOption('2013');
  await drawer.getByRole('textbox', { name: 'Adresse' }).fill('Carrefour');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByText('Vous êtes hors ligne. Votre modification est sauvegardée et sera synchronisée plus tard.'),
  ).toBeVisible();
  await expect(row(page, 'Horsligne')).toContainText('Fedna');
  await expect(total).toHaveText(`${before + 1} élèves au total`);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText("Données synchronisées avec succès. Rechargement de l'application...")).toBeVisible();
  const token = await apiToken(page, 'secretaire');
  await expect
    .poll(async () => {
      const years = await (
        await page.request.get('/api/school-years', { headers: { Authorization: `Bearer ${token}` } })
      ).json();
      const current = (years as { id: string; is_current: boolean }[]).find((y) => y.is_current)!;
      const res = await page.request.get(`/api/students-with-enrollment-status?yearId=${current.id}&search=horsligne`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { pagination: { total: number } }).pagination.total;
    })
    .toBe(1);
});

test('a saved student takes its row in place; one the order moves off a full page brings the page back from the server', async ({
  page,
}) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  await openRegister(page);
  const rows = page.locator('.students-table tbody tr');
  await expect(rows).toHaveCount(25);
  let pageReads = 0;
  page.on('request', (r) => {
    if (
      r.url().includes('/api/students-with-enrollment-status?') &&
      new URL(r.url()).searchParams.get('limit') === '25'
    )
      pageReads++;
  });
  const drawer = page.getByRole('dialog', { name: "Modifier l'élève" });
  const nameOf = async (n: number) =>
    (
      (await rows
        .nth(n)
        .getByRole('button', { name: /^Modifier / })
        .getAttribute('aria-label')) ?? ''
    ).replace(/^Modifier /, '');

  // A new address: the saved student replaces its row where it is; the page is not read again.
  const second = await nameOf(1);
  await rows
    .nth(1)
    .getByRole('button', { name: `Modifier ${second}` })
    .click();
  await drawer.getByRole('textbox', { name: 'Adresse' }).fill('12, rue Capois, Port-au-Prince');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(drawer).toBeHidden();
  expect(await nameOf(1)).toBe(second);
  await rows
    .nth(1)
    .getByRole('button', { name: `Voir la fiche de ${second}` })
    .click();
  const sheet = page.getByRole('dialog', { name: "Fiche de l'Élève" });
  await expect(sheet).toContainText('12, rue Capois, Port-au-Prince');
  await sheet.getByRole('button', { name: 'Fermer' }).click();
  expect(pageReads).toBe(0);

  // Renamed to the end of the order, the first student leaves page 1: the page is read again, full.
  const first = await nameOf(0);
  await rows
    .nth(0)
    .getByRole('button', { name: `Modifier ${first}` })
    .click();
  await drawer.getByRole('textbox', { name: 'Nom', exact: true }).fill('Zzzz-Déplacé');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(drawer).toBeHidden();
  await expect.poll(() => pageReads).toBe(1);
  await expect.poll(() => nameOf(0)).not.toBe(first);
  await expect(rows).toHaveCount(25);
  await expect(rows.filter({ hasText: 'Zzzz-Déplacé' })).toHaveCount(0);
});
