/**
 * Issue 10, item 10 (API part): a template or events nested 10,000 levels deep gave a 500; a
 * malformed percent-escape in a path gave a 500 whose body was `{name: "URIError", stack}`; the
 * body limit counted UTF-16 units, so a body of more UTF-8 bytes than the limit passed.
 */
import { describe, expect, it } from 'vitest';
import { hasMalformedEscape } from '../../../src/api/handlers';
import { MAX_BODY_BYTES } from '../../../src/api/params';
import { BASE, newApi, useApiServer } from '../api/helpers';

useApiServer();

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('request input bounds', () => {
  it('answers a body nested 10,000 levels deep with 400 naming the depth', async () => {
    newApi();
    const res = await fetch(`${BASE}/admin/templates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"version":"3.0","nodes":${nested(10_000)}}`,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; error: { code: string; message: string; details: unknown } };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.message).toContain('more than 256 levels deep');
    expect(body.error.details).toEqual({ maxDepth: 256 });
  });

  it('answers a malformed percent-escape in a path with the documented 400 shape', async () => {
    newApi();
    const res = await fetch(`${BASE}/admin/templates/%E0%A4%A`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({
      success: false,
      error: {
        code: 'BAD_REQUEST',
        message: 'The path /api/admin/templates/%E0%A4%A holds a malformed percent-escape',
        details: { path: '/api/admin/templates/%E0%A4%A' },
      },
    });
  });

  it('tells a malformed percent-escape exactly as decodeURIComponent does, without calling it for its exception', () => {
    // The production build drops a decodeURIComponent call whose result is unused: the check must
    // not depend on one (the browser path is tested in tests/e2e/api.spec.ts).
    const paths = [
      '/api/admin/templates/%E0%A4%A',
      '/api/%E0%A4%A8',
      '/api/%',
      '/api/%G0',
      '/api/%2',
      '/api/%20x%2F',
      '/api/%C3%A9',
      '/api/%C3',
      '/api/%C3x%A9',
      '/api/%ED%A0%80',
      '/api/%F0%9F%98%80',
      '/api/%F4%90%80%80',
      '/api/%C0%AF',
      '/api/%FF',
      '/api/plain/path',
      '/api/%e2%82%ac',
      '/api/%EF%BB%BFx',
    ];
    const rejects = (p: string) => {
      try {
        decodeURIComponent(p);
        return false;
      } catch {
        return true;
      }
    };
    for (const p of paths) expect(hasMalformedEscape(p), p).toBe(rejects(p));
    expect(paths.filter(rejects).length).toBeGreaterThanOrEqual(8);
  });

  it('counts the body limit in UTF-8 bytes, not UTF-16 units', async () => {
    newApi();
    // 6 M three-byte characters: 18 MB as sent, 6 M UTF-16 units.
    const text = JSON.stringify({ version: '3.0', name: '€'.repeat(6 * 1024 * 1024), nodes: [] });
    expect(text.length).toBeLessThan(MAX_BODY_BYTES);
    // Streamed, so no Content-Length announces the size: the body itself must be measured.
    const res = await fetch(`${BASE}/admin/templates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([text]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { code: string; details: { size: number } } };
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.error.details.size).toBeGreaterThan(MAX_BODY_BYTES);
  });
});
