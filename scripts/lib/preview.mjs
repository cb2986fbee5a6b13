// The production build served by `vite preview` on 127.0.0.1:`port`, once it answers: one way for
// every bench to start the portal (the session bench, the timings, the support chat).
import { spawn } from 'node:child_process';

/**
 * Starts the preview over `stateDir` (default: PORTAIL_STATE_DIR, else the project's) and resolves
 * with its process once GET /api/instance/default answers; refuses a port another portal answers
 * on (it would be measured in place of this one, over another database).
 */
export async function startPreview(port, { stateDir = process.env.PORTAIL_STATE_DIR } = {}) {
  if (
    await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`Le port ${port} est déjà pris (un autre banc ?) : choisissez-en un autre.`);
  }
  const env = { ...process.env, PORT: String(port), ...(stateDir ? { PORTAIL_STATE_DIR: stateDir } : {}) };
  const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port)], {
    stdio: 'ignore',
    env,
  });
  for (let i = 0; ; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/instance/default`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i >= 120 || server.exitCode !== null) {
      server.kill();
      throw new Error(`La prévisualisation ne répond pas sur le port ${port}.`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return server;
}
