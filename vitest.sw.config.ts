// The service worker's modules (web/sw/*.ts, with the Workbox modules they use) tested in Node
// against stand-ins of Cache Storage, the network and the queue (test/sw/fakes.ts): workerd, where
// the other tests run, lacks the Request options a service worker uses (cache modes, credentials).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The Workbox modules read process.env.NODE_ENV: their production build, as the worker's bundle.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // The app's screens (test/page) in React's production JSX, as the define above makes React.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  test: {
    include: ['test/sw/**/*.test.ts', 'test/page/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/sw/setup.ts'],
    env: { NODE_ENV: 'production' },
    server: { deps: { inline: [/workbox-/] } },
  },
});
