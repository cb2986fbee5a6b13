// Bytes on the wire for a first and a repeat visit of /dashboard, measured in Chromium: on the
// repeat visit the service worker serves the shell from its precache (0 bytes from the
// network) and only the API answers travel.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD } from '../demo-accounts.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

async function visit(page, url) {
  const seen = [];
  const onResponse = async (response) => {
    const path = new URL(response.url()).pathname;
    const body = await response.body().catch(() => Buffer.alloc(0));
    seen.push({
      path,
      fromServiceWorker: response.fromServiceWorker(),
      gzip: gzipSync(body).length,
      api: path.startsWith('/api/'),
    });
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  // Shell files answered by the service worker cost nothing on the network; API answers do.
  const shell = seen.filter((r) => !r.api && !r.fromServiceWorker).reduce((sum, r) => sum + r.gzip, 0);
  const api = seen.filter((r) => r.api).reduce((sum, r) => sum + r.gzip, 0);
  return { shellGzipBytes: shell, apiGzipBytes: api, requests: seen.length };
}

export async function measureRepeatVisit(baseURL) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/login`);
    await page.getByLabel("Nom d'utilisateur").fill('secretaire');
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.waitForFunction(async () =>
      Boolean((await navigator.serviceWorker.ready).active && navigator.serviceWorker.controller),
    );
    const first = await visit(page, `${baseURL}/dashboard`);
    const repeat = await visit(page, `${baseURL}/dashboard`);
    return { first, repeat };
  } finally {
    await browser.close();
  }
}
