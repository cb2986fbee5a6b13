// Types of `env` and `exports` from 'cloudflare:workers' in the worker tests.
import type { D1Migration } from '@cloudflare/vitest-plugin';
import type { Env as WorkerEnv } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof import('../../worker/index');
      durableNamespaces: 'LoginThrottle' | 'Platform';
    }
  }
}
