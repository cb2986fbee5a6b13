// Vite plugin: after the client build, bundles web/sw.ts into dist/client/service-worker.js with
// the precache manifest of every built file (docs/decisions/005-service-worker-build.md).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build, type Plugin } from 'vite';

const SKIP = new Set(['.assetsignore', 'service-worker.js', '_headers', '_redirects']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function serviceWorker({ entry, outDir }: { entry: string; outDir: string }): Plugin {
  return {
    name: 'portail:service-worker',
    apply: 'build',
    async closeBundle() {
      if (this.environment?.name !== 'client') return;
      const manifest = filesUnder(outDir)
        .map((path) => relative(outDir, path).split(sep).join('/'))
        .filter((file) => !SKIP.has(file))
        .map((file) => ({
          url: `/${file}`,
          // Hashed file names are their own revision.
          revision: /^assets\/.+-[\w-]{8,}\.\w+$/.test(file)
            ? null
            : createHash('sha256').update(readFileSync(join(outDir, file))).digest('hex').slice(0, 16),
        }));
      await build({
        configFile: false,
        logLevel: 'warn',
        define: {
          __PRECACHE_MANIFEST__: JSON.stringify(manifest),
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          lib: { entry, formats: ['iife'], name: 'portailServiceWorker', fileName: () => 'service-worker.js' },
        },
      });
    },
  };
}
