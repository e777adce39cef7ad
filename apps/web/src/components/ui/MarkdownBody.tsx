import { useMemo } from 'react';
import { renderMarkdown } from '../../lib/markdown.ts';
import './markdown-body.css';

/**
 * A blog article's Markdown, rendered and sanitised (lib/markdown.ts). Load it with `lazy()` where it is shown so
 * the renderer stays out of every other chunk.
 */
export default function MarkdownBody({ markdown, className }: { markdown: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  return (
    <div
      className={className ? `markdown-body ${className}` : 'markdown-body'}
      // Sanitised by DOMPurify in renderMarkdown (decision 119).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
