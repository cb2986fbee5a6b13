// A cashier's day (document 2 §2, §4): three instalments and a scholarship recorded for a pupil
// of the demo school, the balance turning green, the printed finance sheet, then the financial
// report filtered to 'Solde Restant' for one class, checked against the API's own figures.
import { expect, type Page, test } from '@playwright/test';
import { financeTotals, formatMoney, toCentimes } from '../../worker/domain/money';
import { apiToken, signInAndLand } from './support';

interface Enrollment {
  id: string;
  mppa: number;
  student: { nom: string; prenom: string };
  payments: { amount: number; receipt_no: number | null }[];
  adjustments: { amount: number }[];
  grades_access_enabled: boolean;
}

const totalsOf = (e: Enrollment) =>
  financeTotals({
    mppa: toCentimes(e.mppa),
    payments: e.payments.map((p) => ({ amount: toCentimes(p.amount) })),
    adjustments: e.adjustments.map((a) => ({ amount: toCentimes(a.amount) })),
  });

async function roster(page: Page, token: string, className: string) {
  const years = (await (await page.request.get('/api/school-years', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    id: string;
    is_current: boolean;
  }[];
  const yearId = years.find((y) => y.is_current)!.id;
  const res = await page.request.get(`/api/enrollments?className=${encodeURIComponent(className)}&yearId=${yearId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Enrollment[];
}

const gdes = (centimes: number) => formatMoney(centimes, 'Gdes');

test('a cashier records instalments and a scholarship, prints the sheet and reads the report', async ({ page }) => {
  const token = await apiToken(page, 'comptable');
  // A pupil of the demo school with nothing paid and no adjustment yet: the balance is the whole
  // base MPPA. The report's answer lists the classes.
  const { classes } = (await (await page.request.get('/api/enrollments/all?limit=1', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    classes: string[];
  };
  let chosenClass = '';
  let pupil: Enrollment | undefined;
  for (const className of classes) {
    pupil = (await roster(page, token, className)).find((e) => e.payments.length === 0 && e.adjustments.length === 0);
    if (pupil) {
      chosenClass = className;
      break;
    }
  }
  expect(pupil, 'a pupil with nothing paid in the demo data').toBeTruthy();
  const name = `${pupil!.student.prenom} ${pupil!.student.nom}`;
  const mppa = toCentimes(pupil!.mppa);
  const scholarship = Math.round(mppa / 4 / 100) * 100; // a 25% scholarship, whole Gdes
  const first = Math.round((mppa - scholarship) / 3 / 100) * 100;
  const third = mppa - scholarship - 2 * first;

  await signInAndLand(page, 'comptable', '/dashboard');
  await page.goto(`/class/${encodeURIComponent(chosenClass)}`);
  await expect(page.getByRole('heading', { name: `Classe : ${chosenClass}` })).toBeVisible();
  await expect(page.getByText("Gestion financière pour l'année 2025-2026")).toBeVisible();
  await expect(page.getByRole('link', { name: /Retour à l'accueil/ })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('heading', { name: 'Liste des Élèves Inscrits' })).toBeVisible();
  const row = page.getByTestId(`roster-row-${pupil!.id}`);
  await expect(row.locator('.balance-due')).toHaveText(gdes(mppa));

  // Unsaved changes ask before closing.
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  const panel = page.getByRole('dialog', { name: 'Fiche financière' });
  await panel.getByRole('button', { name: '+ Ajouter un versement' }).click();
  await panel.getByRole('group', { name: 'Versement 1' }).getByLabel('Montant').fill('100');
  await panel.getByRole('button', { name: 'Annuler' }).click();
  const confirm = page.getByRole('dialog', { name: 'Fermer le formulaire ?' });
  await expect(confirm.getByText('Vous avez des modifications non sauvegardées. Voulez-vous vraiment fermer et perdre ces changements ?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Fermer sans enregistrer' }).click();
  await expect(panel).toBeHidden();

  // Two instalments and a scholarship: still something due.
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  await page.setViewportSize({ width: 375, height: 800 });
  await panel.getByRole('button', { name: '+ Ajouter un versement' }).click();
  const v1 = panel.getByRole('group', { name: 'Versement 1' });
  await expect(v1.getByText('-', { exact: true })).toBeVisible();
  await v1.getByLabel('Montant').fill(String(first / 100));
  // Zero to positive stamps today's date.
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(v1.getByLabel('Date')).toHaveValue(today);
  await v1.getByLabel('Montant').fill('0');
  await expect(v1.getByLabel('Date')).toHaveCount(0);
  await v1.getByLabel('Montant').fill(String(first / 100));
  await panel.getByRole('button', { name: '+ Ajouter un versement' }).click();
  await panel.getByRole('group', { name: 'Versement 2' }).getByLabel('Montant').fill(String(first / 100).replace('.', ','));
  await panel.getByRole('button', { name: '+ Ajouter un ajustement' }).click();
  const bourse = panel.getByRole('group', { name: 'Bourse' });
  await bourse.getByLabel('Libellé').fill('Bourse 25%');
  await panel.getByRole('group', { name: 'Bourse 25%' }).getByLabel('Montant').fill(`-${scholarship / 100}`);
  await expect(panel.getByTestId('panel-balance')).toHaveText(gdes(third));
  await expect(panel.getByTestId('panel-balance')).toHaveClass(/balance-due/);
  await page.screenshot({ path: 'test-results/screens/finance-panel-375.png', fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Fiche financière mise à jour.', { exact: true })).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(row.locator('.balance-due')).toHaveText(gdes(third));
  await expect(row.getByRole('img', { name: "Cet élève bénéficie d'une bourse ou réduction" })).toBeVisible();

  // The third instalment settles it: the balance turns green.
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  await expect(panel.getByText(/Reçu n° \d+/)).toHaveCount(2);
  await panel.getByRole('button', { name: '+ Ajouter un versement' }).click();
  await panel.getByRole('group', { name: 'Versement 3' }).getByLabel('Montant').fill(String(third / 100));
  await expect(panel.getByTestId('panel-balance')).toHaveText(gdes(0));
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel).toBeHidden();
  await expect(row.locator('.balance-settled')).toHaveText(gdes(0));
  await expect(row.locator('.balance-settled')).toHaveCSS('color', 'rgb(21, 128, 61)');

  // The API agrees, and the three payments carry increasing receipt numbers.
  const saved = (await roster(page, token, chosenClass)).find((e) => e.id === pupil!.id)!;
  expect(totalsOf(saved)).toEqual({ adjusted: mppa - scholarship, paid: mppa - scholarship, balance: 0 });
  const receipts = saved.payments.map((p) => p.receipt_no!);
  expect(receipts).toHaveLength(3);
  expect([...receipts].sort((a, b) => a - b)).toEqual(receipts);

  // Grades access: the switch moves at once and the server confirms.
  const access = row.getByRole('switch', { name: `Accès aux notes de ${name}` });
  const wasEnabled = (await access.getAttribute('aria-checked')) === 'true';
  await access.click();
  await expect(access).toHaveAttribute('aria-checked', String(!wasEnabled));
  await expect(page.getByText(wasEnabled ? 'Accès aux notes restreint.' : 'Accès aux notes activé.', { exact: true })).toBeVisible();
  await access.click();
  await expect(access).toHaveAttribute('aria-checked', String(wasEnabled));
  await page.getByRole('button', { name: 'Restreindre Tout' }).click();
  const bulk = page.getByRole('dialog', { name: `Action en Masse - ${chosenClass}` });
  await expect(bulk.getByText("Êtes-vous sûr de vouloir restreindre l'accès aux notes pour TOUS les élèves de cette classe ?")).toBeVisible();
  await bulk.getByRole('button', { name: 'Annuler' }).click();

  // The finance details and the printed sheet.
  await row.getByRole('button', { name: `Détails Financiers ${name}` }).click();
  const details = page.getByRole('dialog', { name: `Détails Financiers - ${name}` });
  await expect(details.getByRole('row')).toHaveCount(1 + 3 + 1 + 1); // payments head + 3, adjustments head + 1
  await page.screenshot({ path: 'test-results/screens/finance-details-1280.png' });
  const popupPromise = page.waitForEvent('popup');
  await details.getByRole('button', { name: 'Imprimer la fiche' }).click();
  const popup = await popupPromise;
  await popup.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await expect(popup.locator('h1')).toHaveText('Collège Démo');
  await expect(popup.getByRole('heading', { name: 'Fiche Financière' })).toBeVisible();
  const sheet = popup.locator('body');
  await expect(sheet).toContainText(name);
  await expect(sheet).toContainText(chosenClass);
  for (const receipt of receipts) await expect(popup.getByRole('cell', { name: String(receipt), exact: true })).toBeVisible();
  await expect(sheet).toContainText('Bourse 25%');
  await expect(sheet).toContainText(gdes(-scholarship));
  await expect(popup.locator('td.settled')).toHaveText(gdes(0));
  await expect(sheet).toContainText(/Fiche imprimée le \d{2}\/\d{2}\/\d{4}/);
  // Printing starts after 1 s.
  await expect.poll(() => popup.evaluate(() => (window as unknown as { printed: number }).printed), { timeout: 3000 }).toBe(1);
  await popup.close();
  await details.getByRole('button', { name: 'Fermer' }).click();

  // Phone and desktop views of the class page.
  await page.screenshot({ path: 'test-results/screens/class-finance-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/screens/class-finance-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The report, 'Solde Restant' for this class only: totals computed by the server.
  await page.goto('/report');
  await expect(page.getByRole('heading', { name: 'Rapport Financier' })).toBeVisible();
  await expect(page.getByText(/Affichage de 25 sur \d+ inscriptions\./)).toBeVisible();
  await expect(page.getByText(/Page 1 sur \d+/)).toBeVisible();
  await page.getByLabel('Statut du Solde').selectOption({ label: 'Solde Restant' });
  const classBoxes = page.getByRole('group', { name: 'Classes' }).getByRole('checkbox');
  for (const box of await classBoxes.all()) {
    const label = (await box.evaluate((el) => el.parentElement?.textContent ?? '')).trim();
    if (label !== chosenClass) await box.uncheck();
  }
  const remaining = (await roster(page, token, chosenClass)).filter((e) => totalsOf(e).balance !== 0);
  const expected = remaining.reduce(
    (sum, e) => {
      const t = totalsOf(e);
      return { adjusted: sum.adjusted + t.adjusted, paid: sum.paid + t.paid, balance: sum.balance + t.balance };
    },
    { adjusted: 0, paid: 0, balance: 0 },
  );
  await expect(page.getByText(`Affichage de ${remaining.length} sur ${remaining.length} inscriptions.`)).toBeVisible();
  await expect(page.getByTestId('total-expected')).toHaveText(gdes(expected.adjusted));
  await expect(page.getByTestId('total-paid')).toHaveText(gdes(expected.paid));
  await expect(page.getByTestId('total-balance')).toHaveText(gdes(expected.balance));
  await expect(page.getByRole('cell', { name }).first()).toBeHidden();
  await expect(page.getByText(/Page \d+ sur \d+/)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/report-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/screens/report-375.png', fullPage: true });

  // A name that matches nobody.
  await page.getByLabel('Rechercher').fill('zzz-personne');
  await expect(page.getByText('Aucune inscription ne correspond à vos critères.')).toBeVisible();
});

/** Waits until the service worker controls the page (it claims clients on activation). */
async function controlled(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active && navigator.serviceWorker.controller);
  });
}

test('payments recorded offline are kept, shown at once and land once when the connection returns', async ({ page, context }) => {
  const token = await apiToken(page, 'comptable');
  const { classes } = (await (await page.request.get('/api/enrollments/all?limit=1', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    classes: string[];
  };
  // A pupil who still owes at least 2 000 Gdes, in the last class that has one.
  let chosenClass = '';
  let pupil: Enrollment | undefined;
  for (const className of [...classes].reverse()) {
    pupil = (await roster(page, token, className)).find((e) => totalsOf(e).balance >= 200_000);
    if (pupil) {
      chosenClass = className;
      break;
    }
  }
  expect(pupil).toBeTruthy();
  const name = `${pupil!.student.prenom} ${pupil!.student.nom}`;
  const before = totalsOf(pupil!);

  await signInAndLand(page, 'comptable', '/dashboard');
  await controlled(page);
  await page.goto(`/class/${encodeURIComponent(chosenClass)}`);
  const row = page.getByTestId(`roster-row-${pupil!.id}`);
  await expect(row.locator('.balance-due')).toHaveText(gdes(before.balance));

  await context.setOffline(true);
  const panel = page.getByRole('dialog', { name: 'Fiche financière' });
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  await panel.getByRole('button', { name: '+ Ajouter un versement' }).click();
  const line = `Versement ${pupil!.payments.length + 1}`;
  await panel.getByRole('group', { name: line }).getByLabel('Montant').fill('1000');
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Fiche financière mise à jour et en attente de synchronisation.')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(row.locator('.balance-due')).toHaveText(gdes(before.balance - 100_000));

  // A second offline edit of the same line: the queued saves replay in order, the second one
  // finds the line the first created.
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  await panel.getByRole('group', { name: line }).getByLabel('Montant').fill('1500,50');
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel).toBeHidden();
  await expect(row.locator('.balance-due')).toHaveText(gdes(before.balance - 150_050));

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText("Données synchronisées avec succès. Rechargement de l'application...")).toBeVisible();
  await expect
    .poll(async () => {
      const now = (await roster(page, token, chosenClass)).find((e) => e.id === pupil!.id)!;
      return { payments: now.payments.length, ...totalsOf(now) };
    })
    .toEqual({ payments: pupil!.payments.length + 1, adjusted: before.adjusted, paid: before.paid + 150_050, balance: before.balance - 150_050 });
  const now = (await roster(page, token, chosenClass)).find((e) => e.id === pupil!.id)!;
  expect(now.payments.at(-1)).toMatchObject({ label: line, amount: 1500.5, receipt_no: expect.any(Number) });
});

test('the report and the class page stay closed to those without the permission', async ({ page }) => {
  await signInAndLand(page, 'prof', '/teacher');
  await page.goto('/report');
  await expect(page).not.toHaveURL(/\/report$/);
});
