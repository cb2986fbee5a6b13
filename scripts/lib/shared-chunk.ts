// Vite plugin: the small modules the office's screens share (texts, hooks, dialogs, rules) go into
// one chunk, `shared`, instead of some thirty chunks of a few hundred bytes each, each costing a
// request and its headers on a phone (issue 12, decision 181). Left out: the modules the sign-in
// page loads (the first visit does not grow) and those only the administration's, the platform's,
// a teacher's or a student's screens use (the office never downloads them; those screens keep the
// bundler's own split).
// The part of it the field's screens use (a teacher's, a pupil's, a parent's) is split by who
// needs it: `common`, what a parent's screens use too (the top bar, dates, money, the timetable),
// and `field`, what only a teacher's or a pupil's use (the grade book's texts, resources, writes
// waiting): a parent's phone downloads `common` only (issue 43). The office downloads all three.
// The style sheets follow the same groups (decision 362).
import type { Plugin } from 'vite';

const SHARED = /\/(web\/(api|components|layouts|i18n|session|lib)|worker\/(domain|contract))\//;
/** The screens a teacher, a pupil or a parent works in (and the layouts they sit in). */
const FIELD =
  /\/web\/(layouts\/(Staff|Student|Guardian)Layout|screens\/(teacher|student|support|docs)\/|screens\/guardian\/[^/]+$|screens\/gradebook\/GradeBookPage)/;
/** A parent's screens and their layout (issue 43). */
const FAMILY = /\/web\/(layouts\/GuardianLayout|screens\/guardian\/[^/]+$)/;
/** Lazily loaded modules that are not the office's screens. */
const ELSEWHERE =
  /\/web\/(layouts\/(Student|Guardian)Layout|screens\/guardian\/[^/]+$|screens\/(admin|admin-users|add-user|setup-wizard|superadmin|student|teacher|landing|force-password-change|support)\/|screens\/gradebook\/GradeBookPage)/;

export interface SharedGroup {
  name: string | ((id: string) => string | null);
  /** The group's name in the bundler's timing report, when `name` is a function. */
  debugName?: string;
  test: (id: string) => boolean;
  minShareCount: number;
  includeDependenciesRecursively: boolean;
}

export function sharedChunk(): { plugin: Plugin; groups: SharedGroup[] } {
  /** The modules the entry (the sign-in page) reaches by static imports. */
  const entryGraph = new Set<string>();
  /** The entry modules themselves. */
  const entries = new Set<string>();
  /** The modules an office screen reaches by static imports. */
  const officeGraph = new Set<string>();
  /** The modules a teacher's, a pupil's or a parent's screen reaches, its lazy parts included. */
  const fieldGraph = new Set<string>();
  /** The modules a parent's screen reaches, its lazy parts included. */
  const familyGraph = new Set<string>();
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
      for (const set of [entryGraph, officeGraph, fieldGraph, familyGraph, entries]) set.clear();
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
          const lazyToo = !/\/layouts\//.test(id);
          if (FIELD.test(id)) walk(id, fieldGraph, lazyToo);
          if (FAMILY.test(id)) walk(id, familyGraph, lazyToo);
        }
      }
    },
  };
  const isStyle = (id: string) => id.endsWith('.css');
  const inShared = (id: string) => SHARED.test(id) && officeGraph.has(id) && !entryGraph.has(id);
  /** Where a field module goes: what a parent uses too in `common`, the rest in `field`. */
  const fieldChunk = (id: string) => (familyGraph.has(id) ? 'common' : 'field');
  const group = (
    name: SharedGroup['name'],
    test: (id: string) => boolean,
    minShareCount = 2,
    debugName = typeof name === 'string' ? name : 'field',
  ): SharedGroup => ({
    name,
    debugName,
    test,
    minShareCount,
    includeDependenciesRecursively: false,
  });
  return {
    plugin,
    groups: [
      // What the sign-in page loads at once, in one chunk beside the entry: the bundler would
      // otherwise split out the pieces the screens import too (React, the API client, the texts…),
      // some ten chunks of a few hundred bytes, each a request and its headers on the first visit
      // (decision 272). Its style sheet is the sign-in page's.
      group('boot', (id) => entryGraph.has(id) && !entries.has(id), 1),
      // The screens' style sheets follow their code: the office's screens' in `shared`, the
      // field's in `common` or `field`; the screens nobody signed in opens (the landing page) and
      // the platform's keep their own. The first visit no longer downloads every screen's styles
      // (decision 362: 13.8 KB Brotli, now 2.3 KB).
      group(
        (id) =>
          !isStyle(id) || entryGraph.has(id)
            ? null
            : fieldGraph.has(id)
              ? fieldChunk(id)
              : officeGraph.has(id)
                ? 'shared'
                : null,
        isStyle,
        1,
        'styles',
      ),
      // The office's screens load all three; a teacher's or a pupil's `common` and `field` (issue
      // 29: the teacher's day downloaded 20 KB of the office's shared code for 6 KB it used); a
      // parent's `common` only.
      group(fieldChunk, (id) => inShared(id) && fieldGraph.has(id)),
      group('shared', (id) => inShared(id) && !fieldGraph.has(id)),
    ],
  };
}
