// End-to-end tests: the production build on workerd (scripts/start.mjs) driven in Debian's Chromium.
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8799);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'America/Port-au-Prince',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/instance/default`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    env: { PORT: String(port), PORTAIL_STATE_DIR: process.env.PORTAIL_STATE_DIR ?? '.wrangler/e2e-state' },
  },
});
