/**
 * What `<flowledger-player>` (element.ts) reads and writes that needs no DOM: its styles for the
 * shadow root, and its `seed` attribute.
 */

/** Pure: the app's global styles for a shadow root (`:root` is the host there). */
export function shadowCss(css: string): string {
  return css
    .replace(/:root:not\(\[data-theme='light'\]\)/g, ":host(:not([data-theme='light']))")
    .replace(/:root\[data-theme='dark'\]/g, ":host([data-theme='dark'])")
    .replace(/:root/g, ':host');
}

/** Pure: the `seed` attribute as a whole number, or null (absent or malformed: the template's own). */
export function readSeed(text: string | null): number | null {
  return text !== null && /^\d{1,15}$/.test(text) ? Number(text) : null;
}
