// A cashier's day (document 2 §2, §4): three instalments and a scholarship recorded for a pupil
// of the demo school, the balance turning green, the printed finance sheet, then the financial
// report filtered to 'Solde Restant' for one class, checked against the API's own figures.
import type { Page } from '@playwright/test';
import { financeTotals, formatMoney, toCentimes } from '../../worker/domain/money';
import { expect, test } from './fixtures';
import { apiToken, DEMO, signInAndLand } from './support';

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
  const years = (await (
    await page.request.get('/api/school-years', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as {
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
  const { classes } = (await (
    await page.request.get('/api/enrollments/all?limit=1', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as {
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
  await expect(page.getByText(`Gestion financière pour l'année ${DEMO.currentYear}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Retour à l'accueil/ })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('heading', { name: 'Liste des Élèves Inscrits' })).toBeVisible();
  const row = page.getByTestId(`roster-row-${pupil!.id}`);
  await expect(row.locator('.balance-due')).toHaveText(gdes(mppa));
  // Each save answers the saved sheet, which replaces its row: the class is never read again.
  let rosterReads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/enrollments?className=')) rosterReads++;
  });

  // Unsaved changes ask before closing.
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  const panel = page.getByRole('dialog', { name: 'Fiche financière' });
  await panel.getByRole('button', { name: '+ Ajouter un versement' }).click();
  await panel.getByRole('group', { name: 'Versement 1' }).getByLabel('Montant').fill('100');
  await panel.getByRole('button', { name: 'Annuler' }).click();
  const confirm = page.getByRole('dialog', { name: 'Fermer le formulaire ?' });
  await expect(
    confirm.getByText(
      'Vous avez des modifications non sauvegardées. Voulez-vous vraiment fermer et perdre ces changements ?',
    ),
  ).toBeVisible();
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
  await panel
    .getByRole('group', { name: 'Versement 2' })
    .getByLabel('Montant')
    .fill(String(first / 100).replace('.', ','));
  await panel.getByRole('button', { name: '+ Ajouter un ajustement' }).click();
  const bourse = panel.getByRole('group', { name: 'Bourse' });
  await bourse.getByLabel('Libellé').fill('Bourse 25%');
  await panel
    .getByRole('group', { name: 'Bourse 25%' })
    .getByLabel('Montant')
    .fill(`-${scholarship / 100}`);
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
  await panel
    .getByRole('group', { name: 'Versement 3' })
    .getByLabel('Montant')
    .fill(String(third / 100));
  await expect(panel.getByTestId('panel-balance')).toHaveText(gdes(0));
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel).toBeHidden();
  await expect(row.locator('.balance-settled')).toHaveText(gdes(0));
  await expect(row.locator('.balance-settled')).toHaveCSS('color', 'rgb(21, 128, 61)');
  expect(rosterReads).toBe(0);

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
  await expect(
    page.getByText(wasEnabled ? 'Accès aux notes restreint.' : 'Accès aux notes activé.', { exact: true }),
  ).toBeVisible();
  await access.click();
  await expect(access).toHaveAttribute('aria-checked', String(wasEnabled));
  await expect(
    page.getByText(wasEnabled ? 'Accès aux notes activé.' : 'Accès aux notes restreint.', { exact: true }),
  ).toBeVisible();
  expect(rosterReads).toBe(0);
  await page.getByRole('button', { name: 'Restreindre Tout' }).click();
  const bulk = page.getByRole('dialog', { name: `Action en Masse - ${chosenClass}` });
  await expect(
    bulk.getByText("Êtes-vous sûr de vouloir restreindre l'accès aux notes pour TOUS les élèves de cette classe ?"),
  ).toBeVisible();
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
  for (const receipt of receipts)
    await expect(popup.getByRole('cell', { name: String(receipt), exact: true })).toBeVisible();
  await expect(sheet).toContainText('Bourse 25%');
  await expect(sheet).toContainText(gdes(-scholarship));
  await expect(popup.locator('td.settled')).toHaveText(gdes(0));
  await expect(sheet).toContainText(/Fiche imprimée le \d{2}\/\d{2}\/\d{4}/);
  // Printing starts after 1 s.
  await expect
    .poll(() => popup.evaluate(() => (window as unknown as { printed: number }).printed), { timeout: 3000 })
    .toBe(1);
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

test('payments recorded offline are kept, shown at once and land once when the connection returns', async ({
  page,
  context,
}) => {
  const token = await apiToken(page, 'comptable');
  const { classes } = (await (
    await page.request.get('/api/enrollments/all?limit=1', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as {
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
  // Until it is synced, the row says its change waits (issue 10).
  await expect(row.getByText('En attente')).toBeVisible();

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
    .toEqual({
      payments: pupil!.payments.length + 1,
      adjusted: before.adjusted,
      paid: before.paid + 150_050,
      balance: before.balance - 150_050,
    });
  const now = (await roster(page, token, chosenClass)).find((e) => e.id === pupil!.id)!;
  expect(now.payments.at(-1)).toMatchObject({ label: line, amount: 1500.5, receipt_no: expect.any(Number) });
  await expect(page.getByTestId(`roster-row-${pupil!.id}`).getByText('En attente')).toHaveCount(0);
});

test('the report and the class page stay closed to those without the permission', async ({ page }) => {
  await signInAndLand(page, 'prof', '/teacher');
  await page.goto('/report');
  await expect(page).not.toHaveURL(/\/report$/);
});

// An overpaid pupil (issue 23): the warning colour (WARNING, below), never the green, wherever the balance shows.

test("an overpaid pupil's balance shows in the warning colour on the report and the pupil's own pages", async ({
  page,
}) => {
  const pupilToken = await apiToken(page, 'eleve');
  const me = (await (await page.request.get('/api/student/me', auth(pupilToken))).json()) as {
    student: { nom: string; prenom: string };
    enrollment: { class_name: string };
    balance: number;
  };
  const token = await apiToken(page, 'comptable');
  const sheet = (await roster(page, token, me.enrollment.class_name)).find(
    (e) => e.student.nom === me.student.nom && e.student.prenom === me.student.prenom,
  )!;
  const paid = await page.request.post(`/api/enrollments/${sheet.id}/payments`, {
    ...auth(token),
    data: { amount: me.balance + 250 },
  });
  expect(paid.status()).toBe(201);

  await signInAndLand(page, 'comptable', '/dashboard');
  await page.goto('/report');
  await page.getByLabel('Rechercher').fill(me.student.nom);
  const row = page.getByRole('row').filter({ hasText: `${me.student.prenom} ${me.student.nom}` });
  await expect(row.getByRole('cell').last()).toHaveText(gdes(-25_000));
  await expect(row.getByRole('cell').last()).toHaveCSS('color', WARNING);

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await signInAndLand(page, 'eleve', '/student');
  await expect(page.locator('.student-balance')).toHaveCSS('color', WARNING);
  await page.goto('/student/finance');
  const balance = page.getByRole('definition').filter({ hasText: gdes(-25_000) });
  await expect(balance).toHaveCSS('color', WARNING);
});

// ------------------------------------------------------------------ the cashier on a phone (issue 10)

interface Sheet extends Enrollment {
  className: string;
  version: number;
  student: { nom: string; prenom: string; nisu: string | null };
  payments: {
    id: string;
    label: string;
    amount: number;
    date: string | null;
    receipt_no: number | null;
    recorded_by: string | null;
  }[];
}

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** A pupil of the n-th class of the demo school (from the end when n < 0) that fits `want`. */
async function pupilOf(page: Page, token: string, n: number, want: (e: Sheet) => boolean) {
  const { classes } = (await (await page.request.get('/api/enrollments/all?limit=1', auth(token))).json()) as {
    classes: string[];
  };
  const className = classes.at(n)!;
  const pupil = ((await roster(page, token, className)) as Sheet[]).find(want);
  expect(pupil, `a pupil of ${className} for this test`).toBeTruthy();
  return { className, pupil: pupil!, name: `${pupil!.student.prenom} ${pupil!.student.nom}` };
}

const sheetNow = async (page: Page, token: string, className: string, id: string) =>
  ((await roster(page, token, className)) as Sheet[]).find((e) => e.id === id)!;

const localToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

/** The print window, with printing counted instead of opening the system dialog. */
async function printWindow(page: Page, click: () => Promise<void>) {
  const popupPromise = page.waitForEvent('popup');
  await click();
  const popup = await popupPromise;
  await popup.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  return popup;
}

const WARNING = 'rgb(161, 98, 7)';
const GREEN = 'rgb(21, 128, 61)';

test.describe('the cashier on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("'Nouveau versement' takes amount, today's date and label, never saves a blank, and prints a two-copy receipt", async ({
    page,
  }) => {
    const token = await apiToken(page, 'comptable');
    const { className, pupil, name } = await pupilOf(page, token, 1, (e) => totalsOf(e).balance >= 200_000);
    const before = totalsOf(pupil).balance;
    await signInAndLand(page, 'comptable', '/dashboard');
    await page.goto(`/class/${encodeURIComponent(className)}`);
    const row = page.getByTestId(`roster-row-${pupil.id}`);
    await expect(row.locator('.balance-due')).toHaveText(gdes(before));
    // Nothing of the class card (bulk buttons, NISU, actions) sticks out of it on the phone.
    const outside = await page.locator('.roster').evaluate((card) => {
      const right = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
      return [...card.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > right + 0.5)
        .map((el) => el.textContent);
    });
    expect(outside).toEqual([]);
    // The saved sheet comes back with the answer: the class is not read again.
    let rosterReads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/enrollments?className=')) rosterReads++;
    });

    await row.getByRole('button', { name: `Nouveau versement ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau versement' });
    await expect(dialog.getByLabel('Date')).toHaveValue(await localToday(page));
    await expect(dialog.getByLabel('Libellé')).toHaveValue(`Versement ${pupil.payments.length + 1}`);
    // A blank amount is an error, never a payment of 0.
    await dialog.getByRole('button', { name: 'Enregistrer le versement' }).click();
    await expect(dialog.getByText('Saisissez le montant du versement.')).toBeVisible();
    expect((await sheetNow(page, token, className, pupil.id)).payments).toHaveLength(pupil.payments.length);

    await dialog.getByLabel('Montant').fill('1250,50');
    await expect(dialog.getByTestId('balance-after')).toHaveText(gdes(before - 125_050));
    await dialog.getByRole('button', { name: 'Enregistrer le versement' }).click();
    const done = page.getByRole('dialog', { name: 'Versement enregistré' });
    await expect(done.getByText(new RegExp(`^Reçu n° \\d+ : ${gdes(125_050)}$`))).toBeVisible();
    await expect(done.getByText('mille deux cent cinquante gourdes et cinquante centimes')).toBeVisible();
    const saved = await sheetNow(page, token, className, pupil.id);
    const payment = saved.payments.at(-1)!;
    expect(payment).toMatchObject({
      amount: 1250.5,
      date: await localToday(page),
      label: `Versement ${pupil.payments.length + 1}`,
      recorded_by: 'comptable',
    });

    const popup = await printWindow(page, () => done.getByRole('button', { name: 'Imprimer le reçu' }).click());
    await expect(popup.locator('h1')).toHaveText(['Collège Démo', 'Collège Démo']);
    await expect(popup.getByRole('heading', { name: 'Reçu de paiement' })).toHaveCount(2);
    await expect(popup.getByText(`N° ${payment.receipt_no}`, { exact: true })).toHaveCount(2);
    await expect(popup.getByText("Exemplaire de l'école")).toBeVisible();
    await expect(popup.getByText('Exemplaire de la famille')).toBeVisible();
    const receipt = popup.locator('body');
    for (const text of [
      name,
      className,
      gdes(125_050),
      'mille deux cent cinquante gourdes et cinquante centimes',
      'comptable',
      gdes(before - 125_050),
    ]) {
      await expect(receipt).toContainText(text);
    }
    await expect
      .poll(() => popup.evaluate(() => (window as unknown as { printed: number }).printed), { timeout: 3000 })
      .toBe(1);
    await popup.close();
    await done.getByRole('button', { name: 'Fermer' }).click();
    await expect(row.locator('.balance-due')).toHaveText(gdes(before - 125_050));
    expect(rosterReads).toBe(0);
  });

  test('a payment that makes the balance negative asks for confirmation and shows the overpayment in the warning colour', async ({
    page,
  }) => {
    const token = await apiToken(page, 'comptable');
    const { className, pupil, name } = await pupilOf(page, token, 2, (e) => totalsOf(e).balance > 0);
    const before = totalsOf(pupil).balance;
    await signInAndLand(page, 'comptable', '/dashboard');
    await page.goto(`/class/${encodeURIComponent(className)}`);
    const row = page.getByTestId(`roster-row-${pupil.id}`);
    await row.getByRole('button', { name: `Nouveau versement ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau versement' });
    await dialog.getByLabel('Montant').fill(String((before + 50_000) / 100).replace('.', ','));
    await expect(dialog.getByTestId('balance-after')).toHaveText(gdes(-50_000));
    await expect(dialog.getByTestId('balance-after')).toHaveCSS('color', WARNING);
    await expect(dialog.getByText(`Trop-perçu : ${gdes(50_000)}`)).toBeVisible();

    await dialog.getByRole('button', { name: 'Enregistrer le versement' }).click();
    const confirm = page.getByRole('dialog', { name: 'Versement supérieur au solde' });
    await expect(confirm.getByText(`l'élève aura payé ${gdes(50_000)} de trop`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Revoir le montant' }).click();
    await expect(confirm).toBeHidden();
    expect((await sheetNow(page, token, className, pupil.id)).payments).toHaveLength(pupil.payments.length);
    await dialog.getByRole('button', { name: 'Enregistrer le versement' }).click();
    await confirm.getByRole('button', { name: 'Enregistrer quand même' }).click();
    await page.getByRole('dialog', { name: 'Versement enregistré' }).getByRole('button', { name: 'Fermer' }).click();

    const balance = row.locator('.balance-over');
    await expect(balance).toHaveText(gdes(-50_000));
    await expect(balance).toHaveCSS('color', WARNING);
    await expect(row.locator('.balance-settled')).toHaveCount(0);
    await row.getByRole('button', { name: `Détails Financiers ${name}` }).click();
    const details = page.getByRole('dialog', { name: `Détails Financiers - ${name}` });
    await expect(details.locator('.details-totals .balance-over')).toHaveCSS('color', WARNING);
    expect(
      await details
        .locator('.details-totals dd')
        .last()
        .evaluate((el) => getComputedStyle(el).color),
    ).not.toBe(GREEN);
  });

  test('a payment with a receipt is changed only as a correction with its reason; a blank line is never saved as 0', async ({
    page,
  }) => {
    const token = await apiToken(page, 'comptable');
    const { className, pupil, name } = await pupilOf(page, token, 3, (e) =>
      e.payments.some((p) => p.receipt_no !== null),
    );
    const first = pupil.payments[0]!;
    await signInAndLand(page, 'comptable', '/dashboard');
    await page.goto(`/class/${encodeURIComponent(className)}`);
    const row = page.getByTestId(`roster-row-${pupil.id}`);
    await row.getByRole('button', { name: `Modifier ${name}` }).click();
    const panel = page.getByRole('dialog', { name: 'Fiche financière' });
    const line = panel.getByRole('group', { name: first.label });
    await expect(line.getByLabel('Montant')).toBeDisabled();
    await expect(line.getByRole('button', { name: /Supprimer/ })).toHaveCount(0);

    await line.getByRole('button', { name: `Corriger le versement du reçu n° ${first.receipt_no}` }).click();
    await line.getByLabel('Montant').fill(String(first.amount + 1));
    await expect(line.getByText('Indiquez le motif de la correction.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await line.getByLabel('Motif de la correction').fill('Montant du reçu papier');

    // A new line left blank is an error, not a payment of 0.
    await panel.getByRole('button', { name: '+ Ajouter un versement' }).click();
    const blank = panel.getByRole('group', { name: `Versement ${pupil.payments.length + 1}` });
    await expect(blank.getByText('Saisissez un montant (0 pour un versement prévu).')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await blank.getByRole('button', { name: /Supprimer/ }).click();

    await panel.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Fiche financière mise à jour.', { exact: true })).toBeVisible();
    await expect(panel).toBeHidden();
    const saved = await sheetNow(page, token, className, pupil.id);
    expect(saved.payments).toHaveLength(pupil.payments.length);
    expect(saved.payments[0]).toMatchObject({ id: first.id, amount: first.amount + 1, receipt_no: first.receipt_no });
  });

  test("a save refused because another cashier changed the sheet keeps the cashier's lines on the fresh sheet", async ({
    page,
  }) => {
    const token = await apiToken(page, 'comptable');
    const other = await apiToken(page, 'admin');
    const { className, pupil, name } = await pupilOf(page, token, 4, (e) => totalsOf(e).balance >= 200_000);
    await signInAndLand(page, 'comptable', '/dashboard');
    await page.goto(`/class/${encodeURIComponent(className)}`);
    const row = page.getByTestId(`roster-row-${pupil.id}`);
    await row.getByRole('button', { name: `Modifier ${name}` }).click();
    const panel = page.getByRole('dialog', { name: 'Fiche financière' });
    await panel.getByRole('button', { name: '+ Ajouter un versement' }).click();
    const mine = `Versement ${pupil.payments.length + 1}`;
    await panel.getByRole('group', { name: mine }).getByLabel('Libellé').fill('Versement guichet 1');
    await panel.getByRole('group', { name: 'Versement guichet 1' }).getByLabel('Montant').fill('700');

    // Meanwhile, at the other window, another cashier records a payment on the same sheet.
    const theirs = await page.request.post(`/api/enrollments/${pupil.id}/payments`, {
      ...auth(other),
      data: { amount: 300, label: 'Versement guichet 2' },
    });
    expect(theirs.status()).toBe(201);

    await panel.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      panel.getByText(
        'Un autre utilisateur a modifié cette fiche entre-temps. Vos saisies ont été reportées sur la fiche à jour : vérifiez-les, puis enregistrez.',
      ),
    ).toBeVisible();
    await expect(panel.getByRole('group', { name: 'Versement guichet 1' }).getByLabel('Montant')).toHaveValue('700');
    await expect(panel.getByRole('group', { name: 'Versement guichet 2' })).toBeVisible();
    await panel.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(panel).toBeHidden();
    const saved = await sheetNow(page, token, className, pupil.id);
    expect(saved.payments.slice(-2).map((p) => [p.label, p.amount])).toEqual([
      ['Versement guichet 2', 300],
      ['Versement guichet 1', 700],
    ]);
    await expect(row.locator('.balance-due')).toHaveText(gdes(totalsOf(saved).balance));
  });

  test('the finance details window fits the phone: NISU, class and every amount inside', async ({ page }) => {
    const token = await apiToken(page, 'comptable');
    const { className, pupil, name } = await pupilOf(
      page,
      token,
      0,
      (e) => Boolean(e.student.nisu) && e.payments.length >= 2,
    );
    await signInAndLand(page, 'comptable', '/dashboard');
    await page.goto(`/class/${encodeURIComponent(className)}`);
    await page
      .getByTestId(`roster-row-${pupil.id}`)
      .getByRole('button', { name: `Détails Financiers ${name}` })
      .click();
    const details = page.getByRole('dialog', { name: `Détails Financiers - ${name}` });
    await expect(details.getByText(pupil.student.nisu!)).toBeVisible();
    const clipped = await details.evaluate((dialog) => {
      const body = dialog.querySelector('.modal-body')!;
      const box = body.getBoundingClientRect();
      const out = [...body.querySelectorAll('dd, td, th, button')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
      });
      return { overflow: body.scrollWidth - body.clientWidth, cells: out.map((el) => el.textContent) };
    });
    expect(clipped).toEqual({ overflow: 0, cells: [] });
    await expect(details.getByRole('button', { name: /Imprimer le reçu n° \d+/ })).toHaveCount(
      pupil.payments.filter((p) => p.receipt_no !== null).length,
    );
    await page.screenshot({ path: 'test-results/screens/finance-details-360.png' });
  });

  test('offline on two phones: both quick payments land, a ledger save on a changed sheet is refused and reported in French', async ({
    page,
    context,
  }) => {
    const token = await apiToken(page, 'comptable');
    const other = await apiToken(page, 'admin');
    const quick = await pupilOf(page, token, -2, (e) => totalsOf(e).balance >= 200_000);
    const ledger = await pupilOf(page, token, -3, (e) => totalsOf(e).balance >= 200_000);
    await signInAndLand(page, 'comptable', '/dashboard');
    await controlled(page);
    await page.goto(`/class/${encodeURIComponent(quick.className)}`);
    await expect(page.getByTestId(`roster-row-${quick.pupil.id}`)).toBeVisible();
    await page.goto(`/class/${encodeURIComponent(ledger.className)}`);
    await expect(page.getByTestId(`roster-row-${ledger.pupil.id}`)).toBeVisible();

    await context.setOffline(true);
    // This phone: a ledger save on one sheet...
    const ledgerRow = page.getByTestId(`roster-row-${ledger.pupil.id}`);
    await ledgerRow.getByRole('button', { name: `Modifier ${ledger.name}` }).click();
    const panel = page.getByRole('dialog', { name: 'Fiche financière' });
    await panel.getByRole('button', { name: '+ Ajouter un versement' }).click();
    await panel
      .getByRole('group', { name: `Versement ${ledger.pupil.payments.length + 1}` })
      .getByLabel('Montant')
      .fill('400');
    await panel.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Fiche financière mise à jour et en attente de synchronisation.')).toBeVisible();
    // ...and a quick payment on another, marked 'en attente' until the sync numbers its receipt.
    await page.goto(`/class/${encodeURIComponent(quick.className)}`);
    const quickRow = page.getByTestId(`roster-row-${quick.pupil.id}`);
    await quickRow.getByRole('button', { name: `Nouveau versement ${quick.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau versement' });
    await dialog.getByLabel('Montant').fill('250');
    await dialog.getByRole('button', { name: 'Enregistrer le versement' }).click();
    await expect(
      page.getByText(
        'Versement enregistré et en attente de synchronisation : son reçu sera numéroté à la synchronisation.',
      ),
    ).toBeVisible();
    await expect(quickRow.locator('.balance-due')).toHaveText(gdes(totalsOf(quick.pupil).balance - 25_000));
    await quickRow.getByRole('button', { name: `Détails Financiers ${quick.name}` }).click();
    await expect(page.getByRole('dialog').getByText('en attente', { exact: true })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();

    // The other phone, online, records a payment on both sheets.
    for (const { pupil } of [quick, ledger]) {
      const res = await page.request.post(`/api/enrollments/${pupil.id}/payments`, {
        ...auth(other),
        data: { amount: 100, label: 'Autre téléphone' },
      });
      expect(res.status()).toBe(201);
    }

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(
      page.getByText(
        `La fiche financière de ${ledger.name} a été modifiée entre-temps par un autre utilisateur. Rechargez la fiche pour voir ses changements, puis recommencez.`,
      ),
    ).toBeVisible();
    const quickNow = await sheetNow(page, token, quick.className, quick.pupil.id);
    expect(quickNow.payments.slice(-2).map((p) => [p.label, p.amount])).toEqual([
      ['Autre téléphone', 100],
      [`Versement ${quick.pupil.payments.length + 1}`, 250],
    ]);
    expect(quickNow.payments.at(-1)!.receipt_no).toEqual(expect.any(Number));
    const ledgerNow = await sheetNow(page, token, ledger.className, ledger.pupil.id);
    expect(ledgerNow.payments.slice(ledger.pupil.payments.length).map((p) => [p.label, p.amount])).toEqual([
      ['Autre téléphone', 100],
    ]);
  });
});
