import base from './vite.config.ts';
import { writeFileSync } from 'node:fs';
const cfg: any = typeof base === 'function' ? (base as any)({ command: 'build', mode: 'production' }) : base;
cfg.plugins = [...(cfg.plugins ?? []), {
  name: 'analyze', apply: 'build',
  generateBundle(_o: any, bundle: any) {
    if (this.environment?.name !== 'client') return;
    const out: string[] = [];
    for (const [name, c] of Object.entries<any>(bundle)) {
      if (c.type !== 'chunk') continue;
      if (!/boot|common|shared|service-worker/.test(name)) continue;
      out.push(`## ${name}`);
      const mods = Object.entries<any>(c.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm/').replace('/work/wt-families/', ''), m.renderedLength] as const).sort((a, b) => b[1] - a[1]);
      for (const [id, n] of mods) out.push(`${n}\t${id}`);
    }
    writeFileSync('/tmp/analyze.txt', out.join('\n'));
  },
}];
export default cfg;
