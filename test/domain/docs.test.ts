// The role guides' rules (web/screens/docs/guide.ts) and the guides themselves (docs/guides/):
// `:::permission KEY` blocks cut at build time and shown only to holders, the Sommaire's headings
// and anchors, the link schemes kept, the build's rendering with react-markdown
// (scripts/lib/guide-render.ts: safe links, raw HTML as text), and every guide well formed with
// real permission keys.
import { describe, expect, it } from 'vitest';
import { renderGuide } from '../../scripts/lib/guide-render';
import {
  GUIDE_ROLES,
  guideHeadings,
  type GuideNode,
  guideRoleOf,
  linkTarget,
  PERMISSION,
  permissionParts,
  safeUrl,
  textOf,
  visibleNodes,
} from '../../web/screens/docs/guide';
import { PERMISSIONS, ROLE_TEMPLATES } from '../../worker/domain/permissions';
import { frenchIn } from '../french-words';

const guides = import.meta.glob<string>('../../docs/guides/*.md', { query: '?raw', import: 'default', eager: true });
const guide = (role: string) => guides[`../../docs/guides/${role}.md`]!;
const holding = (keys: readonly string[]) => (key: string) => keys.includes(key);
const templateKeys = (key: string) => ROLE_TEMPLATES.find((t) => t.key === key)!.permissions;
/** The words of a rendered guide as read with these permissions. */
const words = (markdown: string, holds: (key: string) => boolean) =>
  visibleNodes(renderGuide(markdown), holds).map(textOf).join('\n');

describe('permission blocks', () => {
  const text = [
    'Intro',
    '',
    ':::permission a:read',
    'Lu par a',
    ':::',
    '',
    ':::permission b:read',
    'Lu par b',
    ':::',
    '',
    'Fin',
  ].join('\n');

  it('shows a block to holders of its key, without its marker lines', () => {
    expect(words(text, holding(['a:read']))).toBe('Intro\nLu par a\nFin');
    expect(words(text, holding(['a:read', 'b:read']))).toBe('Intro\nLu par a\nLu par b\nFin');
  });

  it('hides every block from a user without the keys', () => {
    expect(words(text, holding([]))).toBe('Intro\nFin');
  });

  it('shows a nested block only when every enclosing key is held', () => {
    const nested = [':::permission a', 'A', ':::permission b', 'B', ':::', 'A encore', ':::', 'Tous'].join('\n');
    expect(permissionParts(nested)).toEqual([
      { key: 'a', parts: ['A', { key: 'b', parts: ['B'] }, 'A encore'] },
      'Tous',
    ]);
    expect(words(nested, holding(['b']))).toBe('Tous');
    expect(words(nested, holding(['a']))).toBe('A\nA encore\nTous');
    expect(words(nested, holding(['a', 'b']))).toBe('A\nB\nA encore\nTous');
  });

  it('runs a block left open to the end, and leaves code blocks and stray markers alone', () => {
    expect(permissionParts('Début\n:::permission x\nSecret\nencore')).toEqual([
      'Début',
      { key: 'x', parts: ['Secret\nencore'] },
    ]);
    const code = ['```', ':::permission x', ':::', '```', ':::', 'Fin'].join('\n');
    expect(permissionParts(code)).toEqual([code]);
  });
});

describe('the Sommaire', () => {
  it('lists headings of levels 1 to 3 in order with unique anchors without accents', () => {
    const text = [
      '# Guide de l’élève',
      'texte',
      '## Se connecter',
      '### Première connexion',
      '#### Trop profond',
      '## Se connecter',
      '## Les **Notes** et `rangs` ##',
      '```',
      '# pas un titre',
      '```',
      '#Pas un titre non plus',
      '## [Finances](/student/finance)',
    ].join('\n');
    expect(guideHeadings(renderGuide(text))).toEqual([
      { level: 1, text: 'Guide de l’élève', id: 'guide-de-l-eleve' },
      { level: 2, text: 'Se connecter', id: 'se-connecter' },
      { level: 3, text: 'Première connexion', id: 'premiere-connexion' },
      { level: 2, text: 'Se connecter', id: 'se-connecter-2' },
      { level: 2, text: 'Les Notes et rangs', id: 'les-notes-et-rangs' },
      { level: 2, text: 'Finances', id: 'finances' },
    ]);
  });

  it('leaves out the headings of blocks the user may not read', () => {
    const text = '# Guide\n:::permission settings:manage_timetable\n## Emploi du temps\n:::\n## Hors ligne';
    expect(guideHeadings(visibleNodes(renderGuide(text), holding([]))).map((h) => h.text)).toEqual([
      'Guide',
      'Hors ligne',
    ]);
  });
});

