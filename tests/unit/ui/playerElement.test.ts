import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSeed, shadowCss } from '../../../src/ui/player/attributes';

/** `<flowledger-player>`'s pure parts: its styles in a shadow root, and its `seed` attribute. */
describe('the player element', () => {
  it("moves the app's :root styles to the element's :host, dark theme and system preference included", () => {
    const global = readFileSync(new URL('../../../src/ui/styles/global.css', import.meta.url), 'utf8');
    const css = shadowCss(global);
    expect(css).not.toContain(':root');
    expect(css).toContain(":host(:not([data-theme='light']))");
    expect(css).toContain(":host([data-theme='dark'])");
    expect(css).toMatch(/:host \{\s+--code-property/);
  });

  it('reads the seed attribute as a whole number, anything else as none', () => {
    expect(readSeed('42')).toBe(42);
    expect(readSeed('0')).toBe(0);
    for (const text of [null, '', '-1', '1.5', 'x', '1e3', '1234567890123456']) expect(readSeed(text)).toBeNull();
  });
});
