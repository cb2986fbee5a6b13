// Vite plugin: the small modules the screens share (texts, hooks, dialogs, rules) go into one chunk,
// `shared`, instead of some thirty chunks of a few hundred bytes each, each costing a request and
// its headers on a phone (issue 12, decision 180). The modules the sign-in page loads stay where
// the bundler puts them: the first visit does not grow.
import type { Plugin } from 'vite';

const SHARED = /\/(web\/(api|components|layouts|i18n|session|lib)|worker\/(domain|contract))\//;

export function sharedChunk(): {
  plugin: Plugin;
  group: { name: string; test: (id: string) => boolean; minShareCount: number; includeDependenciesRecursively: boolean };
} {
  /** The modules the entry (the sign-in page) reaches by static imports. */
  const entryGraph = new Set<string>();
  const plugin: Plugin = {
    name: 'portail:shared-chunk',
    apply: 'build',
    buildEnd() {
      if (this.environment?.name !== 'client') return;
      entryGraph.clear();
      const walk = (id: string) => {
        if (entryGraph.has(id)) return;
        entryGraph.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) walk(dep);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) walk(id);
    },
  };
  return { plugin, group: { name: 'shared', test: (id) => SHARED.test(id) && !entryGraph.has(id), minShareCount: 2, includeDependenciesRecursively: false } };
}