describe('links', () => {
  it('keeps addresses without a scheme or with http, https, irc, ircs, mailto or xmpp', () => {
    for (const url of [
      '/students',
      '#notes',
      'guide.md',
      'https://exemple.ht',
      'HTTP://x',
      'mailto:a@b.ht',
      'irc://x',
      'ircs://x',
      'xmpp:a@b',
      '?a=b:c',
      '/a:b',
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('empties any other scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      'tel:123',
    ]) {
      expect(safeUrl(url)).toBe('');
    }
  });
});

describe('the rendering (react-markdown at build time)', () => {
  const tags = (nodes: GuideNode[]): string[] =>
    nodes.flatMap((n) => (typeof n === 'string' ? [] : [n[0], ...tags(n.slice(2) as GuideNode[])]));

  it('keeps safe link addresses and empties the others', () => {
    expect(renderGuide('[Élèves](/students), [site](https://exemple.ht) et [piège](javascript:alert(1))')).toEqual([
      [
        'p',
        null,
        ['a', { href: '/students' }, 'Élèves'],
        ', ',
        ['a', { href: 'https://exemple.ht' }, 'site'],
        ' et ',
        ['a', { href: '' }, 'piège'],
      ],
    ]);
  });

  it('opens a screen of the portal in the app, another site in a new tab, and an unsafe address as no link', () => {
    expect(linkTarget('/student/finance')).toBe('app');
    expect(linkTarget('//autre.ht/x')).toBe('other');
    expect(linkTarget('https://exemple.ht')).toBe('site');
    expect(linkTarget('HTTP://exemple.ht')).toBe('site');
    expect(linkTarget('mailto:a@b.ht')).toBe('other');
    expect(linkTarget(safeUrl('javascript:alert(1)'))).toBe('none');
  });

  it('never reads HTML: raw HTML is shown as text', () => {
    const nodes = renderGuide('<script>alert(1)</script>\n\nUn <img src=x onerror=alert(1)> et <b>gras</b>');
    expect(tags(nodes)).toEqual(['p']);
    expect(nodes.map(textOf).join('\n')).toBe(
      '<script>alert(1)</script>\nUn <img src=x onerror=alert(1)> et <b>gras</b>',
    );
  });

  it("keeps lists, emphasis, code and an ordered list's first number", () => {
    expect(renderGuide('3. **Un** et *deux*\n4. `code`')).toEqual([
      [
        'ol',
        { start: 3 },
        ['li', null, ['strong', null, 'Un'], ' et ', ['em', null, 'deux']],
        ['li', null, ['code', null, 'code']],
      ],
    ]);
  });

  it('keeps every permission block of every guide as a block of the tree', () => {
    for (const role of GUIDE_ROLES) {
      const blocks = [...guide(role).matchAll(/^:::permission\s+(\S+)\s*$/gm)].length;
      expect(
        tags(renderGuide(guide(role))).filter((t) => t === PERMISSION),
        role,
      ).toHaveLength(blocks);
    }
  });
});

describe('the guides', () => {
  const keys = new Set<string>(PERMISSIONS.map((p) => p.key));

  it('exist for every role, the platform delegate reading the superadmin guide', () => {
    for (const role of GUIDE_ROLES) expect(guideHeadings(renderGuide(guide(role)))[0]?.level, role).toBe(1);
    expect(guideRoleOf('superadmin_delegate')).toBe('superadmin');
    expect(guideRoleOf('standard')).toBe('standard');
  });

  it("have the pupils' guide in Kreyòl too, its sections the French one's, without French", () => {
    const kreyol = renderGuide(guide('student.ht'));
    expect(guideHeadings(kreyol).map((h) => h.level)).toEqual(
      guideHeadings(renderGuide(guide('student'))).map((h) => h.level),
    );
    // The language's own name, as the choice shows it, is the one French word.
    expect(frenchIn(words(guide('student.ht'), () => true)).filter((w) => w !== 'Français')).toEqual([]);
  });

  it('name only real permissions and close every block', () => {
    for (const role of GUIDE_ROLES) {
      const named = [...guide(role).matchAll(/^:::permission\s+(\S+)\s*$/gm)].map((m) => m[1]!);
      expect(
        named.filter((key) => !keys.has(key)),
        role,
      ).toEqual([]);
      expect(
        words(guide(role), () => true),
        role,
      ).not.toMatch(/^:::/m);
    }
  });

  it("give the secretary the finance section but not the timetable's", () => {
    const headings = guideHeadings(
      visibleNodes(renderGuide(guide('standard')), holding(templateKeys('secretary'))),
    ).map((h) => h.text);
    expect(headings).toContain("Finances d'une classe");
    expect(headings).toContain('Gestion des Élèves');
    expect(headings).not.toContain('Emploi du temps');
  });

  it('give the accountant payments and the report, not student management nor report cards', () => {
    const nodes = visibleNodes(renderGuide(guide('standard')), holding(templateKeys('accountant')));
    const text = nodes.map(textOf).join('\n');
    const headings = guideHeadings(nodes).map((h) => h.text);
    expect(headings).toEqual(
      expect.arrayContaining(["Finances d'une classe", 'Rapport Financier', 'Accès des élèves à leurs notes']),
    );
    expect(headings).not.toContain('Gestion des Élèves');
    expect(headings).not.toContain('Gestion des Bulletins');
    expect(text).not.toContain('Supprimer des élèves');
  });
});
