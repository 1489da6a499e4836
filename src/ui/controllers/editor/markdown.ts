/**
 * A template's `referenceDoc` (Markdown) as safe HTML. `marked` renders the Markdown with raw HTML
 * shown as text (so a `<script>` or `<img onerror>` is never even parsed as markup — Chromium reports a
 * CSP violation for an inline handler as soon as HTML holding one is parsed), then DOMPurify removes
 * anything not on its allow-list, `javascript:` URLs included. Browser only (DOMPurify needs a DOM).
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({
  async: false,
  gfm: true,
  renderer: {
    html(token) {
      return escape(token.text);
    },
  },
});

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}
