import { describe, expect, it } from 'vitest';
import { fileName, looksLikeHtml, readTemplateFile } from '../../../src/ui/embed/readTemplate';

const url = 'http://127.0.0.1:4173/examples/my%20orders.json';
const answer = (body: string, init: ResponseInit = {}) => (async () => new Response(body, init)) as typeof fetch;

describe("the player's template file", () => {
  it('names the file by the last segment of its path, decoded', () => {
    expect(fileName(url)).toBe('my orders.json');
    expect(fileName('http://h/a/b/flow.json?x=1')).toBe('flow.json');
  });

  it('reads a JSON file', async () => {
    expect(await readTemplateFile(url, answer('{"name":"A","scenario":{"nodes":[]}}'))).toEqual({
      ok: true,
      json: { name: 'A', scenario: { nodes: [] } },
    });
  });

  it('a web page instead of JSON (a static host answering a wrong path) says so and names the file, with no parser message', async () => {
    const r = await readTemplateFile(
      url,
      answer('<!doctype html><html></html>', { headers: { 'content-type': 'text/html' } }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toContain('is a web page, not a template');
    expect(r.message).toContain('my orders.json');
    expect(r.message).toContain("Check the src in the player's address");
    expect(r.message).not.toMatch(/Unexpected token|JSON\.parse/);
  });

  it('a 404 says the file was not found', async () => {
    const r = await readTemplateFile(url, answer('not found', { status: 404 }));
    expect(r).toMatchObject({ ok: false });
    if (!r.ok)
      expect(r.message).toMatch(/^The template file my orders\.json was not found at .* \(HTTP 404\)\. Check the src/);
  });

  it('a blocked or failed fetch says the file could not be fetched and what to check', async () => {
    const r = await readTemplateFile(url, (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) {
      expect(r.message).toContain('my orders.json could not be fetched');
      expect(r.message).toContain('same site as the player');
      expect(r.message).not.toContain('Failed to fetch');
    }
  });

  it('JSON with a syntax error is called not valid JSON', async () => {
    const r = await readTemplateFile(url, answer('{"name": ', { headers: { 'content-type': 'application/json' } }));
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toContain('my orders.json is not valid JSON');
  });

  it('tells a web page from JSON by its type or its first character', () => {
    expect(looksLikeHtml('text/html; charset=utf-8', '{}')).toBe(true);
    expect(looksLikeHtml('application/json', '  <html>')).toBe(true);
    expect(looksLikeHtml('application/json', '{"a":1}')).toBe(false);
  });
});
