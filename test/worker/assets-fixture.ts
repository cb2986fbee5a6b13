// A small build for the worker tests' asset server (vitest.config.ts writes it, with its Brotli
// twins made by the build's own function, scripts/lib/precompress.ts): the page, a hashed script,
// the web manifest, a script too small for a twin and an icon that is not text.
const script = Array.from(
  { length: 40 },
  (_, i) => `export const line${i} = 'Portail scolaire : ligne ${i} du module de démonstration';\n`,
).join('');

export const ASSET_FIXTURE: Record<string, string | Uint8Array> = {
  'index.html':
    '<!doctype html><html lang="fr"><head><meta charset="UTF-8" /><title>Portail scolaire</title>' +
    '<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script></head>' +
    '<body><div id="root"><p>Portail scolaire : connexion</p></div></body></html>\n',
  'assets/index-AbCd1234.js': script,
  'manifest.webmanifest': JSON.stringify({ name: 'Portail scolaire', short_name: 'Portail', display: 'standalone' }),
  // One byte: Brotli makes it no smaller, so it has no twin.
  'assets/tiny-Zz99Yy88.js': 'x',
  'icons/icon.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
};
