import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Blog Markdown → safe HTML (decision 119): `marked` (GFM) writes the HTML and DOMPurify removes anything that can
 * run or load: scripts, event handler attributes (onerror…), `javascript:`/`data:` links, frames, forms and inline
 * styles. Images must be https; links open in a new tab without the opener. Imported only by the article page and
 * the console's preview, which are lazy chunks: the drivers' other screens never load it.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const purify = DOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href') ?? '';
    if (!/^(https?:|mailto:|tel:|#|\/)/i.test(href)) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  if (node.tagName === 'IMG') {
    const src = node.getAttribute('src') ?? '';
    if (!/^https:\/\//i.test(src)) node.remove();
    else {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  }
});

const CONFIG = {
  FORBID_TAGS: [
    'style',
    'iframe',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'object',
    'embed',
    'svg',
    'math',
  ],
  FORBID_ATTR: ['style', 'srcset'],
  ALLOW_DATA_ATTR: false,
};

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return purify.sanitize(html, CONFIG);
}
