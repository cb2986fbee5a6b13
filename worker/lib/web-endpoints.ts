// The web's map of the API (web/api/endpoints.ts), generated from the contract: every endpoint's
// method and path, typed by the contract's own declaration, so that a screen names an endpoint
// (`endpoints.grades.book`) instead of writing its path, and its query, body and answer types
// follow the contract. The web cannot import the contract's values (zod stays out of its bundle):
// this module writes them as plain literals, one table per area (`routes<typeof xxxApi>({ name:
// [method, path] })`), and the type checker compares each literal with the contract's. test/worker/contract.test.ts keeps the file current;
// `npm run openapi` writes it again.
import type { Endpoint } from '../contract/endpoint';

/** A contract module: its exports, some of them areas (`xxxApi`: endpoints by name). */
export type ContractModule = Record<string, unknown>;

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Endpoint).method === 'string' &&
  typeof (value as Endpoint).path === 'string';

/** The source of web/api/endpoints.ts from the contract modules, keyed by their file path. */
export function webEndpointsModule(modules: Record<string, ContractModule>): string {
  const imports: string[] = [];
  const areas: string[] = [];
  const notQueued: string[] = [];
  for (const [file, module] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    const name = file.replace(/^.*\//, '').replace(/\.ts$/, '');
    for (const [exported, value] of Object.entries(module).sort(([a], [b]) => a.localeCompare(b))) {
      if (!exported.endsWith('Api') || typeof value !== 'object' || value === null) continue;
      const entries = Object.entries(value).filter(([, e]) => isEndpoint(e)) as [string, Endpoint][];
      if (!entries.length) continue;
      imports.push(`import type { ${exported} } from '../../worker/contract/${name}';`);
      const lines = entries.map(
        ([key, e]) => `    ${key}: ['${e.method}', '${e.path}'${e.offline ? `, '${e.offline}'` : ''}],`,
      );
      for (const [, e] of entries) if (e.offline) notQueued.push(`  ['${e.method}', '${e.path}'],`);
      areas.push(
        `  ${exported.slice(0, -'Api'.length)}: /* @__PURE__ */ routes<typeof ${exported}>({\n${lines.join('\n')}\n  }),`,
      );
    }
  }
  return [
    '// GENERATED from worker/contract/ by `npm run openapi` (worker/lib/web-endpoints.ts); do not edit.',
    '// Every endpoint of the API, typed by its contract: screens call `endpoints.<area>.<name>`.',
    ...imports,
    "import { routes } from './route';",
    '',
    'export const endpoints = {',
    ...areas,
    '};',
    '',
    '/**',
    " * The writes never queued offline (decision 351): each endpoint declared `offline: 'never'` or",
    " * `'draft'` on the contract. The client marks their requests with NOT_QUEUED_HEADER (web/api/client.ts);",
    ' * the service worker queues no request that is marked or that names one of them (web/sw/queueing.ts).',
    ' */',
    "export const notQueued: readonly (readonly ['post' | 'put' | 'delete', `/${string}`])[] = [",
    ...[...new Set(notQueued)].sort(),
    '];',
    '',
  ].join('\n');
}
