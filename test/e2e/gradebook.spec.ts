// The grade book on a phone (issue 14 'Offline grade entry'): the teacher opens a course's book,
// loses the network, adds an evaluation and scores the whole class; the scores survive a reload
// and land once each when the network returns. A score the server refuses on replay is shown.
import { expect, test } from './fixtures';
import { apiToken, controlled, DEMO, PHONE, signInAndLand } from './support';
import type { Period } from '../../worker/contract/academic-periods';
import type { GradeBook } from '../../worker/contract/grades';
import { addDays, schoolClock } from '../../worker/domain/dates';
import type { TeacherDashboard } from '../../worker/contract/teacher';

test.use({ viewport: PHONE });

const scoreFor = (i: number) => (i * 7) % 21;

test('a teacher scores a whole class offline; every score survives a reload and lands once', async ({
  page,
  context,
  playwright,
}) => {
  await signInAndLand(page, 'prof', '/teacher');
  await controlled(page);
  const token = await apiToken(page, 'prof');
  const years = (await (
    await page.request.get('/api/school-years', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { id: string; is_current: boolean }[];
  const yearId = (years.find((y) => y.is_current) ?? years[0]!).id;
  const course = (
    (await (
      await page.request.get(`/api/teacher/dashboard?yearId=${yearId}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as TeacherDashboard
  ).courses[0]!;

  await page.getByRole('link', { name: `Carnet de notes : ${course.subject_name}, ${course.class_name}` }).click();
  await expect(page.getByRole('heading', { name: `Carnet de notes · ${course.class_name}` })).toBeVisible();
  // The trimester under way (the demo's holds today; decision 211): the book opens online once
  // (the phone keeps its copy).
  await page.getByLabel('Période').selectOption({ label: DEMO.currentPeriod.name });
  const rows = page.locator('.gradebook-table tbody tr');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  const periodId = await page.getByLabel('Période').inputValue();

  await context.setOffline(true);
  await page.getByLabel('Nom', { exact: true }).fill('Devoir hors ligne');
  await page.getByLabel('Sur', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByText('Évaluation créée.')).toBeVisible();
  const inputs = page.getByLabel(/^Note de .+ en Devoir hors ligne \(sur 20\)$/);
  await expect(inputs).toHaveCount(count);
  for (let i = 0; i < count; i++) await inputs.nth(i).fill(String(scoreFor(i)));
  await inputs.nth(count - 1).blur();
  await expect(page.getByText(`${count} notes en attente d'envoi`)).toBeVisible();

  // A reload without network: the book from the phone's copy, the scores from the drafts.
  await page.reload();
  await expect(page.getByLabel('Période')).toBeVisible();
  await page.getByLabel('Période').selectOption({ label: DEMO.currentPeriod.name });
  await expect(inputs).toHaveCount(count);
  for (let i = 0; i < count; i++) await expect(inputs.nth(i)).toHaveValue(String(scoreFor(i)));

  // Back online: each score lands, once.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const bookPath = `/api/teacher/subject-details?yearId=${yearId}&className=${encodeURIComponent(course.class_name)}&subjectId=${course.subject_id}&periodId=${periodId}`;
  const read = async () =>
    (await (await page.request.get(bookPath, { headers: { Authorization: `Bearer ${token}` } })).json()) as GradeBook;
  /** The offline evaluation (the trimester may hold the demo's evaluations too) and its scores. */
  const offline = (book: GradeBook) => {
    const evaluation = book.evaluations.find((e) => e.name === 'Devoir hors ligne');
    const scores = (enrollmentId: string) =>
      (book.gradesByEnrollment[enrollmentId] ?? [])
        .filter((g) => g.evaluation_id === evaluation?.id)
        .map((g) => g.score);
    return { evaluation, scores };
  };
  const landed = async () => {
    const now = await read();
    return now.students.flatMap((s) => offline(now).scores(s.enrollment_id)).length;
  };
  await expect.poll(landed, { timeout: 30_000 }).toBe(count);
  const book = await read();
  const { evaluation, scores } = offline(book);
  expect([evaluation?.name, evaluation?.max_score]).toEqual(['Devoir hors ligne', 20]);
  expect(book.students.map((s) => scores(s.enrollment_id))).toEqual(book.students.map((_, i) => [scoreFor(i)]));
  await expect(page.getByText(/notes? en attente d'envoi/)).toHaveCount(0);

  // Offline again, a correction; meanwhile the evaluation is deleted from another device: the
  // correction is refused on replay and shown, not lost.
  await context.setOffline(true);
  await inputs.nth(0).fill('19');
  await inputs.nth(0).blur();
  await expect(page.getByText("1 note en attente d'envoi")).toBeVisible();
  const other = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const removed = await other.delete(`/api/evaluations/${evaluation!.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(removed.status()).toBe(200);
  await other.dispose();
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const refused = page.getByRole('alert').filter({ hasText: '1 note refusée par le serveur' });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText("Cette évaluation n'existe plus : elle a été supprimée entre-temps.");
  await refused.getByRole('button', { name: 'Retirer' }).click();
  await expect(refused).toHaveCount(0);
});

test('33 scores typed offline, then online at a typing pace: each lands once, a handful of requests carry them', async ({
  page,
  context,
}) => {
  await signInAndLand(page, 'prof', '/teacher');
  await controlled(page);
  const token = await apiToken(page, 'prof');
  const yearId = (
    (await (await page.request.get('/api/school-years', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      id: string;
      is_current: boolean;
    }[]
  ).find((y) => y.is_current)!.id;
  const course = (
    (await (
      await page.request.get(`/api/teacher/dashboard?yearId=${yearId}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as TeacherDashboard
  ).courses[0]!;
  await page.getByRole('link', { name: `Carnet de notes : ${course.subject_name}, ${course.class_name}` }).click();
  await page.getByLabel('Période').selectOption({ label: DEMO.currentPeriod.name });
  const rows = page.locator('.gradebook-table tbody tr');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  const periodId = await page.getByLabel('Période').inputValue();

  // Every grade write the page makes, with what it carried and what came back.
  const writes: { url: string; up: number; down: number }[] = [];
  page.on('requestfinished', (request) => {
    if (request.method() !== 'POST' || !/\/api\/grades/.test(request.url())) return;
    void request.sizes().then((sizes) =>
      writes.push({
        url: request.url(),
        up: sizes.requestHeadersSize + sizes.requestBodySize,
        down: sizes.responseHeadersSize + sizes.responseBodySize,
      }),
    );
  });

  /** Evaluations of 2 points (the subject's max leaves room for them), enough columns for 33 cells. */
  const columns = Math.ceil(33 / count);
  const cells = async (prefix: string) => {
    const all = [];
    for (let k = 0; k < columns; k++) {
      await page.getByLabel('Nom', { exact: true }).fill(`${prefix} ${k + 1}`);
      await page.getByLabel('Sur', { exact: true }).fill('2');
      await page.getByRole('button', { name: 'Ajouter' }).click();
      const inputs = page.getByLabel(new RegExp(`^Note de .+ en ${prefix} ${k + 1} \\(sur 2\\)$`));
      await expect(inputs).toHaveCount(count);
      for (let i = 0; i < count && all.length < 33; i++) all.push(inputs.nth(i));
    }
    return all;
  };
  const scoreOf = (n: number) => String(n % 3);

  // Offline: 33 scores typed, kept on the phone.
  await context.setOffline(true);
  const offline = await cells('Hors ligne');
  for (const [n, input] of offline.entries()) await input.fill(scoreOf(n));
  await offline[32]!.blur();
  await expect(page.getByText("33 notes en attente d'envoi")).toBeVisible();
  expect(writes).toEqual([]);

  // Back online: they leave together.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText(/notes? en attente d'envoi/)).toHaveCount(0, { timeout: 30_000 });
  const read = async () =>
    (await (
      await page.request.get(
        `/api/teacher/subject-details?yearId=${yearId}&className=${encodeURIComponent(course.class_name)}&subjectId=${course.subject_id}&periodId=${periodId}`,
        { headers: { Authorization: `Bearer ${token}` } },
      )
    ).json()) as GradeBook;
  /** The scores of the evaluations named `prefix …`, in the order of the cells typed. */
  const landed = (book: GradeBook, prefix: string) =>
    book.evaluations
      .filter((e) => e.name.startsWith(prefix))
      .flatMap((e) =>
        book.students.flatMap((s) =>
          (book.gradesByEnrollment[s.enrollment_id] ?? []).filter((g) => g.evaluation_id === e.id).map((g) => g.score),
        ),
      );
  expect(landed(await read(), 'Hors ligne')).toEqual(Array.from({ length: 33 }, (_, n) => Number(scoreOf(n))));
  await expect.poll(() => writes.length).toBeGreaterThan(0);
  const afterOffline = writes.length;
  expect(afterOffline).toBeLessThanOrEqual(4);

  // Online, typed key by key at a teacher's pace (a score, Tab, the next one).
  const online = await cells('En ligne');
  for (const [n, input] of online.entries()) {
    await input.click();
    await input.pressSequentially(scoreOf(n + 1), { delay: 120 });
  }
  await online[32]!.blur();
  await expect(page.getByText(/notes? en attente d'envoi/)).toHaveCount(0, { timeout: 30_000 });
  expect(landed(await read(), 'En ligne')).toEqual(Array.from({ length: 33 }, (_, n) => Number(scoreOf(n + 1))));
  await expect.poll(() => writes.length).toBeGreaterThan(afterOffline);
  const typed = writes.slice(afterOffline);
  expect(typed.length).toBeLessThanOrEqual(4);
  expect(writes.every((w) => w.url.endsWith('/api/grades/batch'))).toBe(true);
  console.log(
    `33 notes hors ligne : ${afterOffline} requête(s), ${writes.slice(0, afterOffline).reduce((n, w) => n + w.down, 0)} octets reçus ; 33 notes en ligne : ${typed.length} requête(s), ${typed.reduce((n, w) => n + w.down, 0)} octets reçus, ${typed.reduce((n, w) => n + w.up, 0)} envoyés (sans compression)`,
  );
});

test('the admin opens a grade book from the dashboard; a score above the max is refused and put back', async ({
  page,
}) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.getByRole('button', { name: /^Carnet de notes/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Carnet de notes' });
  await dialog.getByLabel('Classe').selectOption({ index: 1 });
  const subject = dialog.getByLabel('Matière');
  await expect(subject).toBeEnabled();
  await expect(subject.locator('option').nth(1)).toHaveText(/^.+ \(sur \d+\)$/);
  await subject.selectOption({ index: 1 });
  const first = dialog.getByLabel(/^Note de .+ en .+ \(sur [\d,]+\)$/).first();
  await expect(first).toBeVisible();
  const label = (await first.getAttribute('aria-label'))!;
  const max = label.match(/\(sur ([\d,]+)\)$/)![1]!;
  const before = await first.inputValue();
  await first.fill('999');
  await first.blur();
  await expect(page.getByText(`La note ne peut pas dépasser ${max}.`)).toBeVisible();
  await expect(first).toHaveValue(before);
  await expect(first).toBeFocused();

  // An evaluation renamed in its dialog, Enter sending the form; then named back.
  const evaluation = label.match(/^Note de .+ en (.+) \(sur [\d,]+\)$/)![1]!;
  const rename = async (from: string, to: string) => {
    await dialog.getByRole('button', { name: `Modifier ${from}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: "Modifier l'évaluation" });
    await edit.getByLabel('Nom').fill(to);
    await edit.getByLabel('Nom').press('Enter');
    await expect(edit).toBeHidden();
    await expect(dialog.getByRole('button', { name: `Modifier ${to}`, exact: true })).toBeVisible();
  };
  await rename(evaluation, `${evaluation} bis`);
  await rename(`${evaluation} bis`, evaluation);
});

test('the book opens on the period under way, names the periods where unsent scores wait, and suggests the exact average’s phrase', async ({
  page,
  context,
}) => {
  // The periods get their start dates: Trimestre 2 is under way in Port-au-Prince today.
  const admin = { Authorization: `Bearer ${await apiToken(page, 'admin')}` };
  const years = (await (await page.request.get('/api/school-years', { headers: admin })).json()) as {
    id: string;
    is_current: boolean;
  }[];
  const yearId = (years.find((y) => y.is_current) ?? years[0]!).id;
  const periods = (await (
    await page.request.get(`/api/academic-periods?yearId=${yearId}`, { headers: admin })
  ).json()) as Period[];
  const today = schoolClock().date;
  const starts = {
    'Trimestre 1': addDays(today, -150),
    'Trimestre 2': addDays(today, -30),
    'Trimestre 3': addDays(today, 60),
  };
  for (const p of periods) {
    const res = await page.request.put(`/api/academic-periods/${p.id}`, {
      headers: admin,
      data: { name: p.name, year_id: yearId, start_date: starts[p.name as keyof typeof starts] },
    });
    expect(res.status()).toBe(200);
  }
  const idOf = (name: string) => periods.find((p) => p.name === name)!.id;

  await signInAndLand(page, 'prof', '/teacher');
  await controlled(page);
  const token = await apiToken(page, 'prof');
  const course = (
    (await (
      await page.request.get(`/api/teacher/dashboard?yearId=${yearId}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as TeacherDashboard
  ).courses[0]!;
  await page.getByRole('link', { name: `Carnet de notes : ${course.subject_name}, ${course.class_name}` }).click();
  const period = page.getByLabel('Période');
  await expect(period).toHaveValue(idOf('Trimestre 2'));
  await expect(page.locator('.gradebook-table tbody tr').first()).toBeVisible();

  // Trimestre 3, online once, then offline: a score of 14,5 / 25 waits on the phone.
  await period.selectOption({ label: 'Trimestre 3' });
  await expect(page.locator('.gradebook-table tbody tr').first()).toBeVisible();
  await context.setOffline(true);
  await page.getByLabel('Nom', { exact: true }).fill('Devoir exact');
  await page.getByLabel('Sur').fill('25');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  const first = page.getByLabel(/^Note de .+ en Devoir exact \(sur 25\)$/).first();
  await first.fill('14.5');
  await first.blur();
  await expect(page.getByText("1 note en attente d'envoi")).toBeVisible();
  // 14,5 / 25 is 58 % exactly (57,999… in floating point): 58 modulo 4 is the poor tier's third phrase.
  await expect(
    page.getByRole('button', { name: /accepter la suggestion « Résultats faibles, il faut travailler davantage\. »$/ }),
  ).toBeVisible();

  // Back on Trimestre 2, the waiting score is named with its period, one tap away.
  await period.selectOption({ label: 'Trimestre 2' });
  const elsewhere = page
    .getByRole('status')
    .filter({ hasText: 'ne sont pas encore enregistrées dans une autre période' });
  await expect(elsewhere).toBeVisible();
  await elsewhere.getByRole('button', { name: 'Trimestre 3 : 1 note non envoyée' }).click();
  await expect(period).toHaveValue(idOf('Trimestre 3'));
  await expect(first).toHaveValue('14,5');

  // Online again: the score lands and the notice goes.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText("1 note en attente d'envoi")).toHaveCount(0, { timeout: 30_000 });
  await period.selectOption({ label: 'Trimestre 2' });
  await expect(elsewhere).toHaveCount(0);
});

test("a French keyboard's '12,5' is a score: it lands as 12.5 and shows as 12,5; a third decimal is refused, never cut", async ({
  page,
}) => {
  await signInAndLand(page, 'prof', '/teacher');
  const token = await apiToken(page, 'prof');
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const years = (await (await page.request.get('/api/school-years', auth)).json()) as {
    id: string;
    is_current: boolean;
  }[];
  const yearId = years.find((y) => y.is_current)!.id;
  const course = (
    (await (await page.request.get(`/api/teacher/dashboard?yearId=${yearId}`, auth)).json()) as TeacherDashboard
  ).courses[0]!;
  await page.getByRole('link', { name: `Carnet de notes : ${course.subject_name}, ${course.class_name}` }).click();
  await page.getByLabel('Période').selectOption({ label: DEMO.currentPeriod.name });
  const periodId = await page.getByLabel('Période').inputValue();
  await page.getByLabel('Nom', { exact: true }).fill('Virgule');
  await page.getByLabel('Sur', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  const inputs = page.getByLabel(/^Note de .+ en Virgule \(sur 20\)$/);
  // Typed key by key, as on a phone's French keypad (a comma), then a point.
  await inputs.nth(0).pressSequentially('12,5');
  await inputs.nth(1).pressSequentially('17.5');
  await inputs.nth(2).pressSequentially('12,555');
  await inputs.nth(2).blur();
  await expect(page.getByText('La note doit être un nombre positif, avec au plus deux décimales.')).toBeVisible();
  await expect(inputs.nth(2)).toHaveValue('');
  await inputs.nth(1).press('Enter');
  const book = async () =>
    (await (
      await page.request.get(
        `/api/teacher/subject-details?yearId=${yearId}&className=${encodeURIComponent(course.class_name)}&subjectId=${course.subject_id}&periodId=${periodId}`,
        auth,
      )
    ).json()) as GradeBook;
  const scores = async () => {
    const now = await book();
    const evaluation = now.evaluations.find((e) => e.name === 'Virgule');
    return now.students.map((s) =>
      (now.gradesByEnrollment[s.enrollment_id] ?? [])
        .filter((g) => g.evaluation_id === evaluation?.id)
        .map((g) => g.score),
    );
  };
  await expect.poll(async () => (await scores()).slice(0, 3), { timeout: 15_000 }).toEqual([[12.5], [17.5], []]);
  // Read back in French.
  await page.reload();
  await page.getByLabel('Période').selectOption({ label: DEMO.currentPeriod.name });
  await expect(inputs.nth(0)).toHaveValue('12,5');
  await expect(inputs.nth(1)).toHaveValue('17,5');
});
