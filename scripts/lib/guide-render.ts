// The role guides rendered at build time (issue 28; decision 165): react-markdown, the library the
// product's design names, turns each guide's Markdown into a tree the page shows as React
// elements without a Markdown parser of its own (web/screens/docs/GuideMarkdown.tsx). Permission
// blocks are cut first (permissionParts) and kept as elements, so the page filters them by the
// session's permissions; links pass safeUrl (an unsafe address is emptied); raw HTML in a guide
// is shown as text (react-markdown's own rule without rehype-raw).
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import Markdown from 'react-markdown';
import { type GuideNode, type GuidePart, PERMISSION, permissionParts, safeUrl } from '../../web/screens/docs/guide.ts';

/** The attributes the page uses: a link's address and an ordered list's first number. */
const KEPT = new Set(['href', 'start']);

function nodesOf(node: ReactNode): GuideNode[] {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (Array.isArray(node)) return node.flatMap(nodesOf);
  if (!isValidElement(node)) return [];
  const element = node as ReactElement<Record<string, unknown> & { children?: ReactNode }>;
  const children = Children.toArray(element.props.children).flatMap(nodesOf);
  // Fragments (the root) give their children in place.
  if (typeof element.type !== 'string') return children;
  const attributes = Object.fromEntries(
    Object.entries(element.props).filter(
      (entry): entry is [string, string | number] =>
        KEPT.has(entry[0]) && (typeof entry[1] === 'string' || typeof entry[1] === 'number'),
    ),
  );
  return [[element.type, Object.keys(attributes).length ? attributes : null, ...children]];
}

function render(parts: GuidePart[]): GuideNode[] {
  return parts.flatMap((part): GuideNode[] =>
    typeof part === 'string'
      ? nodesOf(Markdown({ children: part, urlTransform: (url) => safeUrl(url) }))
      : [[PERMISSION, { key: part.key }, ...render(part.parts)]],
  );
}

/** A guide's Markdown as the page shows it; whitespace-only text between blocks dropped. */
export function renderGuide(markdown: string): GuideNode[] {
  const trim = (nodes: GuideNode[]): GuideNode[] =>
    nodes.flatMap((node): GuideNode[] =>
      typeof node === 'string'
        ? node === '\n'
          ? []
          : [node]
        : [
            [
              node[0],
              node[1],
              ...(node[0] === 'pre' ? (node.slice(2) as GuideNode[]) : trim(node.slice(2) as GuideNode[])),
            ],
          ],
    );
  return trim(render(permissionParts(markdown)));
}
