// A guide's tree (rendered from its Markdown at build time by react-markdown,
// scripts/lib/guide-render.ts) as React elements: text is always text (nothing is read as HTML),
// only the elements of Markdown are made, the n-th heading of levels 1 to 3 takes the Sommaire's
// n-th anchor, and links open as linkTarget says.
import { createElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type GuideNode, linkTarget } from './guide';

/** What Markdown makes; anything else shows its content only. */
const ELEMENTS = new Set(
  'h1 h2 h3 h4 h5 h6 p ul ol li strong em code pre blockquote br hr del'.split(' ').concat(['a']),
);

export function GuideMarkdown({ nodes, ids }: { nodes: readonly GuideNode[]; ids: readonly string[] }) {
  let heading = 0;
  const render = (list: readonly GuideNode[]): ReactNode[] =>
    list.map((node, key) => {
      if (typeof node === 'string') return node;
      const [tag, attributes, ...rest] = node;
      const children = render(rest);
      if (!ELEMENTS.has(tag)) return createElement('span', { key }, ...children);
      if (/^h[1-3]$/.test(tag)) return createElement(tag, { key, id: ids[heading++] }, ...children);
      if (tag === 'ol') {
        const start = Number(attributes?.start ?? 1);
        return createElement('ol', { key, start: start === 1 ? undefined : start }, ...children);
      }
      if (tag !== 'a') return createElement(tag, { key }, ...children);
      const href = String(attributes?.href ?? '');
      switch (linkTarget(href)) {
        case 'none':
          return <span key={key}>{children}</span>;
        case 'app':
          return (
            <Link key={key} to={href}>
              {children}
            </Link>
          );
        case 'site':
          return (
            <a key={key} href={href} target="_blank" rel="noopener noreferrer">
              {children}
            </a>
          );
        default:
          return (
            <a key={key} href={href}>
              {children}
            </a>
          );
      }
    });
  return <>{render(nodes)}</>;
}
