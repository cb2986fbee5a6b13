// The built files' Brotli twins (decision 321): every text file of the client build gets a
// `<file>.br` beside it, compressed once at build time at Brotli's highest quality (11), which no
// edge can afford per request. The Worker sends a twin's bytes as they are to a browser that
// accepts `br` (worker/lib/assets.ts); the bench's edge stand-in encodes with the same function
// (scripts/lib/edge.mjs), so what it counts is byte for byte what the twin holds.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** Built files that get a twin: text (scripts, styles, the page, the guides, the manifest, SVG). */
export const TWINNED = /\.(js|mjs|css|html|json|webmanifest|svg|md|txt|xml|ico)$/i;
/** A twin's suffix. */
export const TWIN = '.br';

/** Brotli at quality 11: deterministic, so the same bytes give the same twin. */
export const brotli = (data: Uint8Array): Buffer =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    // Dot files and folders (.vite's manifest, .assetsignore) are not served as the app's files.
    if (name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes the twin of every text file under `dir` that Brotli makes smaller; answers the files
 * twinned with their sizes. The Worker takes the one HTML answer it serves (the page, at every
 * address of the app) for `index.html`: another HTML file would need its rule, so it is refused.
 */
export function precompress(dir: string) {
  const twinned: { file: string; bytes: number; br: number }[] = [];
  for (const path of filesUnder(dir)) {
    const file = relative(dir, path).split(sep).join('/');
    if (file.endsWith(TWIN) || !TWINNED.test(file)) continue;
    if (file.endsWith('.html') && file !== 'index.html')
      throw new Error(`precompress: ${file} — the Worker serves index.html as the only page (worker/lib/assets.ts)`);
    const data = readFileSync(path);
    const br = brotli(data);
    if (br.length >= data.length) continue;
    writeFileSync(path + TWIN, br);
    twinned.push({ file, bytes: data.length, br: br.length });
  }
  return twinned;
}
