// Importing a register (issue 30) through the secretary's eyes: a 40-line semicolon CSV saved by
// Excel on a French Windows (Windows-1252, CRLF), with a column to map by hand, two duplicates and
// one bad date; the preview of every line, the confirmation, the progress, and the students found
// enrolled in the register. On a school of the test's own with the large demo's data.
import { expect, test } from './fixtures';
import { signInAndLand } from './support';
import { csvText, windows1252 } from '../fixtures/spreadsheets';

const FIRST_NAMES = ['Émilie', 'Widley', 'Roseline', 'Jérôme', 'Nadège', 'Kervens', 'Fabienne', 'Stéphane'];

function registerFile(): Buffer {
  const header = ['Nom', 'Prénom', 'Sexe', 'Né(e) le', 'Lieu de naissance', 'NISU', 'Classe', 'Tuteur', 'Quartier'];
  const rows: string[][] = [];
  for (let i = 0; i < 37; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    rows.push([
      `Importé${String.fromCharCode(65 + (i % 26))}${i}`,
      FIRST_NAMES[i % FIRST_NAMES.length]!,
      i % 2 ? 'Masculin' : 'Féminin',
      `${day}/0${(i % 9) + 1}/2012`,
      i % 3 ? 'Jacmel' : 'Cap-Haïtien',
      i === 0 ? 'IMPO20120101F1234567' : '',
      i % 2 ? '8e AF' : '7e AF',
      `Parent ${i}`,
      'Delmas 33',
    ]);
  }
  // Two duplicates: the same NISU as the first line, the same names and birth date as the second.
  rows.splice(10, 0, ['Autre', 'Nom', 'F', '03/03/2012', '', 'impo 2012 0101 f 1234567', '7e AF', '', 'Delmas']);
  rows.splice(20, 0, [rows[1]![0]!, rows[1]![1]!, 'M', rows[1]![3]!, '', '', '8e AF', '', 'Delmas']);
  // One bad date.
  rows.splice(30, 0, ['Datefausse', 'Lucie', 'F', '31/02/2012', '', '', '7e AF', '', 'Delmas']);
  return Buffer.from(windows1252(csvText([header, ...rows], ';')));
}

test('the secretary imports a 40-line CSV: preview, duplicates and a bad date, then the students enrolled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAndLand(page, 'secretaire', '/dashboard');
  await page.goto('/students');
  await expect(page.getByText(/élèves au total/)).toBeVisible();

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des élèves' });
  await dialog
    .getByLabel('Fichier du registre')
    .setInputFiles({ name: 'registre.csv', mimeType: 'text/csv', buffer: registerFile() });

  // The mapping: every known header found, 'Quartier' left for the user.
  await expect(dialog.getByText('registre.csv : 40 lignes.')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Correspond à : Né(e) le' })).toHaveValue('date_of_birth');
  const quartier = dialog.getByRole('combobox', { name: 'Correspond à : Quartier' });
  await expect(quartier).toHaveValue('');
  await quartier.selectOption('address');
  await dialog.getByRole('button', { name: 'Vérifier les lignes' }).click();

  // The preview: every line with what will happen to it.
  await expect(dialog.getByRole('button', { name: '37 à créer et inscrire' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '2 doublons' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '1 refusée' })).toBeVisible();
  await expect(dialog.locator('.import-preview tbody tr')).toHaveCount(40);
  await expect(dialog.locator('tr[data-line="12"]')).toContainText('Doublon de la ligne 2 (même NISU).');
  await expect(dialog.locator('tr[data-line="22"]')).toContainText(
    'Doublon de la ligne 3 (mêmes nom, prénom et date de naissance).',
  );
  await expect(dialog.locator('tr[data-line="32"]')).toContainText(
    "La date de naissance n'est pas une date valide : vérifiez le jour, le mois et l'année.",
  );
  await expect(dialog.locator('tr[data-line="2"]')).toContainText('Sera inscrit(e) en 7e AF');
  await dialog.getByRole('button', { name: '1 refusée' }).click();
  await expect(dialog.locator('.import-preview tbody tr')).toHaveCount(1);

  // Confirm: the batches go, the progress ends, the summary counts what landed.
  await dialog.getByRole('button', { name: 'Importer 37 élèves' }).click();
  const done = page.getByRole('dialog', { name: 'Importation terminée' });
  await expect(done).toContainText('37 élèves importés, dont 37 inscrits dans leur classe.');
  await expect(done).toContainText('3 lignes non importées (doublons ou refusées)');
  await done.getByRole('button', { name: 'Fermer' }).click();

  // The students are in the register, enrolled, with their birth place.
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('importéb1');
  const row = page.locator('.students-table tbody tr').filter({ hasText: 'ImportéB1' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('8e AF');
  await row.getByRole('button', { name: /Voir la fiche/ }).click();
  await expect(page.getByRole('dialog')).toContainText('Jacmel');
});

// Issue 38: a CSV with an empty ';;;;' row and a fully empty line: each line keeps the file's own
// number (what Excel shows), so the refused line the preview names is the one the secretary finds.
test('the preview numbers the lines as the file does, after empty lines', async ({ page }) => {
  const file = [
    'Nom;Prénom;Sexe;Date de naissance;Classe;Adresse',
    'Videun;Anne;F;15/03/2012;7e AF;Delmas 33',
    ';;;;;',
    'Videdeux;Paul;M;02/02/2012;7e AF;Delmas 33',
    '',
    'Videtrois;Rose;F;01/01/2012;7e AF;Delmas 33',
    'Videquatre;Marc;M;12/12/2011;7e AF;Delmas 33',
    'Datefausse;Lucie;F;31/02/2012;7e AF;Delmas 33',
    '',
  ].join('\r\n');
  await signInAndLand(page, 'secretaire', '/dashboard');
  await page.goto('/students');
  await expect(page.getByText(/élèves au total/)).toBeVisible();
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des élèves' });
  await dialog
    .getByLabel('Fichier du registre')
    .setInputFiles({ name: 'registre.csv', mimeType: 'text/csv', buffer: Buffer.from(windows1252(file)) });
  await expect(dialog.getByText('registre.csv : 5 lignes.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Vérifier les lignes' }).click();
  await expect(dialog.getByRole('button', { name: '1 refusée' })).toBeVisible();
  // Line 8 of the file, after the ';;;;;' line 3 and the empty line 5.
  const refused = dialog.locator('tr[data-line="8"]');
  await expect(refused).toContainText('Datefausse');
  await expect(refused.locator('td').first()).toHaveText('8');
  await expect(refused).toContainText("La date de naissance n'est pas une date valide");
  await expect(dialog.locator('.import-preview tbody tr td:first-child')).toHaveText(['2', '4', '6', '7', '8']);
});
