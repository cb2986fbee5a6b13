// Vite plugin: the role guides of docs/guides/*.md served as /docs/{role}.md (product decision
// 'Documentation'). The client build writes them to dist/client/docs/, where the service worker's
// precache manifest lists them like every built file (they open offline); `npm run dev` serves
// them from docs/guides/ as they are edited.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const guidesIn = (dir: string) => readdirSync(dir).filter((name) => /^[a-z_]+\.md$/.test(name));

export function roleGuides({ dir }: { dir: string }): Plugin {
  return {
    name: 'portail:role-guides',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = /^\/docs\/([a-z_]+\.md)(?:\?.*)?$/.exec(req.url ?? '')?.[1];
        if (!name || !guidesIn(dir).includes(name)) return next();
        res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
        res.end(readFileSync(join(dir, name)));
      });
    },
    generateBundle() {
      if (this.environment?.name !== 'client') return;
      for (const name of guidesIn(dir)) {
        this.emitFile({ type: 'asset', fileName: `docs/${name}`, source: readFileSync(join(dir, name), 'utf8') });
      }
    },
  };
}
