// The worker tests' own binding (vitest.config.ts), added to the generated `Cloudflare.Env`
// (worker/env.generated.d.ts) that `env` and `exports` from 'cloudflare:workers' use.
import type { D1Migration } from '@cloudflare/vitest-plugin';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** A database of its own for the migration test (storage-migration.test.ts): migrated in two steps. */
      MIGRATION_DB: D1Database;
    }
  }
}
