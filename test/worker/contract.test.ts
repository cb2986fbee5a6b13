// The API contract (worker/contract/): every route validates with the endpoint of its method and
// path, answers what the endpoint says (checked on every answer of every worker test), and the
// OpenAPI document in docs/ is the one generated from the routes.
import { Hono } from 'hono';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { allow } from '../../worker/auth/access';
import { area, type Endpoint } from '../../worker/contract/endpoint';
import type { AppBindings } from '../../worker/env';
import { openApiDocument } from '../../worker/lib/openapi';
import { type ContractModule, webEndpointsModule } from '../../worker/lib/web-endpoints';
import { registeredRoutes, taggedOf } from '../../worker/lib/routes';
import { ENDPOINT, input } from '../../worker/lib/validate';
import { bodyOf, call, createSchool, tokenFor } from './helpers';

const ROUTES = registeredRoutes(app).map((route) => ({
  route,
  name: `${route.method} ${route.path}`,
  endpoint: taggedOf<Endpoint>(route, ENDPOINT),
}));

/** The catch-alls and the document itself have no contract of their own. */
const OUTSIDE_CONTRACT = ['GET /api/openapi.json', 'ALL /api/*', 'GET /*'];

describe('API contract', () => {
  it('validates each route with the endpoint of its own method and path', () => {
    const contracted = ROUTES.filter((r) => r.endpoint);
    expect(contracted.length).toBeGreaterThanOrEqual(4);
    for (const { name, endpoint } of contracted)
      expect(`${endpoint!.method.toUpperCase()} /api${endpoint!.path}`).toBe(name);
    const endpoints = contracted.map((r) => r.endpoint);
    expect(new Set(endpoints).size, 'an endpoint serves one route').toBe(endpoints.length);
  });

  it('leaves no route outside the contract but the catch-alls and the document itself', () => {
    const outside = ROUTES.filter((r) => !r.endpoint).map((r) => r.name);
    expect(outside.sort()).toEqual([...OUTSIDE_CONTRACT].sort());
  });

  it('turns an answer off its contract into a 500 that says what differs', async () => {
    const sample = area('sample', {
      item: {
        method: 'get',
        path: '/item',
        summary: 'An item.',
        answers: { 200: z.strictObject({ name: z.string() }) },
      },
    });
    const hono = new Hono<AppBindings>();
    hono.get(`/api${sample.item.path}`, allow.public(), input(sample.item), (c) => c.json({ name: 'ok', extra: true }));
    const res = await hono.request('/api/item');
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^GET \/item answered off its contract: .*extra/s,
    );
  });

  it('answers the typed input of the endpoint to the handler and 400 with the French message', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const res = await call(school, token, 'POST', '/api/school-years', { name: '2026' });
    expect(res.status).toBe(400);
    expect(await bodyOf(res)).toEqual({ message: "Format d'année invalide. Utilisez AAAA-AAAA.", code: 'validation' });
  });

  it('keeps docs/openapi.json generated from the routes (npm run openapi writes it)', async () => {
    const document = openApiDocument(app);
    expect(Object.keys(document.paths)).toContain('/api/school-years/{id}/set-current');
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot('../../docs/openapi.json');
  });

  it('keeps web/api/endpoints.ts generated from the contract (npm run openapi writes it)', async () => {
    const modules = import.meta.glob<ContractModule>('../../worker/contract/*.ts', { eager: true });
    const source = webEndpointsModule(modules);
    expect(source).toContain("gradesApi>({\n    book: ['get', '/teacher/subject-details'],");
    await expect(source).toMatchFileSnapshot('../../web/api/endpoints.ts');
  });

  it('serves the same document at /api/openapi.json in development', async () => {
    const school = await createSchool();
    const res = await school.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument(app))));
  });
});
