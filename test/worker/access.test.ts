import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { type AccessRule, allow } from '../../worker/auth/access';
import type { AccountType } from '../../worker/domain/accounts';
import { ALL_PERMISSION_KEYS, PERMISSIONS } from '../../worker/domain/permissions';
import { bodyOf, call, claimsOf, createPlatformUser, createSchool, tokenFor } from './helpers';
import { accessList, concretePath, registeredRoutes, ruleOf, unguarded } from './route-walk';

const ROUTES = registeredRoutes(app);
const GUARDED = ROUTES.filter((r) => ruleOf(r) && !ruleOf(r)!.public && r.method !== 'ALL');

/** Whether a rule lets an account in, read from the rule as declared (not with the worker's `may`). */
const admits = (rule: AccessRule, account: { type: AccountType; permissions: string[] }): boolean =>
  (rule.types === undefined || rule.types.includes(account.type)) &&
  (rule.permission === undefined || account.permissions.includes(rule.permission)) &&
  (rule.anyPermission === undefined || rule.anyPermission.some((p) => account.permissions.includes(p))) &&
  (rule.anyOf === undefined || rule.anyOf.some((part) => admits(part, account)));

describe('route access rules', () => {
  it('finds the routes of the app', () => {
    const names = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'PUT /api/user/force-change-password',
        'PUT /api/student/force-change-password',
        'PUT /api/user/change-password',
        'GET /api/instance/default',
        'GET /api/instance/current',
        'PUT /api/instance/current',
        'GET /api/permissions',
        'ALL /api/*',
      ]),
    );
    // app.use() middleware (security headers, host resolution, body limit, ETag) is not a route.
    expect(names.filter((n) => n === 'ALL /api/*')).toHaveLength(1);
    expect(names).not.toContain('ALL /*');
  });

  it('gives every route an access rule', () => {
    expect(unguarded(app)).toEqual([]);
  });

  it('keeps docs/access.md listing every route with its whole rule (npm run openapi writes it)', async () => {
    const list = accessList(app);
    expect(list).not.toContain('**no rule**');
    expect(list).toContain(
      '| GET | `/api/teacher/subject-details` | any of [account types teacher, only the courses they teach ' +
        '(checked before the handler)] or [account types admin, standard, holding grade:read] |',
    );
    expect(list).toContain('and enrollment:create to enrol the student');
    await expect(list).toMatchFileSnapshot('../../docs/access.md');
  });

  it('would report a route without a rule (the walk can fail)', () => {
    const middleware: MiddlewareHandler = async (_c, next) => next();
    const sample = new Hono();
    sample.use('*', middleware);
    sample.use('/api/*', allow.public());
    sample.get('/api/guarded', allow.signedIn(), (c) => c.text('ok'));
    sample.get('/api/bare', (c) => c.text('ok'));
    sample.post('/api/with-middleware-only', middleware, (c) => c.text('ok'));
    sample.get('/api/guarded', (c) => c.text('second registration, no rule'));
    sample.all('/api/*', (c) => c.text('fallback'));
    expect(unguarded(sample)).toEqual([
      'GET /api/bare',
      'POST /api/with-middleware-only',
      'GET /api/guarded',
      'ALL /api/*',
    ]);
  });

  it('answers 401 without a token on every protected route', async () => {
    const school = await createSchool({ users: [{ username: 'admin', type: 'admin' }] });
    expect(GUARDED.length).toBeGreaterThan(5);
    for (const route of GUARDED) {
      const res = await call(school, null, route.method, concretePath(route.path));
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(await res.json()).toEqual({
        message: 'Session invalide ou expirée. Veuillez vous reconnecter.',
        code: 'unauthorized',
      });
    }
  });

  it('answers 403 to every account that the rule of a route leaves out', async () => {
    const school = await createSchool({
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'sansrole', type: 'standard' },
        { username: 'comptable', type: 'standard', templates: ['accountant'] },
        { username: 'prof', type: 'teacher' },
        { username: 'eleve', type: 'student' },
      ],
    });
    const superadmin = await createPlatformUser();
    // A guardian (decision 360): a directory account like the platform's, refused every school route.
    const guardian = await createPlatformUser(
      `+5093${crypto.randomUUID().replace(/\D/g, '').padEnd(7, '0').slice(0, 7)}`,
      'guardian',
    );
    const accounts: { token: string; type: AccountType; permissions: string[] }[] = [];
    for (const username of [
      'admin',
      'sansrole',
      'comptable',
      'prof',
      'eleve',
      superadmin.username,
      guardian.username,
    ]) {
      const token = await tokenFor(school, username);
      const claims = claimsOf(token);
      accounts.push({ token, type: claims.role as AccountType, permissions: claims.permissions as string[] });
    }

    let refusals = 0;
    const alternativesRefused = new Set<string>();
    const refusedTypes = new Set<string>();
    for (const route of GUARDED) {
      const rule = ruleOf(route)!;
      for (const account of accounts) {
        if (admits(rule, account)) continue;
        const body = route.method === 'GET' ? undefined : {};
        const res = await call(school, account.token, route.method, concretePath(route.path), body);
        expect(res.status, `${account.type} ${route.method} ${route.path}`).toBe(403);
        expect(await res.json()).toEqual({
          message: "Vous n'avez pas la permission d'effectuer cette action.",
          code: 'forbidden',
        });
        refusals++;
        refusedTypes.add(account.type);
        if (rule.anyOf) alternativesRefused.add(`${account.type} ${route.method} ${route.path}`);
      }
    }
    expect(refusals).toBeGreaterThan(10);
    // allow.any: the staff without the permission are refused where the teacher of the course may.
    expect(alternativesRefused).toContain('standard GET /api/teacher/subject-details');
    expect(alternativesRefused).toContain('student PUT /api/resources/:id');
    expect(refusedTypes).toContain('guardian');
  }, 30_000); // one request per route and refused account: it grows with the API
});

