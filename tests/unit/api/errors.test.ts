import type { DBCore, DBCoreTable, Middleware } from 'dexie';
import { describe, expect, it } from 'vitest';
import type { AppDB } from '../../../src/store/AppDB';
import { apiError, BASE, newApi, pipeline, raw, useApiServer } from './helpers';

useApiServer();

/** A Dexie middleware that makes every write to the named tables fail as a full disk does, while `on`. */
function quotaFailure(db: AppDB, tables: string[]): { on: boolean } {
  const state = { on: false };
  const middleware: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'simulated-quota',
    create: (down) => ({
      ...down,
      table(name): DBCoreTable {
        const table = down.table(name);
        if (!tables.includes(name)) return table;
        return {
          ...table,
          mutate: (req) =>
            state.on
              ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
              : table.mutate(req),
        };
      },
    }),
  };
  db.use(middleware);
  return state;
}

describe('error answers', () => {
  it('answers only under its own base URL: a module such as /src/api/wire.ts is not the API', async () => {
    newApi();
    // The test server refuses unhandled requests (onUnhandledRequest: 'error'), so a request the API's
    // handlers do not claim fails instead of answering — in the browser it goes to the network.
    const outcome = await fetch('http://flowledger.test/src/api/wire.ts').then(
      (res) => `answered ${res.status}`,
      () => 'not handled',
    );
    expect(outcome).toBe('not handled');
    expect((await fetch(`${BASE}/no/such/path`)).status).toBe(404);
  });

  it('answers an unknown /api path with 404 in the error shape, never HTML', async () => {
    newApi();
    for (const path of ['/nope', '/admin', '/engine/templates/t/executions/e/whatever', '']) {
      const res = await raw('GET', path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({
        success: false,
        error: { code: 'NOT_FOUND', message: expect.stringContaining('No API path GET /api'), details: {} },
      });
    }
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    newApi();
    const res = await raw('PATCH', '/admin/templates/abc', '{}');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, PUT, DELETE');
    expect(await res.json()).toMatchObject({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', details: { allowed: ['GET', 'PUT', 'DELETE'] } },
    });
    const post = await raw('POST', '/engine/executions/e1', '{}');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, DELETE');
  });

  it('maps a full disk (QuotaExceededError) to 507 STORAGE_FULL and saves nothing', async () => {
    let quota!: { on: boolean };
    const { api } = newApi({ configure: (db) => (quota = quotaFailure(db, ['executions', 'inputs'])) });
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    quota.on = true;
    const err = await apiError(
      api.createExecution(templateId, { externalEvents: [{ targetDataSourceId: 'src', value: 1 }] }),
    );
    expect(err).toMatchObject({ status: 507, code: 'STORAGE_FULL' });
    expect(err.message).toContain('storage is full');
    quota.on = false;
    expect((await api.listExecutions(templateId)).count).toBe(0);
  });

  it('leaves the stored run unchanged when a commit fails, and continues from what was stored', async () => {
    let quota!: { on: boolean };
    const { api } = newApi({ configure: (db) => (quota = quotaFailure(db, ['inputs'])) });
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    const { executionId } = await api.createExecution(templateId);
    const before = await api.getExecution(executionId);
    quota.on = true;
    const batch = [
      { targetDataSourceId: 'src', value: 1 },
      { targetDataSourceId: 'src', value: 2 },
    ];
    expect(await apiError(api.addExternalEvents(templateId, executionId, batch))).toMatchObject({
      status: 507,
      code: 'STORAGE_FULL',
    });
    expect(await api.getExecution(executionId)).toEqual(before);
    quota.on = false;
    // The engine that accepted the refused batch was released: the run holds only what was stored.
    const added = await api.addExternalEvents(templateId, executionId, batch);
    expect(added.added).toBe(2);
    expect((await api.getExecution(executionId)).externalEventCount).toBe(2);
  });

  it('answers 500 INTERNAL when the service itself fails (a dead worker), and keeps serving', async () => {
    const t = newApi();
    const { templateId } = await t.api.createTemplate({ name: 'P', scenario: pipeline() });
    const original = t.service.getTemplate;
    t.service.getTemplate = () => Promise.reject(new Error('the engine worker failed'));
    const err = await apiError(t.api.getTemplate(templateId));
    expect(err).toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(err.message).toContain('the engine worker failed');
    t.service.getTemplate = original;
    expect((await t.api.getTemplate(templateId)).id).toBe(templateId);
  });
});
