// The role guides' rules (document 1 §2 'Documentation viewer', §3 'Documentation heading',
// §5 Markdown links; product decision 'Documentation'; decision 165), pure so that
// test/domain/docs.test.ts checks them: which guide a role reads, the `:::permission KEY` blocks
// (cut at build time, filtered in the page), the 'Sommaire' (headings of levels 1 to 3 with their
// anchors), the link schemes kept and how a link opens.
export { GUIDE_ROLES, type GuideRole, guideAddress, guideRoleOf } from './guide-address.ts';

/** A fence line of a code block (``` or ~~~): nothing inside one is a block marker. */
export const CODE_FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BLOCK_START = /^ {0,3}:::permission\s+(\S+)\s*$/;
const BLOCK_END = /^ {0,3}:::\s*$/;

/**
 * A guide as the build renders it (scripts/lib/guide-render.ts, react-markdown) and the page shows
 * it without a Markdown parser: text, or an element `[tag, attributes, ...children]`; a
 * `:::permission KEY` block is the element PERMISSION with `{ key }`.
 */
export type GuideNode = string | GuideElement;
export type GuideElement = [tag: string, attributes: Record<string, string | number> | null, ...children: GuideNode[]];
export const PERMISSION = 'permission-block';

/** A guide's source cut at its block markers: Markdown text, or a block with its key and content. */
export type GuidePart = string | { key: string; parts: GuidePart[] };

/**
 * The guide's Markdown cut at its `:::permission KEY` ... `:::` markers (the marker lines dropped).
 * Blocks nest; a block left open runs to the end of the guide; marker lines inside code fences
 * are text, and a stray closing marker outside any block stays text.
 */
export function permissionParts(markdown: string): GuidePart[] {
  const root: GuidePart[] = [];
  const stack: GuidePart[][] = [root];
  let lines: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (lines.length) stack.at(-1)!.push(lines.join('\n'));
    lines = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (fence === null) {
      const start = BLOCK_START.exec(line);
      if (start) {
        flush();
        const block = { key: start[1]!, parts: [] };
        stack.at(-1)!.push(block);
        stack.push(block.parts);
        continue;
      }
      if (stack.length > 1 && BLOCK_END.test(line)) {
        flush();
        stack.pop();
        continue;
      }
    }
    const marker = CODE_FENCE.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    }
    lines.push(line);
  }
  flush();
  return root;
}

const isElement = (node: GuideNode): node is GuideElement => typeof node !== 'string';

/**
 * The guide without the permission blocks whose KEY the user lacks; the blocks they may read
 * give their content in place. An inner block shows only when every enclosing key is held.
 */
export function visibleNodes(nodes: readonly GuideNode[], holds: (key: string) => boolean): GuideNode[] {
  return nodes.flatMap((node) => {
    if (!isElement(node) || node[0] !== PERMISSION) return [node];
    const [, attributes, ...children] = node;
    return holds(String(attributes?.key)) ? visibleNodes(children, holds) : [];
  });
}

/** The words of a node, its marks left out. */
export function textOf(node: GuideNode): string {
  return isElement(node) ? node.slice(2).map((child) => textOf(child as GuideNode)).join('') : node;
}

export interface GuideHeading {
  level: 1 | 2 | 3;
  text: string;
  id: string;
}

const HEADING = /^h([1-6])$/;

/** An anchor from a heading's words: lower case, accents dropped, words joined by dashes. */
export function slugOf(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/**
 * The 'Sommaire': every heading of levels 1 to 3 in the order of the (visible) guide, each with a
 * unique anchor (a repeated title gets -2, -3...). The page gives the n-th such heading the n-th
 * anchor, so the list and the page never disagree.
 */
export function guideHeadings(nodes: readonly GuideNode[]): GuideHeading[] {
  const headings: GuideHeading[] = [];
  const used = new Map<string, number>();
  const walk = (list: readonly GuideNode[]) => {
    for (const node of list) {
      if (!isElement(node)) continue;
      const level = Number(HEADING.exec(node[0])?.[1] ?? 0);
      if (level >= 1 && level <= 3) {
        const text = textOf(node).replace(/\s+/g, ' ').trim();
        if (!text) continue;
        const base = slugOf(text);
        const count = (used.get(base) ?? 0) + 1;
        used.set(base, count);
        headings.push({ level: level as 1 | 2 | 3, text, id: count === 1 ? base : `${base}-${count}` });
      } else if (!level) walk(node.slice(2) as GuideNode[]);
    }
  };
  walk(nodes);
  return headings;
}

/** Schemes a guide's link may use (document 1 §5); an address without a scheme is kept as is. */
const SAFE_SCHEMES = new Set(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);

/**
 * A link's address as the guide may show it: kept when it has no scheme or a safe one, empty
 * otherwise (javascript:, data:, vbscript:, file:... become '').
 */
export function safeUrl(url: string): string {
  const colon = url.indexOf(':');
  // No scheme: a colon only after a path, query or fragment started (or none at all).
  const firstOther = [url.indexOf('/'), url.indexOf('?'), url.indexOf('#')].filter((i) => i >= 0);
  if (colon < 0 || firstOther.some((i) => i < colon)) return url;
  return SAFE_SCHEMES.has(url.slice(0, colon).trim().toLowerCase()) ? url : '';
}

export type LinkTarget = 'app' | 'site' | 'other' | 'none';

/**
 * How a guide's link opens: a path of the portal in the app (the router, no reload), an http(s)
 * site in a new tab, another kept address (mailto:...) as a plain link, an emptied one as no link.
 */
export function linkTarget(href: string): LinkTarget {
  if (!href) return 'none';
  if (/^\/(?!\/)/.test(href)) return 'app';
  if (/^https?:/i.test(href)) return 'site';
  return 'other';
}
