// The slow-network figures (issue 12, decision 180): Lighthouse's mobile profile — 300 ms round
// trip, 700 kbit/s down and up, 4x CPU slowdown — through the edge stand-in, in a new phone
// profile: the first visit of /login (LCP, the first paint's form usable, the app's own form in
// place), then the sign-in to a usable dashboard (its tiles shown). The network is slowed twice
// over, in separate runs: by CDP on the page (Network.emulateNetworkConditions, as asked), and by
// the edge for every request, the service worker's included (which CDP's page emulation misses).
// No assertion: reported only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD } from '../demo-accounts.ts';
import { phone } from './bench-session.mjs';

export const SLOW = { latencyMs: 300, throughputBytesPerSecond: 87_500, cpuSlowdown: 4 };

/** Marks, in the page's own clock, when the first paint's form takes taps, when the app's form replaces it, and when a signed-in home shows. */
function observe() {
  const marks = {};
  window.__bench = marks;
  const check = () => {
    const now = performance.now();
    const first = document.getElementById('first-paint');
    const button = first?.querySelector('button');
    if (marks.formUsable === undefined && button && !button.disabled) marks.formUsable = now;
    if (marks.appForm === undefined && !first && document.querySelector('form #username')) marks.appForm = now;
    if (
      marks.signInClick !== undefined &&
      marks.dashboard === undefined &&
      document.querySelector('main.dashboard .tiles a')
    )
      marks.dashboard = now;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('button[type="submit"]'))
        marks.signInClick ??= performance.now();
    },
    true,
  );
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // No LCP in this browser: reported as missing.
  }
}

/**
 * The slow first visit, `runs` times in new profiles on `edge` (scripts/lib/edge.mjs): the median
 * of each figure (the machine's load moves a single run by hundreds of milliseconds), and every run.
 */
export async function measureSlow(edge, runs = 3) {
  const medians = async (where) => {
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await slowVisit(edge, where));
    const median = (key) => {
      const values = all
        .map((r) => r[key])
        .filter((v) => v !== null)
        .sort((a, b) => a - b);
      return values.length ? values[Math.floor(values.length / 2)] : null;
    };
    return {
      loginLcpMs: median('loginLcpMs'),
      loginFormUsableMs: median('loginFormUsableMs'),
      loginAppFormMs: median('loginAppFormMs'),
      loginBytesDown: median('loginBytesDown'),
      dashboardAfterSignInMs: median('dashboardAfterSignInMs'),
      runs: all,
    };
  };
  // CDP's network emulation slows the page's own requests only: once the service worker controls
  // the page, every request is the worker's and goes at full speed. The edge's link slows them all.
  return { profile: SLOW, page: await medians('page'), link: await medians('edge') };
}

/**
 * One slow first visit in a new profile: milliseconds from the navigation's start, and the bytes
 * of /login's visit. The network is slowed by CDP on the page (`where` 'page') or by the edge for
 * every request, the service worker's included ('edge'); the CPU by CDP.
 */
async function slowVisit(edge, where) {
  const profile = mkdtempSync(join(tmpdir(), 'portail-slow-'));
  const context = await chromium.launchPersistentContext(profile, phone());
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(observe);
    const cdp = await context.newCDPSession(page);
    if (where === 'page') {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW.latencyMs,
        downloadThroughput: SLOW.throughputBytesPerSecond,
        uploadThroughput: SLOW.throughputBytesPerSecond,
      });
    } else {
      edge.throttle({ latencyMs: SLOW.latencyMs, bytesPerSecond: SLOW.throughputBytesPerSecond });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpuSlowdown });
    edge.reset();
    edge.mark('slow');
    await page.goto(`${edge.url}/login`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(
      () => window.__bench.appForm !== undefined && window.__bench.formUsable !== undefined,
      null,
      { timeout: 120_000 },
    );
    // The LCP as the page knows it before any input.
    const login = await page.evaluate(() => ({ ...window.__bench }));
    const loginBytes = edge.totals(edge.requests()).down;
    await page.getByLabel("Nom d'utilisateur").fill('secretaire');
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForFunction(() => window.__bench.dashboard !== undefined, null, { timeout: 120_000 });
    const marks = await page.evaluate(() => ({ ...window.__bench }));
    const round = (ms) => (ms === undefined ? null : Math.round(ms));
    return {
      loginLcpMs: round(login.lcp),
      loginFormUsableMs: round(login.formUsable),
      loginAppFormMs: round(login.appForm),
      loginBytesDown: loginBytes,
      dashboardAfterSignInMs: round(marks.dashboard - marks.signInClick),
    };
  } finally {
    edge.throttle(null);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
