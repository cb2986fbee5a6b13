// worker/ has no import circle (decision 352): the environment's types at the bottom (env.ts),
// routing a request's school to its database in its own module below auth (lib/host.ts), and db/
// importing nothing above it (only db/, domain/ and the contract's declarations). Type-only
// imports count: a circle of types is still a circle for the reader.
import { describe, expect, it } from 'vitest';

const SOURCES = import.meta.glob<string>(['../../worker/**/*.ts'], { query: '?raw', import: 'default', eager: true });
const files = new Map(Object.entries(SOURCES).map(([path, text]) => [path.replace(/^(\.\.\/)+/, ''), text]));

/** The worker files a file imports (relative specifiers, static or dynamic, types included). */
function importsOf(file: string, text: string): string[] {
  const dir = file.split('/').slice(0, -1);
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)) {
    const parts = [...dir];
    for (const seg of m[1]!.split('/')) {
      if (seg === '..') parts.pop();
      else if (seg !== '.') parts.push(seg);
    }
    const base = parts.join('/').replace(/\.ts$/, '');
    const found = [`${base}.ts`, `${base}/index.ts`, `${base}.d.ts`].find((f) => files.has(f));
    if (found) out.push(found);
  }
  return out;
}

export const graph = new Map([...files].map(([file, text]) => [file, importsOf(file, text)]));

/** The strongly connected components of more than one file (or a file importing itself): the circles. */
export function circles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (edges.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe('worker imports', () => {
  it('reads the worker', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('worker/lib/idempotency.ts')).toContain('worker/lib/errors.ts');
  });

  it('finds a circle when there is one', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(edges)).toEqual([['a', 'b', 'c']]);
  });

  it('has no circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('db/ imports nothing above it', () => {
    const above = [...graph]
      .filter(([file]) => file.startsWith('worker/db/'))
      .flatMap(([file, to]) =>
        to.filter((t) => !/^worker\/(db|domain|contract)\//.test(t)).map((t) => `${file} -> ${t}`),
      );
    expect(above).toEqual([]);
  });

  it('env.ts is at the bottom: it imports no module of the worker but db/client types', () => {
    expect(graph.get('worker/env.ts')!.filter((t) => !/^worker\/(db\/client|domain\/)/.test(t))).toEqual([]);
  });
});
