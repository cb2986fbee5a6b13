// Vite plugin: after the client build, bundles web/sw.ts into dist/client/service-worker.js with
// what the worker must know of the build (decisions 005 and 180):
// - __FILES__: every built file with its revision (null for hashed names: the name is the version);
// - __CORE__: what the first visit needs, installed at once: the page and what it links (the
//   style sheet, the entry chunk), the entry's imports (the sign-in page is in it), the web
//   manifest and the favicon;
// - __SCREENS__: for each lazily loaded module (a screen, a layout, an admin tab), the files it
//   needs: its own chunk, its static imports and styles, and the modules it loads itself. The page
//   names the screens its account can open; the worker fetches those in the background.
// Then every built file's Brotli twin, the service worker's included (scripts/lib/precompress.ts,
// decision 321): the twins are how a file travels, never files of the app themselves.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build, type Plugin } from 'vite';
import { precompress, TWIN } from './precompress.ts';

const SKIP = new Set(['.assetsignore', 'service-worker.js', '_headers', '_redirects']);
export const HASHED = /^assets\/.+-[\w-]{8,}\.\w+$/;

interface Chunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name.startsWith('.') || name.endsWith(TWIN)) return [];
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The files a chunk needs at once: itself, its static imports and their styles. */
function staticFiles(manifest: Record<string, Chunk>, key: string, into = new Set<string>(), seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return into;
  seen.add(key);
  into.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) into.add(`/${css}`);
  for (const dep of chunk.imports ?? []) staticFiles(manifest, dep, into, seen);
  return into;
}

/**
 * Modules that work only online, not stored for offline use: the register import (its dialog and
 * its spreadsheet reader) sends every line to the server and says so offline (decision 260).
 */
const ONLINE_ONLY = [/^screens\/students\/import\//, /^\.\.\/node_modules\/read-excel-file\//];

/** A lazily loaded module's files, with the modules it loads itself (an admin page's tabs). */
function screenFiles(manifest: Record<string, Chunk>, key: string, into = new Set<string>(), seen = new Set<string>()) {
  if (seen.has(key) || ONLINE_ONLY.some((pattern) => pattern.test(key))) return into;
  seen.add(key);
  staticFiles(manifest, key, into);
  for (const dynamic of manifest[key]?.dynamicImports ?? []) screenFiles(manifest, dynamic, into, seen);
  return into;
}

export function precachePlan(outDir: string) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const files: Record<string, string | null> = {};
  for (const path of filesUnder(outDir)) {
    const file = relative(outDir, path).split(sep).join('/');
    if (SKIP.has(file)) continue;
    // The page is served at '/' (the asset server redirects /index.html there).
    const url = file === 'index.html' ? '/' : `/${file}`;
    files[url] = HASHED.test(file) ? null : createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('service worker: no entry chunk in the build manifest');
  // What the page itself links (the style sheet, the entry and its preloads), then the entry's imports.
  const linked = [
    ...readFileSync(join(outDir, 'index.html'), 'utf8').matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g),
  ].map((m) => m[1]!);
  const core = [
    ...new Set(['/', ...linked, ...staticFiles(manifest, entry), '/manifest.webmanifest', '/icons/icon.svg']),
  ];
  const screens: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry)
      screens[key.replace(/\.\w+$/, '')] = [...screenFiles(manifest, key)].filter((url) => !core.includes(url));
  }
  for (const url of [...core, ...Object.values(screens).flat()]) {
    if (!(url in files)) throw new Error(`service worker: ${url} is not a built file`);
  }
  return { files, core, screens };
}

export function serviceWorker({ entry, outDir }: { entry: string; outDir: string }): Plugin {
  return {
    name: 'portail:service-worker',
    apply: 'build',
    async closeBundle() {
      if (this.environment?.name !== 'client') return;
      const plan = precachePlan(outDir);
      await build({
        configFile: false,
        logLevel: 'warn',
        define: {
          __FILES__: JSON.stringify(plan.files),
          __CORE__: JSON.stringify(plan.core),
          __SCREENS__: JSON.stringify(plan.screens),
          __VERSION__: JSON.stringify(
            createHash('sha256').update(JSON.stringify(plan.files)).digest('hex').slice(0, 12),
          ),
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          // As the app's code (decision 362): some 2 % smaller than the bundler's own minifier.
          minify: 'terser',
          lib: { entry, formats: ['iife'], name: 'portailServiceWorker', fileName: () => 'service-worker.js' },
        },
      });
      // Last: the service worker itself has a twin too.
      precompress(outDir);
    },
  };
}
