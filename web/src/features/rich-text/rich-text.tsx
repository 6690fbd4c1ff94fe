import { Fragment, useMemo, type ReactNode } from 'react';
import { isRichText } from '@vitae/core/rich-text';
import { cn } from '../../lib/cn.ts';
import './rich-text.css';

/*
 * Rich text as the CV shows it (issue 17). The server stores only allow-listed markup, and this
 * renderer trusts nothing anyway: the value is parsed by DOMParser (an inert document: no script
 * runs, nothing loads) and only the allow-listed elements become React elements; everything else
 * keeps its text or, for code and foreign content, is dropped. Never dangerouslySetInnerHTML.
 */

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** The link's address when it is absolute http(s) or mailto; otherwise none. */
export function safeHref(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim());
    return SAFE_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const SIMPLE: Record<string, 'p' | 'strong' | 'em' | 'ul' | 'ol' | 'li'> = {
  p: 'p',
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  ul: 'ul',
  ol: 'ol',
  li: 'li',
};

// Elements whose content is code or a foreign document: dropped whole.
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'title',
  'textarea',
  'noscript',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'head',
]);

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  if (tag === 'br') return <br key={key} />;
  const children = Array.from(el.childNodes, toReact);
  const Simple = SIMPLE[tag];
  if (Simple) return <Simple key={key}>{children}</Simple>;
  if (tag === 'a') {
    const href = safeHref(el.getAttribute('href'));
    if (href) {
      return (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    }
  }
  // Anything else (a div, a span, an unknown tag, a link without a safe address): its content.
  return <Fragment key={key}>{children}</Fragment>;
}

/** The allow-listed React elements of a markup value. */
export function richTextNodes(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes, toReact);
}

/**
 * A description or summary: markup as allow-listed elements in a `cv-rich` block, plain text
 * as one paragraph that keeps its line breaks. `className` is the template's text style;
 * `quoted` puts the text between curly quotes (template 08's lead).
 */
export function RichText({
  value,
  className,
  quoted,
}: {
  value: string;
  className?: string;
  quoted?: boolean;
}) {
  const rich = isRichText(value);
  const nodes = useMemo(() => (rich ? richTextNodes(value) : null), [rich, value]);
  if (!nodes) {
    return <p className={cn('whitespace-pre-line', className)}>{quoted ? `“${value}”` : value}</p>;
  }
  return (
    <div className={cn('cv-rich', quoted && 'cv-rich-quoted', className)} data-rich-text="">
      {nodes}
    </div>
  );
}
