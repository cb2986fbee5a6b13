// Vite plugin: the small modules the office's screens share (texts, hooks, dialogs, rules) go into
// one chunk, `shared`, instead of some thirty chunks of a few hundred bytes each, each costing a
// request and its headers on a phone (issue 12, decision 181). Left out: the modules the sign-in
// page loads (the first visit does not grow) and those only the administration's, the platform's,
// a teacher's or a student's screens use (the office never downloads them; those screens keep the
// bundler's own split).
import type { Plugin } from 'vite';

const SHARED = /\/(web\/(api|components|layouts|i18n|session|lib)|worker\/(domain|contract))\//;
/** The screens a teacher or a pupil works in (and the layouts they sit in): the part of `shared`
 *  they use goes to its own chunk, `common`, so that their phones do not download the office's. */
const FIELD =
  /\/web\/(layouts\/(Staff|Student|Guardian)Layout|screens\/(teacher|student|support|docs)\/|screens\/guardian\/[^/]+$|screens\/gradebook\/GradeBookPage)/;
/** Lazily loaded modules that are not the office's screens. */
const ELSEWHERE =
  /\/web\/(layouts\/(Student|Guardian)Layout|screens\/guardian\/[^/]+$|screens\/(admin|admin-users|add-user|setup-wizard|superadmin|student|teacher|landing|force-password-change|support)\/|screens\/gradebook\/GradeBookPage)/;

export interface SharedGroup {
  name: string;
  test: (id: string) => boolean;
  minShareCount: number;
  includeDependenciesRecursively: boolean;
}

export function sharedChunk(): { plugin: Plugin; group: SharedGroup; common: SharedGroup; boot: SharedGroup } {
  /** The modules the entry (the sign-in page) reaches by static imports. */
  const entryGraph = new Set<string>();
  /** The entry modules themselves. */
  const entries = new Set<string>();
  /** The modules an office screen reaches by static imports. */
  const officeGraph = new Set<string>();
  /** The modules a teacher's or a pupil's screen reaches, its lazy parts included. */
  const fieldGraph = new Set<string>();
  const plugin: Plugin = {
    name: 'portail:shared-chunk',
    apply: 'build',
    buildEnd() {
      if (this.environment?.name !== 'client') return;
      const walk = (id: string, into: Set<string>, lazyToo = false) => {
        if (into.has(id)) return;
        into.add(id);
        const info = this.getModuleInfo(id);
        for (const dep of info?.importedIds ?? []) walk(dep, into, lazyToo);
        if (lazyToo) for (const dep of info?.dynamicallyImportedIds ?? []) walk(dep, into, lazyToo);
      };
      entryGraph.clear();
      officeGraph.clear();
      fieldGraph.clear();
      entries.clear();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info?.isEntry) {
          // The page's entry (index.html) and the script it names (main.tsx) stay the entry chunk.
          entries.add(id);
          if (id.endsWith('.html')) for (const script of info.importedIds) entries.add(script);
          walk(id, entryGraph);
        } else if (info?.dynamicImporters.length) {
          if (!ELSEWHERE.test(id)) walk(id, officeGraph);
          // A teacher's screen opens its parts lazily (the grade book, the resources, the password).
          if (FIELD.test(id)) walk(id, fieldGraph, !/\/layouts\//.test(id));
        }
      }
    },
  };
  const inShared = (id: string) => SHARED.test(id) && officeGraph.has(id) && !entryGraph.has(id);
  // What the sign-in page loads at once, in one chunk beside the entry: the bundler would otherwise
  // split out the pieces the screens import too (React, the API client, the texts…), some ten
  // chunks of a few hundred bytes, each a request and its headers on the first visit (decision 272).
  const boot: SharedGroup = {
    name: 'boot',
    test: (id) => entryGraph.has(id) && !entries.has(id),
    minShareCount: 1,
    includeDependenciesRecursively: false,
  };
  return {
    plugin,
    // The office's screens load both; a teacher's or a pupil's only `common` (issue 29: the
    // teacher's day downloaded 20 KB of the office's shared code for 6 KB it used).
    common: {
      name: 'common',
      test: (id) => inShared(id) && fieldGraph.has(id),
      minShareCount: 2,
      includeDependenciesRecursively: false,
    },
    group: {
      name: 'shared',
      test: (id) => inShared(id) && !fieldGraph.has(id),
      minShareCount: 2,
      includeDependenciesRecursively: false,
    },
    boot,
  };
}
