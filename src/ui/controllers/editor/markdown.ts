/**
 * A template's `referenceDoc` (Markdown) as safe HTML: `marked` renders it, DOMPurify removes every
 * script, event handler and `javascript:` URL (and anything else not on its allow-list). Browser only
 * (DOMPurify needs a DOM).
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}
