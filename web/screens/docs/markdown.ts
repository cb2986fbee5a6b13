// The Markdown of the role guides (docs/guides/*.md), read by a small parser of our own rather
// than a general library (issue 12: react-markdown made the documentation screen the largest
// chunk every signed-in role downloads). Pure, so that test/domain/docs.test.ts checks it.
//
// What it reads, as CommonMark does: ATX headings (# to ######), paragraphs (soft-wrapped lines
// joined), lists ('- ', '* ', '+ ', '1. ', '1) ') with their continuation lines indented to the
// item's text or lazily not indented, nested lists, tight and loose lists (items separated by a
// blank line get paragraphs), block quotes ('> '), code fences (``` or ~~~), and inline:
// **strong**, __strong__, *emphasis*, _emphasis_, `code`, [links](address) and backslash escapes.
// Not read (they stay text): HTML (never interpreted), setext headings, thematic breaks, indented
// code blocks, tables, images, reference links, autolinks and entities.
import { ATX_HEADING, CODE_FENCE, safeUrl } from './guide';

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  /** `href` is '' when the address is not safe (safeUrl): the words show, as no link. */
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  /** `line`: 1-based, in the guide given to parseMarkdown, as guideHeadings() counts it. */
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; line: number; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  /** A tight list's items show their text without paragraphs. */
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { type: 'code'; text: string }
  | { type: 'quote'; children: Block[] };

interface Line {
  text: string;
  /** 1-based line number in the whole guide. */
  n: number;
}

const LIST_ITEM = /^( {0,3})([-*+]|(\d{1,9})[.)])(?:([ \t]+)(.*))?$/;
const QUOTE = /^ {0,3}> ?/;

const isBlank = (text: string) => text.trim() === '';
const indentOf = (text: string) => /^ */.exec(text)![0].length;
/** The length of the run of one character (backticks, stars, underscores) at `at`. */
function runOf(text: string, at: number): number {
  let k = at;
  while (text[k] === text[at]) k++;
  return k - at;
}

interface ItemStart {
  /** '-', '*', '+', '.' or ')': items of one list share it. */
  kind: string;
  ordered: boolean;
  number: number;
  /** The column of the item's text: continuation lines indented this much belong to it. */
  width: number;
  /** The first line's text. */
  first: string;
}

function itemStart(text: string): ItemStart | null {
  const match = LIST_ITEM.exec(text.replace(/\t/g, '    '));
  if (!match) return null;
  const [, indent, marker, digits, spaces = '', rest = ''] = match;
  const ordered = digits !== undefined;
  const base = indent!.length + marker!.length;
  // Text after five spaces or more, or no text: the item's text starts one space after its marker.
  const width = rest === '' || spaces.length > 4 ? base + 1 : base + spaces.length;
  const first = rest === '' ? '' : spaces.length > 4 ? ' '.repeat(spaces.length - 1) + rest : rest;
  return { kind: ordered ? marker!.slice(-1) : marker!, ordered, number: ordered ? Number(digits) : 1, width, first };
}

/** A line that ends a paragraph (a paragraph is only interrupted by an ordered list starting at 1). */
function interrupts(text: string): boolean {
  if (ATX_HEADING.test(text) || CODE_FENCE.test(text) || QUOTE.test(text)) return true;
  const item = itemStart(text);
  return item !== null && item.first !== '' && (!item.ordered || item.number === 1);
}

/** The guide's blocks, its headings numbered by their line as guideHeadings() numbers them. */
export function parseMarkdown(markdown: string): Block[] {
  return parseBlocks(markdown.split(/\r?\n/).map((text, index) => ({ text, n: index + 1 }))).blocks;
}

