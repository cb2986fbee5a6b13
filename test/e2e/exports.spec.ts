// Exports (issue 30): the director prints the palmarès of a class for Trimestre 1 and downloads it
// as CSV (the report cards' own ranks and averages); the secretary downloads the Ministry's class
// list (UTF-8 with BOM, semicolons). On a school of the test's own with the large demo's data.
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, DEMO, signInAndLand } from './support';

const text = async (download: Download) => {
  const bytes = await readFile((await download.path())!);
  return {
    bom: bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])),
    body: bytes.subarray(3).toString('utf8'),
  };
};

test('the director prints the palmarès of 7e AF for Trimestre 1 and downloads it', async ({ page }) => {
  await signInAndLand(page, 'direction', '/dashboard');
  await page.goto('/report-cards');
  await page.getByLabel('Classe').selectOption('7e AF');
  await page.getByLabel('Période').selectOption({ label: 'Trimestre 1' });
  await expect(page.getByRole('checkbox', { name: 'Tout sélectionner' })).toBeVisible();

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimer le palmarès' }).click();
  const sheet = await popup;
  await expect(sheet.getByRole('heading', { name: 'Palmarès — 7e AF — Trimestre 1' })).toBeVisible();
  const rows = sheet.locator('table.palmares tbody tr');
  expect(await rows.count()).toBeGreaterThan(5);
  await expect(rows.first().locator('td').first()).toHaveText(/^1er/);
  // Ranks never go down the list, and each ranked line has its average and colour.
  const ranks = (await rows.locator('td:first-child').allTextContents())
    .map((r) => Number.parseInt(r, 10))
    .filter((r) => !Number.isNaN(r));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  await expect(rows.first().locator('td.band')).toHaveText(/Bonne|Moyenne|Faible/);
  await sheet.close();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Palmarès (CSV)' }).click();
  const file = await text(await download);
  expect(file.bom).toBe(true);
  const [header, first] = file.body.split('\r\n');
  expect(header).toBe('Rang;Nom;Prénom;Moyenne /100;Couleur;Décision');
  expect(first).toMatch(/^1er( ex æquo)?;[^;]+;[^;]+;\d+,\d+;(Bonne|Moyenne|Faible);/);
});

test('the secretary downloads the Ministry’s class list of 7e AF', async ({ page }) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  await page.goto('/students');
  await expect(page.getByText(/élèves au total/)).toBeVisible();
  await page.getByRole('button', { name: 'Liste pour le Ministère' }).click();
  const dialog = page.getByRole('dialog', { name: 'Liste de classe pour le Ministère (MENFP)' });
  await dialog.getByLabel('Classe').selectOption('7e AF');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Télécharger (CSV)' }).click();
  const file = await text(await download);
  expect(file.bom).toBe(true);
  const lines = file.body.trim().split('\r\n');
  expect(lines[0]).toBe('N°;NISU;Nom;Prénom;Sexe;Date de naissance;Lieu de naissance;Classe;Année scolaire');
  expect(lines.length).toBeGreaterThan(5);
  for (const line of lines.slice(1)) {
    expect(line).toMatch(/;[MF]?;\d{2}\/\d{2}\/\d{4};[^;]*;7e AF;/);
    expect(line.endsWith(`;7e AF;${DEMO.currentYear}`), line).toBe(true);
  }
});

// Issue 38: a pupil named '+SUM(1;1)' (typed, or imported from a file) must never run in Excel or
// LibreOffice. Every export writes such text with a quote before it; numbers stay numbers, a
// negative balance included.
test('every export neutralises a name a spreadsheet would run, and keeps numbers as numbers', async ({ page }) => {
  const token = await apiToken(page, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const years = (await (await page.request.get('/api/school-years', { headers })).json()) as {
    id: string;
    name: string;
    is_current: boolean;
  }[];
  const year = years.find((y) => y.is_current)!;
  const created = await page.request.post('/api/students', {
    headers,
    data: {
      id: crypto.randomUUID(),
      nom: '+SUM(1;1)',
      prenom: '-2+3',
      sexe: 'F',
      date_of_birth: '2013-01-15',
      birth_place: '@Jacmel',
      address: 'Delmas 75',
      enrollment: { year_id: year.id, className: '7e AF', mppa: 1000 },
    },
  });
  expect(created.status()).toBe(201);
  const { student } = (await created.json()) as { student: { enrollment: { id: string } } };
  // Paid 1,500 on 1,000: the balance is -500, a number.
  const paid = await page.request.post(`/api/enrollments/${student.enrollment.id}/payments`, {
    headers,
    data: { id: crypto.randomUUID(), amount: 1500, label: '=1+1' },
  });
  expect(paid.status()).toBe(201);

  const lineOf = async (click: () => Promise<void>) => {
    const download = page.waitForEvent('download');
    await click();
    const file = await text(await download);
    return file.body.split('\r\n').find((line) => line.includes('SUM(1;1)'));
  };

  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/students');
  await expect(page.getByText(/élèves au total/)).toBeVisible();
  await page.getByRole('button', { name: 'Liste pour le Ministère' }).click();
  const dialog = page.getByRole('dialog', { name: 'Liste de classe pour le Ministère (MENFP)' });
  await dialog.getByLabel('Classe').selectOption('7e AF');
  const ministry = await lineOf(() => dialog.getByRole('button', { name: 'Télécharger (CSV)' }).click());
  expect(ministry).toMatch(/;"'\+SUM\(1;1\)";"'-2\+3";F;15\/01\/2013;"'@Jacmel";7e AF;/);

  await page.goto('/report');
  const report = await lineOf(() => page.getByRole('button', { name: 'Exporter le rapport (CSV)' }).click());
  expect(report).toBe(`"'-2+3 +SUM(1;1)";${year.name};7e AF;1000;0;1000;1500;-500`);

  const payments = page.getByRole('group', { name: 'Versements d’une période' });
  const payment = await lineOf(() => payments.getByRole('button', { name: 'Télécharger (CSV)' }).click());
  expect(payment).toMatch(/;"'-2\+3 \+SUM\(1;1\)";7e AF;"'=1\+1";1500;admin$/);

  await page.goto('/report-cards');
  await page.getByLabel('Classe').selectOption('7e AF');
  await page.getByLabel('Période').selectOption({ label: 'Trimestre 1' });
  await expect(page.getByRole('checkbox', { name: 'Tout sélectionner' })).toBeVisible();
  const palmares = await lineOf(() => page.getByRole('button', { name: 'Palmarès (CSV)' }).click());
  expect(palmares).toMatch(/;"'\+SUM\(1;1\)";"'-2\+3";/);
});
