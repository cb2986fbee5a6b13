// The role guides' rules (document 1 §2 'Documentation viewer', §3 'Documentation heading',
// §5 Markdown links; product decision 'Documentation'), pure so that test/domain/docs.test.ts
// checks them: which guide a role reads, the `:::permission KEY` blocks a user may see, the
// 'Sommaire' (headings of levels 1 to 3 with their anchors) and the link schemes kept.
export { GUIDE_ROLES, type GuideRole, guideAddress, guideRoleOf } from './guide-address';

/** A fence line of a code block (``` or ~~~): nothing inside one is a block marker or a heading. */
export const CODE_FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BLOCK_START = /^ {0,3}:::permission\s+(\S+)\s*$/;
const BLOCK_END = /^ {0,3}:::\s*$/;

/**
 * The guide without the `:::permission KEY` ... `:::` blocks whose KEY the user lacks, and without
 * the marker lines of the blocks they may read. Blocks nest (an inner block shows only when every
 * enclosing key is held); a block left open runs to the end of the guide.
 */
export function filterPermissionBlocks(markdown: string, holds: (key: string) => boolean): string {
  const kept: string[] = [];
  const open: boolean[] = [];
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const visible = open.every(Boolean);
    if (fence === null) {
      const start = BLOCK_START.exec(line);
      if (start) {
        open.push(holds(start[1]!));
        continue;
      }
      if (open.length > 0 && BLOCK_END.test(line)) {
        open.pop();
        continue;
      }
    }
    const marker = CODE_FENCE.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    }
    if (visible) kept.push(line);
  }
  return kept.join('\n');
}

export interface GuideHeading {
  level: 1 | 2 | 3;
  text: string;
  id: string;
  /** Its line in the (filtered) guide, 1-based: the rendered heading finds its anchor by it. */
  line: number;
}

export const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/** The heading's words without their Markdown: links keep their text, emphasis and code marks go. */
export function plainText(inline: string): string {
  return inline
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]+/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

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
 * The 'Sommaire': every heading of levels 1 to 3 in the order of the guide, each with a unique
 * anchor (a repeated title gets -2, -3...). Deeper headings and lines inside code blocks are not part of it.
 */
export function guideHeadings(markdown: string): GuideHeading[] {
  const headings: GuideHeading[] = [];
  const used = new Map<string, number>();
  let fence: string | null = null;
  markdown.split(/\r?\n/).forEach((line, index) => {
    const marker = CODE_FENCE.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return;
    }
    if (fence !== null) return;
    const match = ATX_HEADING.exec(line);
    if (!match || match[1]!.length > 3) return;
    const text = plainText(match[2]!);
    if (!text) return;
    const base = slugOf(text);
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    headings.push({ level: match[1]!.length as 1 | 2 | 3, text, id: count === 1 ? base : `${base}-${count}`, line: index + 1 });
  });
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
