// Worker tests run inside workerd with real D1, Durable Objects and R2 (test/worker, test/domain).
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { firstPaintCsp } from './scripts/lib/first-paint-csp.ts';
import { precompress } from './scripts/lib/precompress.ts';
import { ASSET_FIXTURE } from './test/worker/assets-fixture.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The tests' session secret, given the way wrangler.toml's [secrets] expects it (a developer's
// .dev.vars takes precedence; either works, the tests sign and verify with the same one), and
// wrangler's notices about where it found it kept out of the test output.
process.env.JWT_SECRET ??= 'test-secret-for-workerd-only-0123456789abcdef';
process.env.WRANGLER_LOG ??= 'warn';
/** The tests' VAPID key (decision 361): a P-256 key made for the tests, signing nothing real. */
const TEST_VAPID_PRIVATE_JWK = JSON.stringify({
  kty: 'EC',
  crv: 'P-256',
  x: 'ySzhCKGmPvbDbZXlrqdbAVEICj0zbI7hKI4rFyBniXM',
  y: 'QkW6dun9mBgLP33idXYmoz4FDt-oi5l_PQmRal_FLPs',
  d: 'M0CwIAo8-wTTt6FR1z9tPQ0xb9uwGwj0Gpj4D0F_Mrs',
});

/** The asset server's files (test/worker/assets-fixture.ts) with their Brotli twins, as the build makes them. */
function assetFixture() {
  const dir = mkdtempSync(join(tmpdir(), 'portail-assets-'));
  for (const [file, content] of Object.entries(ASSET_FIXTURE)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  precompress(dir);
  return dir;
}

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: here('./wrangler.toml') },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(here('./migrations')),
          VAPID_PRIVATE_JWK: TEST_VAPID_PRIVATE_JWK,
        },
        // The migration test's own database, migrated in two steps (storage-migration.test.ts).
        d1Databases: { MIGRATION_DB: 'storage-migration' },
        // The built files' server, over a small build of its own (assets.test.ts).
        assets: {
          directory: assetFixture(),
          binding: 'ASSETS',
          assetConfig: { not_found_handling: 'single-page-application' },
        },
      },
    }),
  ],
  define: firstPaintCsp,
  test: {
    include: ['test/worker/**/*.test.ts', 'test/domain/**/*.test.ts'],
    setupFiles: ['./test/worker/setup.ts'],
    // Sign-ins run a real scrypt (64 MiB) and the limits' Durable Objects: a test with a dozen of
    // them needs more than 5 s on a loaded two-core machine.
    testTimeout: 20_000,
  },
}));
