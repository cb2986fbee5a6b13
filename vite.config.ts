import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { firstPaintCsp } from './scripts/lib/first-paint-csp.ts';
import { localGate } from './scripts/lib/local-gate.ts';
import { roleGuides } from './scripts/lib/guides-plugin.ts';
import { serviceWorker } from './scripts/lib/service-worker-plugin.ts';
import { sharedChunk } from './scripts/lib/shared-chunk.ts';
import { FIRST_PAINT_SCRIPT, firstPaintMarkup } from './web/screens/login/first-paint-build.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const shared = sharedChunk();

export default defineConfig({
  root: here('./web'),
  publicDir: here('./public'),
  plugins: [
    {
      // The sign-in form in the page itself, painted before the app's script arrives (decision 102).
      name: 'portail:first-paint',
      transformIndexHtml: (html) =>
        html.replace(
          '<div id="root"></div>',
          `<div id="root">${firstPaintMarkup()}<script>${FIRST_PAINT_SCRIPT}</script></div>`,
        ),
    },
    roleGuides({ dir: here('./docs/guides') }),
    shared.plugin,
    serviceWorker({
      entry: here('./web/sw.ts'),
      outDir: here('./dist/client'),
      screenSets: here('./web/app/screen-sets.json'),
    }),
    react(),
    // Locally, a few requests at a time reach the runtime (decision 233): before cloudflare().
    localGate(),
    cloudflare({
      configPath: here('./wrangler.toml'),
      persistState: { path: resolve(process.env.PORTAIL_STATE_DIR ?? here('./.wrangler/state')) },
    }),
  ],
  define: firstPaintCsp,
  environments: {
    client: {
      build: {
        // Terser writes the screens' code some 2 % smaller than the bundler's own minifier (6.4 KB
        // Brotli over the app, 1.5 KB of a secretary's first day; decision 362). The Worker's
        // bundle is left as the Cloudflare plugin builds it.
        minify: 'terser',
        rolldownOptions: { output: { codeSplitting: { groups: shared.groups } } },
      },
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // The benchmark reads the chunk graph from the manifest (scripts/bench.mjs).
    manifest: true,
    // The styles follow the code's groups (scripts/lib/shared-chunk.ts): the sign-in page's with
    // the entry, the office's screens' in one sheet, the field's in another (issue 43); not one
    // sheet per screen: 29 small sheets cost more in headers and lost compression (issue 12).
    cssCodeSplit: true,
  },
  preview: {
    // No CORS headers (Vary: Origin on every answer): the app and its API share one origin, and
    // the production edge sends none (issue 12 counts every header byte).
    cors: false,
    port: Number(process.env.PORT ?? 8787),
    strictPort: true,
    host: '127.0.0.1',
    allowedHosts: true,
  },
  server: {
    port: Number(process.env.PORT ?? 8787),
    strictPort: true,
    host: '127.0.0.1',
    allowedHosts: true,
  },
});
