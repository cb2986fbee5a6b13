// The role guides' rules (web/screens/docs/guide.ts) and the guides themselves (docs/guides/):
// `:::permission KEY` blocks shown only to holders, the Sommaire's headings and anchors, the link
// schemes kept, and every guide well formed with real permission keys.
import { describe, expect, it } from 'vitest';
import { filterPermissionBlocks, GUIDE_ROLES, guideHeadings, guideRoleOf, safeUrl } from '../../web/screens/docs/guide';
import { PERMISSIONS, ROLE_TEMPLATES } from '../../worker/domain/permissions';

const guides = import.meta.glob<string>('../../docs/guides/*.md', { query: '?raw', import: 'default', eager: true });
const guide = (role: string) => guides[`../../docs/guides/${role}.md`]!;
const holding = (keys: readonly string[]) => (key: string) => keys.includes(key);
const templateKeys = (key: string) => ROLE_TEMPLATES.find((t) => t.key === key)!.permissions;

describe('permission blocks', () => {
  const text = ['Intro', ':::permission a:read', 'Lu par a', ':::', ':::permission b:read', 'Lu par b', ':::', 'Fin'].join('\n');

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
    expect(guideHeadings(filterPermissionBlocks(text, holding([]))).map((h) => h.text)).toEqual(['Guide', 'Hors ligne']);
  });
});

describe('links', () => {
  it('keeps addresses without a scheme or with http, https, irc, ircs, mailto or xmpp', () => {
    for (const url of ['/students', '#notes', 'guide.md', 'https://exemple.ht', 'HTTP://x', 'mailto:a@b.ht', 'irc://x', 'ircs://x', 'xmpp:a@b', '?a=b:c', '/a:b']) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('empties any other scheme', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:x', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'tel:123']) {
      expect(safeUrl(url)).toBe('');
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
      expect(named.filter((key) => !keys.has(key)), role).toEqual([]);
      expect(filterPermissionBlocks(guide(role), () => true), role).not.toMatch(/^:::/m);
    }
  });

  it("give the secretary the finance section but not the timetable's", () => {
    const headings = guideHeadings(filterPermissionBlocks(guide('standard'), holding(templateKeys('secretary')))).map((h) => h.text);
    expect(headings).toContain("Finances d'une classe");
    expect(headings).toContain('Gestion des Élèves');
    expect(headings).not.toContain('Emploi du temps');
  });

  it('give the accountant payments and the report, not student management nor report cards', () => {
    const text = filterPermissionBlocks(guide('standard'), holding(templateKeys('accountant')));
    const headings = guideHeadings(text).map((h) => h.text);
    expect(headings).toEqual(expect.arrayContaining(["Finances d'une classe", 'Rapport Financier', 'Accès des élèves à leurs notes']));
    expect(headings).not.toContain('Gestion des Élèves');
    expect(headings).not.toContain('Gestion des Bulletins');
    expect(text).not.toContain('Supprimer des élèves');
  });
});
