// The role guides' rules (web/screens/docs/guide.ts) and the guides themselves (docs/guides/):
// `:::permission KEY` blocks shown only to holders, the Sommaire's headings and anchors, the link
// schemes kept, the guides' Markdown as the screen reads it (web/screens/docs/markdown.ts), and
// every guide well formed with real permission keys.
import { describe, expect, it } from 'vitest';
import { filterPermissionBlocks, GUIDE_ROLES, guideHeadings, guideRoleOf, safeUrl } from '../../web/screens/docs/guide';
import { linkTarget, parseInline, parseMarkdown, type Block, type Inline } from '../../web/screens/docs/markdown';
import { PERMISSIONS, ROLE_TEMPLATES } from '../../worker/domain/permissions';

const guides = import.meta.glob<string>('../../docs/guides/*.md', { query: '?raw', import: 'default', eager: true });
const guide = (role: string) => guides[`../../docs/guides/${role}.md`]!;
const holding = (keys: readonly string[]) => (key: string) => keys.includes(key);
const templateKeys = (key: string) => ROLE_TEMPLATES.find((t) => t.key === key)!.permissions;

describe('permission blocks', () => {
  const text = [
    'Intro',
    ':::permission a:read',
    'Lu par a',
    ':::',
    ':::permission b:read',
    'Lu par b',
    ':::',
    'Fin',
  ].join('\n');

  it('shows a block to holders of its key, without its marker lines', () => {
    expect(filterPermissionBlocks(text, holding(['a:read']))).toBe('Intro\nLu par a\nFin');
    expect(filterPermissionBlocks(text, holding(['a:read', 'b:read']))).toBe('Intro\nLu par a\nLu par b\nFin');
  });

  it('hides every block from a user without the keys', () => {
    expect(filterPermissionBlocks(text, holding([]))).toBe('Intro\nFin');
  });

  it('shows a nested block only when every enclosing key is held', () => {
    const nested = [':::permission a', 'A', ':::permission b', 'B', ':::', 'A encore', ':::', 'Tous'].join('\n');
    expect(filterPermissionBlocks(nested, holding(['b']))).toBe('Tous');
    expect(filterPermissionBlocks(nested, holding(['a']))).toBe('A\nA encore\nTous');
    expect(filterPermissionBlocks(nested, holding(['a', 'b']))).toBe('A\nB\nA encore\nTous');
  });

  it('runs a block left open to the end, and leaves code blocks and stray markers alone', () => {
    expect(filterPermissionBlocks('Début\n:::permission x\nSecret\nencore', holding([]))).toBe('Début');
    const code = ['```', ':::permission x', ':::', '```', ':::', 'Fin'].join('\n');
    expect(filterPermissionBlocks(code, holding([]))).toBe(code);
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
    expect(guideHeadings(text)).toEqual([
      { level: 1, text: 'Guide de l’élève', id: 'guide-de-l-eleve', line: 1 },
      { level: 2, text: 'Se connecter', id: 'se-connecter', line: 3 },
      { level: 3, text: 'Première connexion', id: 'premiere-connexion', line: 4 },
      { level: 2, text: 'Se connecter', id: 'se-connecter-2', line: 6 },
      { level: 2, text: 'Les Notes et rangs', id: 'les-notes-et-rangs', line: 7 },
      { level: 2, text: 'Finances', id: 'finances', line: 12 },
    ]);
  });

  it('leaves out the headings of blocks the user may not read', () => {
    const text = '# Guide\n:::permission settings:manage_timetable\n## Emploi du temps\n:::\n## Hors ligne';
    expect(guideHeadings(filterPermissionBlocks(text, holding([]))).map((h) => h.text)).toEqual([
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

const text = (value: string): Inline => ({ type: 'text', text: value });
const paragraph = (...children: Inline[]): Block => ({ type: 'paragraph', children });
const list = (ordered: boolean, tight: boolean, ...items: Block[][]): Block => ({
  type: 'list',
  ordered,
  start: 1,
  tight,
  items,
});

describe('the Markdown reader', () => {
  it('reads headings 1 to 6 with their line, a closing sequence and marks, and "#word" as no heading', () => {
    expect(parseMarkdown('# Guide\n\n## Les **Notes** ##\n#### Bas\n#Pas un titre')).toEqual([
      { type: 'heading', level: 1, line: 1, children: [text('Guide')] },
      { type: 'heading', level: 2, line: 3, children: [text('Les '), { type: 'strong', children: [text('Notes')] }] },
      { type: 'heading', level: 4, line: 4, children: [text('Bas')] },
      paragraph(text('#Pas un titre')),
    ]);
  });

  it("gives every heading of the Sommaire a block at the Sommaire's line, in every guide", () => {
    const headingLines = (blocks: Block[]): number[] =>
      blocks.flatMap((block) =>
        block.type === 'heading' && block.level <= 3
          ? [block.line]
          : block.type === 'list'
            ? block.items.flatMap(headingLines)
            : [],
      );
    for (const role of GUIDE_ROLES) {
      const filtered = filterPermissionBlocks(guide(role), () => true);
      expect(headingLines(parseMarkdown(filtered)), role).toEqual(guideHeadings(filtered).map((h) => h.line));
    }
  });

  it('joins the soft-wrapped lines of a paragraph and ends it at a blank line or a heading', () => {
    expect(parseMarkdown('Une ligne\n  et la suite.\n\nAutre\n## Titre')).toEqual([
      paragraph(text('Une ligne\net la suite.')),
      paragraph(text('Autre')),
      { type: 'heading', level: 2, line: 5, children: [text('Titre')] },
    ]);
  });

  it('reads a tight list whose items go on over indented and lazy lines', () => {
    expect(parseMarkdown('- **Un** : le début\n  et la suite ;\n- deux\nparesseuse')).toEqual([
      list(
        false,
        true,
        [paragraph({ type: 'strong', children: [text('Un')] }, text(' : le début\net la suite ;'))],
        [paragraph(text('deux\nparesseuse'))],
      ),
    ]);
  });

  it('reads an ordered list with continuation lines indented to the text, and its first number', () => {
    expect(parseMarkdown('1. Cliquez.\n2. Enregistrez : un reçu\n   est attribué.\n\nFin')).toEqual([
      list(true, true, [paragraph(text('Cliquez.'))], [paragraph(text('Enregistrez : un reçu\nest attribué.'))]),
      paragraph(text('Fin')),
    ]);
    expect(parseMarkdown('3. trois\n4. quatre')).toMatchObject([{ type: 'list', ordered: true, start: 3 }]);
  });

  it('makes a list loose when a blank line separates its items or the blocks of an item', () => {
    expect(parseMarkdown('- un\n- deux\n\n- trois')).toEqual([
      list(false, false, [paragraph(text('un'))], [paragraph(text('deux'))], [paragraph(text('trois'))]),
    ]);
    expect(parseMarkdown('- un\n\n  encore\n- deux')).toEqual([
      list(false, false, [paragraph(text('un')), paragraph(text('encore'))], [paragraph(text('deux'))]),
    ]);
    // Blank lines after the list are not part of it.
    expect(parseMarkdown('- un\n- deux\n\nFin')).toEqual([
      list(false, true, [paragraph(text('un'))], [paragraph(text('deux'))]),
      paragraph(text('Fin')),
    ]);
  });

  it('nests an indented list, and starts a new list when the marker changes', () => {
    expect(parseMarkdown('- a\n  - b\n  - c\n- d')).toEqual([
      list(
        false,
        true,
        [paragraph(text('a')), list(false, true, [paragraph(text('b'))], [paragraph(text('c'))])],
        [paragraph(text('d'))],
      ),
    ]);
    expect(parseMarkdown('- a\n1. b')).toEqual([
      list(false, true, [paragraph(text('a'))]),
      list(true, true, [paragraph(text('b'))]),
    ]);
  });

  it('lets a bullet or "1." interrupt a paragraph, but not another number', () => {
    expect(parseMarkdown('Texte\n- point')).toEqual([
      paragraph(text('Texte')),
      list(false, true, [paragraph(text('point'))]),
    ]);
    expect(parseMarkdown('En\n2025. Fin')).toEqual([paragraph(text('En\n2025. Fin'))]);
  });

  it('reads strong, emphasis and code, across lines and nested, and leaves stray or escaped marks as text', () => {
    expect(parseInline('**choisir un\nnouveau mot** et *un* _deux_ `npm run x -- <nom>`')).toEqual([
      { type: 'strong', children: [text('choisir un\nnouveau mot')] },
      text(' et '),
      { type: 'em', children: [text('un')] },
      text(' '),
      { type: 'em', children: [text('deux')] },
      text(' '),
      { type: 'code', text: 'npm run x -- <nom>' },
    ]);
    expect(parseInline('**gras *penché* gras**')).toEqual([
      { type: 'strong', children: [text('gras '), { type: 'em', children: [text('penché')] }, text(' gras')] },
    ]);
    expect(parseInline('full_lockdown, snake_case_mot, mot_fin_ ici, 2 * 3 * 4, **ouvert, \\*pas\\*')).toEqual([
      text('full_lockdown, snake_case_mot, mot_fin_ ici, 2 * 3 * 4, **ouvert, *pas*'),
    ]);
    expect(parseInline("`a*b*c` et « guillemets » L'**appréciation**")).toEqual([
      { type: 'code', text: 'a*b*c' },
      text(" et « guillemets » L'"),
      { type: 'strong', children: [text('appréciation')] },
    ]);
  });

  it('keeps safe link addresses and empties the others', () => {
    expect(parseInline('[Élèves](/students), [site](https://exemple.ht) et [piège](javascript:alert(1))')).toEqual([
      { type: 'link', href: '/students', children: [text('Élèves')] },
      text(', '),
      { type: 'link', href: 'https://exemple.ht', children: [text('site')] },
      text(' et '),
      { type: 'link', href: '', children: [text('piège')] },
    ]);
    expect(parseInline('[pas un lien] (x)')).toEqual([text('[pas un lien] (x)')]);
  });

  it('opens a screen of the portal in the app, another site in a new tab, and an unsafe address as no link', () => {
    expect(linkTarget('/student/finance')).toBe('app');
    expect(linkTarget('//autre.ht/x')).toBe('other');
    expect(linkTarget('https://exemple.ht')).toBe('site');
    expect(linkTarget('HTTP://exemple.ht')).toBe('site');
    expect(linkTarget('mailto:a@b.ht')).toBe('other');
    expect(linkTarget(safeUrl('javascript:alert(1)'))).toBe('none');
  });

  it('never reads HTML: a line that looks like HTML stays text', () => {
    expect(parseMarkdown('<script>alert(1)</script>\n<img src=x onerror=alert(1)> et <b>gras</b>')).toEqual([
      paragraph(text('<script>alert(1)</script>\n<img src=x onerror=alert(1)> et <b>gras</b>')),
    ]);
  });

  it('keeps a code fence as it is and reads a quote', () => {
    expect(parseMarkdown('```\n# pas un titre\n**brut**\n```\n> Note\nsuite')).toEqual([
      { type: 'code', text: '# pas un titre\n**brut**\n' },
      { type: 'quote', children: [paragraph(text('Note\nsuite'))] },
    ]);
  });

  it('leaves no Markdown mark in the words of any guide', () => {
    const words = (nodes: (Block | Inline)[]): string[] =>
      nodes.flatMap((node) =>
        node.type === 'text'
          ? [node.text]
          : node.type === 'list'
            ? node.items.flatMap(words)
            : 'children' in node
              ? words(node.children)
              : [],
      );
    for (const role of GUIDE_ROLES) {
      const leftover = words(parseMarkdown(filterPermissionBlocks(guide(role), () => true))).filter((w) =>
        /\*|`|^\s*(?:[-+]|\d+\.)\s|^#|\]\(/m.test(w),
      );
      expect(leftover, role).toEqual([]);
    }
  });
});

describe('the guides', () => {
  const keys = new Set<string>(PERMISSIONS.map((p) => p.key));

  it('exist for every role, the platform delegate reading the superadmin guide', () => {
    for (const role of GUIDE_ROLES) expect(guideHeadings(guide(role))[0]?.level, role).toBe(1);
    expect(guideRoleOf('superadmin_delegate')).toBe('superadmin');
    expect(guideRoleOf('standard')).toBe('standard');
  });

  it('name only real permissions and close every block', () => {
    for (const role of GUIDE_ROLES) {
      const named = [...guide(role).matchAll(/^:::permission\s+(\S+)\s*$/gm)].map((m) => m[1]!);
      expect(
        named.filter((key) => !keys.has(key)),
        role,
      ).toEqual([]);
      expect(
        filterPermissionBlocks(guide(role), () => true),
        role,
      ).not.toMatch(/^:::/m);
    }
  });

  it("give the secretary the finance section but not the timetable's", () => {
    const headings = guideHeadings(filterPermissionBlocks(guide('standard'), holding(templateKeys('secretary')))).map(
      (h) => h.text,
    );
    expect(headings).toContain("Finances d'une classe");
    expect(headings).toContain('Gestion des Élèves');
    expect(headings).not.toContain('Emploi du temps');
  });

  it('give the accountant payments and the report, not student management nor report cards', () => {
    const text = filterPermissionBlocks(guide('standard'), holding(templateKeys('accountant')));
    const headings = guideHeadings(text).map((h) => h.text);
    expect(headings).toEqual(
      expect.arrayContaining(["Finances d'une classe", 'Rapport Financier', 'Accès des élèves à leurs notes']),
    );
    expect(headings).not.toContain('Gestion des Élèves');
    expect(headings).not.toContain('Gestion des Bulletins');
    expect(text).not.toContain('Supprimer des élèves');
  });
});
