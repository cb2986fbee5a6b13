// Vite plugin: the role guides of docs/guides/*.md served as /docs/{role}.md (product decision
// 'Documentation'; the spec's call; a guide in Kreyòl as /docs/{role}.ht.md, issue 42) and,
// rendered at build time by react-markdown
// (scripts/lib/guide-render.ts), as /docs/{role}.json, the tree the documentation screen shows
// (decision 165): the page ships no Markdown parser. The client build writes both to
// dist/client/docs/, where the service worker lists them like every built file (the signed-in
// role's tree is stored after sign-in: it opens offline); `npm run dev` serves them from
// docs/guides/ as they are edited.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { renderGuide } from './guide-render.ts';

const guidesIn = (dir: string) => readdirSync(dir).filter((name) => /^[a-z_]+(\.ht)?\.md$/.test(name));
const rendered = (markdown: string) => JSON.stringify(renderGuide(markdown));

export function roleGuides({ dir }: { dir: string }): Plugin {
  return {
    name: 'portail:role-guides',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const [, role, kind] = /^\/docs\/([a-z_]+(?:\.ht)?)\.(md|json)(?:\?.*)?$/.exec(req.url ?? '') ?? [];
        if (!role || !guidesIn(dir).includes(`${role}.md`)) return next();
        const markdown = readFileSync(join(dir, `${role}.md`), 'utf8');
        res.setHeader('Content-Type', kind === 'md' ? 'text/markdown; charset=utf-8' : 'application/json');
        res.end(kind === 'md' ? markdown : rendered(markdown));
      });
    },
    generateBundle() {
      if (this.environment?.name !== 'client') return;
      for (const name of guidesIn(dir)) {
        const markdown = readFileSync(join(dir, name), 'utf8');
        this.emitFile({ type: 'asset', fileName: `docs/${name}`, source: markdown });
        this.emitFile({
          type: 'asset',
          fileName: `docs/${name.replace(/\.md$/, '.json')}`,
          source: rendered(markdown),
        });
      }
    },
  };
}