/** The blocks of some lines, and whether a blank line separates two of them (a loose list item). */
function parseBlocks(lines: Line[]): { blocks: Block[]; gaps: boolean } {
  const blocks: Block[] = [];
  let gaps = false;
  let blankBefore = false;
  let i = 0;
  while (i < lines.length) {
    const { text, n } = lines[i]!;
    if (isBlank(text)) {
      blankBefore = blocks.length > 0;
      i++;
      continue;
    }
    if (blankBefore) gaps = true;
    blankBefore = false;

    const fence = CODE_FENCE.exec(text);
    if (fence) {
      const marker = fence[1]!;
      const indent = indentOf(text);
      const code: string[] = [];
      i++;
      while (i < lines.length) {
        const line = lines[i]!.text;
        const close = CODE_FENCE.exec(line);
        i++;
        if (close && close[1]![0] === marker[0] && close[1]!.length >= marker.length && isBlank(line.slice(line.indexOf(close[1]!) + close[1]!.length)))
          break;
        code.push(line.slice(Math.min(indent, indentOf(line))));
      }
      blocks.push({ type: 'code', text: code.length > 0 ? `${code.join('\n')}\n` : '' });
      continue;
    }

    const heading = ATX_HEADING.exec(text);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6, line: n, children: parseInline(heading[2]!) });
      i++;
      continue;
    }

    if (QUOTE.test(text)) {
      const inner: Line[] = [];
      while (i < lines.length) {
        const line = lines[i]!;
        if (QUOTE.test(line.text)) inner.push({ text: line.text.replace(QUOTE, ''), n: line.n });
        // A lazy line goes on with the quote's paragraph.
        else if (!isBlank(line.text) && !interrupts(line.text) && inner.length > 0 && !isBlank(inner.at(-1)!.text)) inner.push(line);
        else break;
        i++;
      }
      blocks.push({ type: 'quote', children: parseBlocks(inner).blocks });
      continue;
    }

    const start = itemStart(text);
    if (start) {
      const list = parseList(lines, i, start);
      blocks.push(list.block);
      i = list.next;
      continue;
    }

    const paragraph: string[] = [text.trim()];
    i++;
    while (i < lines.length && !isBlank(lines[i]!.text) && !interrupts(lines[i]!.text)) {
      paragraph.push(lines[i]!.text.trim());
      i++;
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return { blocks, gaps };
}

/** The list starting at lines[from] and the index of the line after it (its trailing blank lines left out). */
function parseList(lines: Line[], from: number, start: ItemStart): { block: Block; next: number } {
  const items: Block[][] = [];
  let tight = true;
  let i = from;
  let item: ItemStart | null = start;
  while (item) {
    const content: Line[] = [{ text: item.first, n: lines[i]!.n }];
    const first = i;
    let last = i; // the item's last line that is not blank
    i++;
    while (i < lines.length) {
      const line = lines[i]!;
      const expanded = line.text.replace(/\t/g, '    ');
      if (isBlank(expanded)) content.push({ text: '', n: line.n });
      else if (indentOf(expanded) >= item.width) content.push({ text: expanded.slice(item.width), n: line.n });
      // A lazy continuation line: not indented, it goes on with the paragraph just above it.
      else if (i === last + 1 && !interrupts(expanded) && !itemStart(expanded) && lazyAllowed(content)) content.push(line);
      else break;
      if (!isBlank(expanded)) last = i;
      i++;
    }
    const parsed = parseBlocks(content.slice(0, last - first + 1));
    items.push(parsed.blocks);
    if (parsed.gaps) tight = false;
    i = last + 1;
    // The next item of the same list, possibly after blank lines (which make the list loose).
    let next = i;
    while (next < lines.length && isBlank(lines[next]!.text)) next++;
    const following = next < lines.length ? itemStart(lines[next]!.text) : null;
    if (following && following.kind === start.kind) {
      if (next > i) tight = false;
      i = next;
      item = following;
    } else item = null;
  }
  return { block: { type: 'list', ordered: start.ordered, start: start.number, tight, items }, next: i };
}

/** Whether the item's last line is paragraph text (a lazy line may go on with it). */
function lazyAllowed(content: Line[]): boolean {
  const last = content.at(-1)!.text;
  return !isBlank(last) && !ATX_HEADING.test(last) && !content.some((line) => CODE_FENCE.test(line.text));
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WORD = /[\p{L}\p{N}]/u;
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);

/** The code span opened by the backticks at `from`: their number and where the closing ones are; null if none (they stay text). */
function codeSpanEnd(text: string, from: number): { open: number; close: number } | null {
  const run = runOf(text, from);
  let k = from + run;
  while (k < text.length) {
    const next = text.indexOf('`', k);
    if (next < 0) return null;
    const length = runOf(text, next);
    if (length === run) return { open: run, close: next };
    k = next + length;
  }
  return null;
}

