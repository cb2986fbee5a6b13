import type { D1Migration } from '@cloudflare/vitest-plugin';
import type { Env } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends import('../../worker/env').Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
export type { D1Migration, Env };
