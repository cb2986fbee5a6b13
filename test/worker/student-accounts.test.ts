// Student accounts (issue 16, /student-portal): a selection gets accounts with usernames made
// unique (in the school, the platform and the batch itself), passwords shown once and never kept
// for replays; reset and disable; permission and tenancy.
import { describe, expect, it } from 'vitest';
import type {
  CreatedStudentAccounts,
  StudentAccountReset,
  StudentAccountRow,
} from '../../worker/contract/student-accounts';
import { createYear, seedStudents } from './fixtures-academic';
import { bodyOf, call, createSchool, firstEverywhere, login, tokenFor } from './helpers';

async function schoolWithPupils() {
  const school = await createSchool({
    users: [
      { username: 'admin', type: 'admin' },
      { username: 'comptable', type: 'standard', templates: ['accountant'] },
      { username: 'rose.augustin', type: 'standard', templates: ['secretary'] },
    ],
  });
  const year = await createYear(school.id, {
    classes: [
      ['7e AF', 25_000],
      ['8e AF', 30_000],
    ],
  });
  const { studentIds } = await seedStudents(school.id, year, [
    { nom: 'Augustin', prenom: 'Rose', className: '7e AF' },
    { nom: 'Pierre', prenom: 'Jean', className: '7e AF' },
    { nom: 'Pierre', prenom: 'Jean', className: '8e AF' },
    { nom: 'Noël', prenom: 'Anne' },
  ]);
  return { school, yearId: year.yearId, ids: studentIds, admin: await tokenFor(school, 'admin') };
}

describe('student accounts', () => {
  it('makes accounts for a selection with unique usernames, shown once; they sign in and must change the password', async () => {
    const ctx = await schoolWithPupils();
    const key = crypto.randomUUID();
    const res = await call(
      ctx.school,
      ctx.admin,
      'POST',
      '/api/student-accounts',
      { yearId: ctx.yearId, student_ids: ctx.ids.slice(0, 3) },
      { 'Idempotency-Key': key },
    );
    expect(res.status).toBe(201);
    const created = await bodyOf<CreatedStudentAccounts>(res);
    expect(created.message).toBe('3 comptes créés.');
    expect(created.accounts.map((a) => a.username)).toEqual(['rose.augustin2', 'jean.pierre', 'jean.pierre2']);
    const signIn = await login(ctx.school, 'jean.pierre2', created.accounts[2]!.tempPassword);
    expect(signIn.status).toBe(200);
    // The passwords were not kept for a replay: the same request runs again and finds the accounts made.
    const again = await call(
      ctx.school,
      ctx.admin,
      'POST',
      '/api/student-accounts',
      { yearId: ctx.yearId, student_ids: ctx.ids.slice(0, 3) },
      { 'Idempotency-Key': key },
    );
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe('Tous les élèves sélectionnés ont déjà un compte.');
    const stored = await firstEverywhere<{ body: string }>(
      'SELECT response_body AS body FROM idempotency_keys WHERE key = ?',
      key,
    );
    expect(stored).toBeNull();
    const list = await bodyOf<StudentAccountRow[]>(
      await call(ctx.school, ctx.admin, 'GET', `/api/student-accounts?yearId=${ctx.yearId}`),
    );
    expect(list.map((r) => [r.class_name, r.nom, r.username, r.account_status])).toEqual([
      ['7e AF', 'Augustin', 'rose.augustin2', 'temporary_password'],
      ['7e AF', 'Pierre', 'jean.pierre', 'temporary_password'],
      ['8e AF', 'Pierre', 'jean.pierre2', 'temporary_password'],
    ]);
  });

  it('refuses an empty or too large selection and a student not enrolled this year, in French', async () => {
    const ctx = await schoolWithPupils();
    const empty = await call(ctx.school, ctx.admin, 'POST', '/api/student-accounts', {
      yearId: ctx.yearId,
      student_ids: [],
    });
    expect((await bodyOf(empty)).message).toBe('Veuillez sélectionner au moins un élève.');
    const many = await call(ctx.school, ctx.admin, 'POST', '/api/student-accounts', {
      yearId: ctx.yearId,
      student_ids: Array.from({ length: 6 }, (_, i) => `s${i}`),
    });
    expect((await bodyOf(many)).message).toBe('Au plus 5 comptes à la fois.');
    const unenrolled = await call(ctx.school, ctx.admin, 'POST', '/api/student-accounts', {
      yearId: ctx.yearId,
      student_ids: [ctx.ids[3]],
    });
    expect(unenrolled.status).toBe(404);
  });

  it('resets (new temporary password, old sessions ended) and disables an account', async () => {
    const ctx = await schoolWithPupils();
    const created = await bodyOf<CreatedStudentAccounts>(
      await call(ctx.school, ctx.admin, 'POST', '/api/student-accounts', {
        yearId: ctx.yearId,
        student_ids: [ctx.ids[1]],
      }),
    );
    const [row] = await bodyOf<StudentAccountRow[]>(
      await call(ctx.school, ctx.admin, 'GET', `/api/student-accounts?yearId=${ctx.yearId}`),
    ).then((l) => l.filter((r) => r.user_id));
    const reset = await bodyOf<StudentAccountReset>(
      await call(ctx.school, ctx.admin, 'PUT', `/api/student-accounts/${row!.user_id}/reset`),
    );
    expect(reset).toMatchObject({ username: 'jean.pierre', message: 'Mot de passe réinitialisé.' });
    expect((await login(ctx.school, 'jean.pierre', created.accounts[0]!.tempPassword)).status).toBe(401);
    expect((await login(ctx.school, 'jean.pierre', reset.tempPassword)).status).toBe(200);
    const disabled = await call(ctx.school, ctx.admin, 'PUT', `/api/student-accounts/${row!.user_id}/disable`);
    expect((await bodyOf(disabled)).message).toBe('Compte désactivé.');
    expect((await login(ctx.school, 'jean.pierre', reset.tempPassword)).status).not.toBe(200);
  });

  it('needs student_portal:manage_accounts; another school answers 404', async () => {
    const ctx = await schoolWithPupils();
    const accountant = await tokenFor(ctx.school, 'comptable');
    expect((await call(ctx.school, accountant, 'GET', `/api/student-accounts?yearId=${ctx.yearId}`)).status).toBe(403);
    const other = await createSchool();
    const stranger = await tokenFor(other, 'admin');
    expect((await call(other, stranger, 'GET', `/api/student-accounts?yearId=${ctx.yearId}`)).status).toBe(404);
    await call(ctx.school, ctx.admin, 'POST', '/api/student-accounts', {
      yearId: ctx.yearId,
      student_ids: [ctx.ids[0]],
    });
    const [row] = (
      await bodyOf<StudentAccountRow[]>(
        await call(ctx.school, ctx.admin, 'GET', `/api/student-accounts?yearId=${ctx.yearId}`),
      )
    ).filter((r) => r.user_id);
    expect((await call(other, stranger, 'PUT', `/api/student-accounts/${row!.user_id}/reset`)).status).toBe(404);
  });
});
