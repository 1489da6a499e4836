import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../../src/api/handlers';
import { STATUS_OF } from '../../../src/api/status';

interface Operation {
  operationId: string;
  'x-flowledger-implemented'?: boolean;
  responses: Record<string, unknown>;
}

const doc = JSON.parse(readFileSync(new URL('../../../public/openapi.json', import.meta.url), 'utf8')) as {
  openapi: string;
  paths: Record<string, Record<string, Operation | unknown>>;
  components: Record<string, Record<string, unknown>>;
};
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

function documented(): Array<{ method: string; path: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => ({ method: m.toUpperCase(), path, op: op as Operation })),
  );
}

describe('public/openapi.json', () => {
  it('is an OpenAPI 3.1 document whose references all resolve', () => {
    expect(doc.openapi).toBe('3.1.0');
    const refs = JSON.stringify(doc).match(/"\$ref":\s*"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const pointer = ref
        .replace(/^"\$ref":\s*"#\//, '')
        .replace(/"$/, '')
        .split('/');
      let at: unknown = doc;
      for (const key of pointer) at = (at as Record<string, unknown>)[key];
      expect(at, ref).toBeDefined();
    }
  });

  it('documents every route the handlers answer, and every documented path has a handler', () => {
    const docKeys = documented()
      .map((d) => `${d.method} ${d.path}`)
      .sort();
    const routeKeys = apiRoutes.map((r) => `${r.method} ${r.path}`).sort();
    expect(routeKeys).toEqual(docKeys);
  });

  it('marks no path as not implemented, and gives every operation with a body a request schema', () => {
    for (const d of documented()) {
      expect(d.op['x-flowledger-implemented'], `${d.method} ${d.path}`).toBeUndefined();
      if (d.method === 'POST' || d.method === 'PUT')
        expect((d.op as { requestBody?: unknown }).requestBody, `${d.method} ${d.path}`).toBeDefined();
    }
    expect(documented().filter((d) => d.path.startsWith('/parser/')).length).toBe(12);
  });

  it('lists exactly the error codes of the API, and documents the error answers of every operation', () => {
    const codes = (doc.components.schemas!.ErrorCode as { enum: string[] }).enum;
    expect([...codes].sort()).toEqual(Object.keys(STATUS_OF).sort());
    for (const d of documented()) {
      expect(Object.keys(d.op.responses), `${d.method} ${d.path}`).toContain('500');
      expect(d.op.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    }
  });
});
