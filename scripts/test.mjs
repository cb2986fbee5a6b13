// `npm test`: everything CI runs, in order; stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  // worker/env.generated.d.ts must match wrangler.toml (`npm run types` writes it again).
  [
    'Types des liaisons (wrangler types)',
    [
      'node_modules/wrangler/bin/wrangler.js',
      'types',
      'worker/env.generated.d.ts',
      '--include-runtime=false',
      '--strict-vars=false',
      '--check',
    ],
  ],
  ['Vérification des types', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']],
  [
    'Vérification des types (service worker)',
    ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.sw.json', '--noEmit'],
  ],
  ['Lint', ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']],
  ['Mise en forme (Prettier)', ['node_modules/prettier/bin/prettier.cjs', '--check', '.']],
  ['Tests du Worker (workerd)', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.config.ts']],
  ['Tests du service worker (Node)', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.sw.config.ts']],
  ['Tests de bout en bout (Chromium)', ['scripts/e2e.mjs']],
  ['Budgets de taille (connexion, écrans, session sur téléphone)', ['scripts/bench.mjs', '--check']],
];

for (const [label, args] of steps) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\nÉchec : ${label}`);
    process.exit(result.status ?? 1);
  }
}
console.log('\nTous les contrôles sont passés.');
