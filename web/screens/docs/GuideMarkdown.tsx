// The guide's blocks (markdown.ts) as React elements: text is always text (nothing is read as
// HTML), headings take the Sommaire's anchors by their line, and links open as linkTarget says.
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { linkTarget, type Block, type Inline } from './markdown';

function inlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'strong':
        return <strong key={key}>{inlines(node.children)}</strong>;
      case 'em':
        return <em key={key}>{inlines(node.children)}</em>;
      case 'link': {
        const words = inlines(node.children);
        switch (linkTarget(node.href)) {
          case 'none':
            return <span key={key}>{words}</span>;
          case 'app':
            return (
              <Link key={key} to={node.href}>
                {words}
              </Link>
            );
          case 'site':
            return (
              <a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
                {words}
              </a>
            );
          default:
            return (
              <a key={key} href={node.href}>
                {words}
              </a>
            );
        }
      }
    }
  });
}

function blocks(nodes: Block[], ids: ReadonlyMap<number, string>, tight = false): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case 'heading': {
        const Tag = `h${node.level}` as const;
        return (
          <Tag key={key} id={ids.get(node.line)}>
            {inlines(node.children)}
          </Tag>
        );
      }
      case 'paragraph':
        return tight ? <Fragment key={key}>{inlines(node.children)}</Fragment> : <p key={key}>{inlines(node.children)}</p>;
      case 'list': {
        const items = node.items.map((item, index) => <li key={index}>{blocks(item, ids, node.tight)}</li>);
        return node.ordered ? (
          <ol key={key} start={node.start === 1 ? undefined : node.start}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'code':
        return (
          <pre key={key}>
            <code>{node.text}</code>
          </pre>
        );
      case 'quote':
        return <blockquote key={key}>{blocks(node.children, ids)}</blockquote>;
    }
  });
}

/** A guide's blocks; `ids` gives a heading's anchor by its line (guideHeadings). */
export function GuideMarkdown({ blocks: nodes, ids }: { blocks: Block[]; ids: ReadonlyMap<number, string> }) {
  return <>{blocks(nodes, ids)}</>;
}
