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
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build, type Plugin } from 'vite';
import { precompress, TWIN } from './precompress.ts';
import type { Pack } from '../../web/sw/files.ts';

const SKIP = new Set(['.assetsignore', 'service-worker.js', '_headers', '_redirects']);
export const HASHED = /^assets\/.+-[\w-]{8,}\.\w+$/;
/** The packs (below): how the files travel, never files of the app themselves. */
const PACKED = /^assets\/pack-/;

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
    if (SKIP.has(file) || PACKED.test(file)) continue;
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
  return { files, core, screens, manifest };
}

/** The screens of the accounts packed for (written by test/page/screen-sets.test.ts). */
interface ScreenSet {
  screens: string[];
  /** What the page itself loads on signing in (the layout, the home screen): never packed. */
  landing: string[];
  guide: string | null;
  account: { role: string; permissions: string[] };
}

/** Scripts first, then styles, then the guide: like with like, for the compressor. */
const ORDER = ['.js', '.css', '.json'];
const rank = (path: string) => ORDER.findIndex((ext) => path.endsWith(ext));

/**
 * The packs (decision 363): the files of the screens an account stores after signing in travel as
 * one download per group, compressed together (a screen's code shares its words with the next
 * screen's: some 8 KB less for the office's, and a request and its headers per file less). Each
 * screen keeps its own chunk: a pack is only how the service worker fetches them in the
 * background. Each packed account (web/app/screen-sets.json, in order) gets a pack of the files
 * its screens need that no account before it has (what its page loads itself on signing in left
 * out), and its guide when every packed account that opens those files reads that guide: so no
 * account downloads a screen it cannot open, and the worker takes a pack only when the account
 * opens every file in it (web/sw/files.ts). The files their pages load themselves on signing in
 * (the layout, the home screen and what they import) are packed too, by which of those pages load
 * them (`landing`): the worker takes such a pack when the page asks for one of its files.
 */
export function writePacks(
  outDir: string,
  plan: ReturnType<typeof precachePlan>,
  sets: Record<string, ScreenSet>,
): Pack[] {
  const { manifest, core, files } = plan;
  const keyOf = (module: string) => {
    const key = Object.keys(manifest).find((k) => k.replace(/\.\w+$/, '') === module);
    if (!key)
      throw new Error(`service worker: ${module} (web/app/screen-sets.json) is not in the build; npm run screen-sets`);
    return key;
  };
  const landingModules = new Set(Object.values(sets).flatMap((set) => set.landing.map(keyOf)));
  /** Each packed account's files (its guide apart), what its page loads itself left out. */
  const opened = Object.entries(sets).map(([name, set]) => {
    const landing = new Set<string>();
    for (const module of set.landing) staticFiles(manifest, keyOf(module), landing);
    const all = new Set<string>();
    for (const module of set.screens) screenFiles(manifest, keyOf(module), all);
    const code = [...all].filter((file) => !core.includes(file) && !landing.has(file));
    for (const file of code) if (!(file in files)) throw new Error(`service worker: ${file} is not a built file`);
    return {
      name,
      code: new Set(code),
      guide: set.guide,
      landing: [...landing].filter((file) => !core.includes(file)),
      account: set.account,
    };
  });
  const packs: Pack[] = [];
  const write = (group: string[], landing = false, account?: ScreenSet['account']) => {
    group.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
    const bodies = group.map((file) => readFileSync(join(outDir, file.slice(1))));
    const list: Pack['files'] = group.map((file, i) => [file, bodies[i]!.length]);
    const data = Buffer.concat([Buffer.from(`${JSON.stringify(list)}\n`), ...bodies]);
    const name = `assets/pack-${createHash('sha256').update(data).digest('base64url').slice(0, 10)}.txt`;
    const pack: Pack = {
      url: `/${name}`,
      files: list,
      ...(landing ? { landing } : {}),
      ...(account ? { account } : {}),
    };
    // Two accounts alike (the pupil in French and in Kreyòl land on the same files): one pack.
    if (packs.some((p) => JSON.stringify(p) === JSON.stringify(pack))) return;
    writeFileSync(join(outDir, name), data);
    packs.push(pack);
  };
  const packed = new Set<string>();
  for (const { code, guide } of opened) {
    const group = [...code].filter((file) => !packed.has(file));
    for (const file of group) packed.add(file);
    const readers = opened.filter((o) => group.every((file) => o.code.has(file)));
    if (guide && guide in files && readers.every((o) => o.guide === guide) && !packed.has(guide)) {
      group.push(guide);
      packed.add(guide);
    }
    if (group.length > 1) write(group);
  }
  // What the page loads itself on signing in, grouped by which packed accounts' pages load it: the
  // page asks for a group's files at once (a screen's imports are fetched together), and the first
  // of them asked brings the group. Left out, a chunk the app also loads on its own elsewhere (a
  // lazily loaded module that is not a layout or a home screen: the drafts' store a parent's
  // signing out opens), which would bring its group where it is not needed.
  const alone = new Set(
    Object.values(manifest)
      .flatMap((chunk) => chunk.dynamicImports ?? [])
      .filter((key) => manifest[key] && !landingModules.has(key))
      .map((key) => `/${manifest[key]!.file}`),
  );
  const landedBy = new Map<string, string[]>();
  for (const { name, landing } of opened)
    for (const file of landing) if (!alone.has(file)) landedBy.set(file, [...(landedBy.get(file) ?? []), name]);
  const landings = new Map<string, string[]>();
  for (const [file, names] of landedBy) landings.set(names.join(' '), [...(landings.get(names.join(' ')) ?? []), file]);
  for (const group of landings.values()) if (group.length > 1) write(group, true);
  // And each packed account's landing whole, taken instead when the worker knows, from the sign-in,
  // that the account is that one (the same role and permissions): one download instead of five.
  for (const { landing, account } of opened) {
    const group = landing.filter((file) => !alone.has(file));
    if (group.length > 1) write(group, true, account);
  }
  return packs;
}

export function serviceWorker({
  entry,
  outDir,
  screenSets,
}: {
  entry: string;
  outDir: string;
  /** web/app/screen-sets.json: the accounts packed for. */
  screenSets: string;
}): Plugin {
  return {
    name: 'portail:service-worker',
    apply: 'build',
    async closeBundle() {
      if (this.environment?.name !== 'client') return;
      const plan = precachePlan(outDir);
      const packs = writePacks(outDir, plan, JSON.parse(readFileSync(screenSets, 'utf8')) as Record<string, ScreenSet>);
      await build({
        configFile: false,
        logLevel: 'warn',
        define: {
          __FILES__: JSON.stringify(plan.files),
          __CORE__: JSON.stringify(plan.core),
          __SCREENS__: JSON.stringify(plan.screens),
          __PACKS__: JSON.stringify(packs),
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
