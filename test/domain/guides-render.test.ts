// The role guides render to the same markup whatever renders them (issue 28: react-markdown at
// build time in place of the reader of our own): every guide, for every permission set of the
// role templates, with none and with all, compared with the stored rendering
// (test/domain/__snapshots__/guides/*.html, written from the reader of our own before it was
// removed; an edited guide updates them with `vitest -u` after a look at the difference).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderGuide } from '../../scripts/lib/guide-render';
import { GuideMarkdown } from '../../web/screens/docs/GuideMarkdown';
import { GUIDE_ROLES, guideHeadings, visibleNodes } from '../../web/screens/docs/guide';
import { ROLE_TEMPLATES } from '../../worker/domain/permissions';

const guides = import.meta.glob<string>('../../docs/guides/*.md', { query: '?raw', import: 'default', eager: true });
const guide = (role: string) => guides[`../../docs/guides/${role}.md`]!;

/** The permission sets a guide is read with: none, every key (an admin), and each role template's. */
const SETS: [string, (key: string) => boolean][] = [
  ['aucune', () => false],
  ['toutes', () => true],
  ...ROLE_TEMPLATES.map((t): [string, (key: string) => boolean] => [
    t.key,
    (key) => (t.permissions as readonly string[]).includes(key),
  ]),
];

/** Markup without the whitespace between tags (line breaks a renderer may or may not put there). */
const normalized = (html: string) => html.replace(/>\s+</g, '><').trim();

/** What the documentation screen shows: the build's tree, filtered, with the Sommaire's anchors. */
function rendered(markdown: string, holds: (key: string) => boolean): string {
  const nodes = visibleNodes(renderGuide(markdown), holds);
  const ids = guideHeadings(nodes).map((h) => h.id);
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(GuideMarkdown, { nodes, ids })));
}

describe('the rendered guides', () => {
  // The pupils' guide in Kreyòl too (issue 42).
  for (const role of [...GUIDE_ROLES, 'student.ht']) {
    it(`${role}: the same markup as before for every permission set`, async () => {
      const all = SETS.map(([name, holds]) => `<!-- ${name} -->\n${normalized(rendered(guide(role), holds))}\n`);
      await expect(all.join('')).toMatchFileSnapshot(`./__snapshots__/guides/${role}.html`);
    });
  }
});
