// docs/map.md, the newcomer's map of the spec's screens and calls in the code (decision 296), is
// written by scripts/spec-map.ts from the code itself; this test keeps the file equal to what
// the code says now (`npm run openapi` writes it again), and checks that the map finds every
// address, module, endpoint and route file it names.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../worker/contract/endpoint';
import { registeredRoutes, taggedOf } from '../../worker/lib/routes';
import { ENDPOINT } from '../../worker/lib/validate';
import { specMap } from '../../scripts/spec-map';

const WEB = import.meta.glob<string>(['../../web/**/*.ts', '../../web/**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const ROUTE_MODULES = import.meta.glob<Record<string, unknown>>('../../worker/routes/*.ts', { eager: true });

const repoPath = (path: string) => path.replace(/^(\.\.\/)+/, '');

/** 'get /academic-periods/:id' -> 'worker/routes/academic-periods.ts', from the routes each file registers. */
function routeFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [path, module] of Object.entries(ROUTE_MODULES)) {
    for (const [name, value] of Object.entries(module)) {
      // A Hono app, or a function that makes one (readRoutes takes the app's dispatch: never called here).
      const hono =
        value instanceof Hono
          ? value
          : typeof value === 'function' && name.endsWith('Routes')
            ? (value as (dispatch: () => never) => unknown)(() => {
                throw new Error('not dispatched');
              })
            : null;
      if (!(hono instanceof Hono)) continue;
      for (const route of registeredRoutes(hono)) {
        const endpoint = taggedOf<Endpoint>(route, ENDPOINT);
        if (endpoint) files.set(`${endpoint.method} ${endpoint.path}`, repoPath(path));
      }
    }
  }
  return files;
}

const inputs = () => ({
  web: Object.fromEntries(Object.entries(WEB).map(([path, source]) => [repoPath(path), source])),
  routeFileOf: routeFiles(),
});

describe("the newcomer's map (docs/map.md)", () => {
  it('places every screen and call of the spec', () => {
    const map = specMap(inputs());
    expect(map).toContain(
      "| /students | Student management ('Gestion des Élèves') | `/students` | [`web/screens/students/StudentsPage.tsx`](../web/screens/students/StudentsPage.tsx) |",
    );
    expect(map).toMatch(
      /\| `GET \/api\/teacher\/subject-details` \| `endpoints\.grades\.book` \| `worker\/routes\/grades\.ts` \| `worker\/contract\/grades\.ts` \| [^\n]*`\/teacher\/class\/:className\/subject\/:subjectId`/,
    );
    expect(map).toContain('### security: Password change for the signed-in user (see document 2)');
  });

  it('fails on a screen whose module is gone', () => {
    const broken = inputs();
    delete broken.web['web/screens/students/StudentSheet.tsx'];
    expect(() => specMap(broken)).toThrow(/StudentSheet/);
  });

  it('keeps docs/map.md generated from the code (npm run openapi writes it)', async () => {
    await expect(specMap(inputs())).toMatchFileSnapshot('../../docs/map.md');
  });
});