/** Whether the run of `*` or `_` from `at` to `end` may open emphasis (CommonMark's left-flanking rule). */
function canOpen(text: string, at: number, end: number): boolean {
  const before = text[at - 1];
  const after = text[end];
  if (isSpace(after)) return false;
  if (PUNCTUATION.test(after!) && !isSpace(before) && !PUNCTUATION.test(before!)) return false;
  // An underscore inside a word (snake_case) is no emphasis.
  return text[at] !== '_' || before === undefined || !WORD.test(before);
}

function canClose(text: string, at: number, end: number): boolean {
  const before = text[at - 1];
  const after = text[end];
  if (isSpace(before)) return false;
  if (PUNCTUATION.test(before!) && !isSpace(after) && !PUNCTUATION.test(after!)) return false;
  return text[at] !== '_' || after === undefined || !WORD.test(after);
}

/** Where the emphasis opened by `size` delimiters `mark` closes, from `from` on, or -1. */
function closerOf(text: string, from: number, mark: string, size: number): number {
  let k = from;
  while (k < text.length) {
    const c = text[k]!;
    if (c === '\\') k += 2;
    else if (c === '`') {
      const span = codeSpanEnd(text, k);
      k = span ? span.close + span.open : k + runOf(text, k);
    } else if (c === mark) {
      const length = runOf(text, k);
      if (length === size && k > from && canClose(text, k, k + length)) return k;
      k += length;
    } else k++;
  }
  return -1;
}

/** A link `[words](address)` at `from`: its words, its address and where it ends; null if none. */
function linkAt(text: string, from: number): { words: string; address: string; end: number } | null {
  let depth = 0;
  let k = from;
  for (; k < text.length; k++) {
    const c = text[k];
    if (c === '\\') k++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) break;
  }
  if (k >= text.length || text[k + 1] !== '(') return null;
  const words = text.slice(from + 1, k);
  const rest = /^\(\s*(?:<([^<>\n]*)>|((?:[^\s()\\]|\\.|\([^\s()]*\))*))(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/.exec(text.slice(k + 1));
  if (!rest) return null;
  const address = (rest[1] ?? rest[2] ?? '').replace(/\\([!-/:-@[-`{-~])/g, '$1');
  return { words, address, end: k + 1 + rest[0].length };
}

/** A paragraph's or a heading's words with their marks; anything else (HTML too) stays text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const push = (node: Inline) => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
    out.push(node);
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && ASCII_PUNCTUATION.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
    } else if (c === '`') {
      const span = codeSpanEnd(text, i);
      if (!span) {
        const run = runOf(text, i);
        buffer += text.slice(i, i + run);
        i += run;
        continue;
      }
      let code = text.slice(i + span.open, span.close).replace(/\n/g, ' ');
      if (/^ .*[^ ].* $/s.test(code)) code = code.slice(1, -1);
      push({ type: 'code', text: code });
      i = span.close + span.open;
    } else if (c === '[') {
      const link = linkAt(text, i);
      if (!link) {
        buffer += c;
        i++;
        continue;
      }
      push({ type: 'link', href: safeUrl(link.address), children: parseInline(link.words) });
      i = link.end;
    } else if (c === '*' || c === '_') {
      const run = runOf(text, i);
      const runEnd = i + run;
      const size = run === 2 ? 2 : run === 1 ? 1 : 0;
      const close = size > 0 && canOpen(text, i, runEnd) ? closerOf(text, runEnd, c, size) : -1;
      if (close < 0) {
        buffer += text.slice(i, runEnd);
        i = runEnd;
        continue;
      }
      const children = parseInline(text.slice(runEnd, close));
      push(size === 2 ? { type: 'strong', children } : { type: 'em', children });
      i = close + size;
    } else {
      buffer += c;
      i++;
    }
  }
  if (buffer) out.push({ type: 'text', text: buffer });
  return out;
}

export type LinkTarget = 'none' | 'app' | 'site' | 'other';

/**
 * How a guide's link opens: a screen of the portal ('/…') in the app, another site (http, https)
 * in a new tab, any other kept address as a plain link; an unsafe (emptied) address is no link.
 */
export function linkTarget(href: string): LinkTarget {
  if (!href) return 'none';
  if (/^\/(?!\/)/.test(href)) return 'app';
  if (/^https?:/i.test(href)) return 'site';
  return 'other';
}
