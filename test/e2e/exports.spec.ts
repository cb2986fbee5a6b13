// Exports (issue 30): the director prints the palmarès of a class for Trimestre 1 and downloads it
// as CSV (the report cards' own ranks and averages); the secretary downloads the Ministry's class
// list (UTF-8 with BOM, semicolons). On a school of the test's own with the large demo's data.
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, signInAndLand } from './support';

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
