/**
 * Issue 10, item 10 (API part): a template or events nested 10,000 levels deep gave a 500; a
 * malformed percent-escape in a path gave a 500 whose body was `{name: "URIError", stack}`; the
 * body limit counted UTF-16 units, so a body of more UTF-8 bytes than the limit passed.
 */
import { describe, expect, it } from 'vitest';
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