describe('permission checks', () => {
  const schoolInfo = (name: string) => ({
    name,
    email: '',
    address: null,
    phone: null,
    passing_grade: 55,
    currency: 'Gdes',
  });

  it('lets only holders of user:manage save the school information', async () => {
    const school = await createSchool();
    const comptable = await call(
      school,
      await tokenFor(school, 'comptable'),
      'PUT',
      '/api/instance/current',
      schoolInfo('Refusé'),
    );
    expect(comptable.status).toBe(403);
    expect(await bodyOf(comptable)).toEqual({
      message: "Vous n'avez pas la permission d'effectuer cette action.",
      code: 'forbidden',
    });
    const secretaire = await call(
      school,
      await tokenFor(school, 'secretaire'),
      'PUT',
      '/api/instance/current',
      schoolInfo('Refusé'),
    );
    expect(secretaire.status).toBe(403);

    const adminToken = await tokenFor(school, 'admin');
    const admin = await call(school, adminToken, 'PUT', '/api/instance/current', schoolInfo('Collège Accepté'));
    expect(admin.status).toBe(200);
    expect(await admin.json()).toEqual({ message: 'Informations mises à jour.' });
    const current = await bodyOf<{ name: string }>(await call(school, adminToken, 'GET', '/api/instance/current'));
    expect(current.name).toBe('Collège Accepté');
  });

  it("serves the 22 permissions (the spec's 21 and the families' one) with categories and French descriptions to staff", async () => {
    const school = await createSchool();
    for (const username of ['admin', 'comptable']) {
      const res = await call(school, await tokenFor(school, username), 'GET', '/api/permissions');
      expect(res.status).toBe(200);
      const list = await bodyOf<{ id: number; key: string; category: string; description: string }[]>(res);
      expect(list).toHaveLength(22);
      expect(list).toEqual(PERMISSIONS.map((p) => ({ ...p })));
      expect(list.map((p) => p.key).sort()).toEqual([...ALL_PERMISSION_KEYS].sort());
      expect([...new Set(list.map((p) => p.category))].sort()).toEqual([
        'Administration',
        'Familles',
        'Finances',
        'Inscriptions',
        'Notes et bulletins',
        'Paramètres',
        'Portail Élève',
        'Présences',
        'Élèves',
      ]);
      expect(list.find((p) => p.key === 'user:manage')).toEqual({
        id: 20,
        key: 'user:manage',
        category: 'Administration',
        description: 'Gérer les utilisateurs (accès à l’administration)',
      });
    }
  });

  it('refuses the permission list to teachers, students and platform accounts', async () => {
    const school = await createSchool();
    const superadmin = await createPlatformUser();
    for (const username of ['prof', 'eleve', superadmin.username]) {
      const res = await call(school, await tokenFor(school, username), 'GET', '/api/permissions');
      expect(res.status, username).toBe(403);
      expect((await bodyOf(res)).code).toBe('forbidden');
    }
  });
});
