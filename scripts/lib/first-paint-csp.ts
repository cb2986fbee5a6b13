// The CSP source that allows the sign-in page's one inline script (decision 102). The build
// computes it from the script itself and hands it to the Worker as `__FIRST_PAINT_CSP__`
// (vite.config.ts, and vitest.config.ts for the worker tests): the Worker never imports the web.
import { createHash } from 'node:crypto';
import { FIRST_PAINT_SCRIPT } from '../../web/screens/login/first-paint-build.ts';

export const firstPaintCsp = {
  __FIRST_PAINT_CSP__: JSON.stringify(`'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`),
};
