// Exact success statuses on raw HTTP. The client accepts any 2xx, so a route answering 200 where
// the API documents 201 passes every test that goes through it; here each write of a run's life is
// sent as a plain request and its status compared with the one public/openapi.json documents.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newApi, pipeline, raw, useApiServer } from './helpers';

useApiServer();

const openapi = JSON.parse(readFileSync(new URL('../../../public/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
};

/** The one 2xx status the document gives `method path` (path in the document's own form). */
function documented(method: string, path: string): number {
  const codes = Object.keys(openapi.paths[path]?.[method.toLowerCase()]?.responses ?? {}).filter((c) =>
    c.startsWith('2'),
  );
  expect(codes, `${method} ${path} documents one success status`).toHaveLength(1);
  return Number(codes[0]);
}

async function send(method: string, docPath: string, path: string, body?: unknown): Promise<Record<string, any>> {
  const res = await raw(method, path, body === undefined ? undefined : JSON.stringify(body));
  const json = (await res.json()) as Record<string, any>;
  expect(res.status, `${method} ${path}: ${JSON.stringify(json).slice(0, 200)}`).toBe(documented(method, docPath));
  return json;
}

describe('success statuses on raw HTTP', () => {
  it('every write of a run’s life answers the status the OpenAPI document gives', async () => {
    newApi();
    const T = '/admin/templates/{templateId}';
    const X = '/engine/templates/{templateId}/executions';
    const created = await send('POST', '/admin/templates', '/admin/templates', { name: 'P', scenario: pipeline(4) });
    const t = created['template']['id'] as string;
    expect(documented('POST', '/admin/templates')).toBe(201);
    await send('PUT', T, `/admin/templates/${t}`, { name: 'P2', scenario: pipeline(4) });
    await send('POST', '/admin/validate', '/admin/validate', { scenario: pipeline(2) });
    const exec = await send('POST', X, `/engine/templates/${t}/executions`, {});
    const e = exec['executionId'] as string;
    await send('POST', `${X}/{executionId}/events`, `/engine/templates/${t}/executions/${e}/events`, {
      events: [{ targetDataSourceId: 'src', value: 9 }],
    });
    await send('GET', `${X}/{executionId}/step`, `/engine/templates/${t}/executions/${e}/step?currentStep=end`);
    const exported = await raw('GET', `/engine/templates/${t}/executions/${e}/export`);
    expect(exported.status).toBe(documented('GET', `${X}/{executionId}/export`));
    const imported = await send('POST', `${X}/import`, `/engine/templates/${t}/executions/import`, {
      run: await exported.text(),
    });
    expect(documented('POST', `${X}/import`)).toBe(201);
    await send('DELETE', '/engine/executions/{executionId}', `/engine/executions/${imported['executionId']}`);
    await send('PUT', '/settings', '/settings', { compat: 'default' });
    await send('DELETE', T, `/admin/templates/${t}`);
  });
});
