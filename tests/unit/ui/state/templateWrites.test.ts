import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  namelessProblem,
  saveTemplateDocument,
  startRun,
} from '../../../../src/ui/state/editor/templateWrites';
import { createQueryCache, executionsQuery, queryKeys, templatesQuery } from '../../../../src/ui/state/query/queries';
import { newApi, useApiServer } from '../../api/helpers';

useApiServer();

const doc = JSON.parse(readFileSync(new URL('../../../../examples/order-pipeline.json', import.meta.url), 'utf8'));

describe('editor writes (real handlers, service and client)', () => {
  it('a document without a name is refused at /name, and nothing is stored', async () => {
    const { api } = newApi();
    expect(namelessProblem({ name: '  ' })?.path).toBe('/name');
    expect(namelessProblem({ name: 'Fine' })).toBeNull();
    const r = await saveTemplateDocument(api, createQueryCache(), null, { name: '', scenario: doc.scenario });
    expect(r).toEqual({
      ok: false,
      problems: [{ severity: 'error', path: '/name', message: 'A template needs a name.', from: 0, to: 1 }],
    });
    expect((await api.listTemplates()).templates).toEqual([]);
  });

  it('saves a new template, then over it; each save marks the cached list stale', async () => {
    const { api } = newApi();
    const cache = createQueryCache();
    await cache.fetchQuery(templatesQuery(api));
    const first = await saveTemplateDocument(api, cache, null, { name: 'Draft', scenario: doc.scenario });
    if (!first.ok) throw new Error('refused');
    expect(first.created).toBe(true);
    expect(cache.getQueryState(queryKeys.templates())?.isInvalidated).toBe(true);

    await cache.fetchQuery(templatesQuery(api));
    const second = await saveTemplateDocument(api, cache, first.templateId, {
      name: 'Renamed',
      description: 'now described',
      scenario: doc.scenario,
    });
    if (!second.ok) throw new Error('refused');
    expect(second).toMatchObject({ templateId: first.templateId, created: false });
    expect(cache.getQueryState(queryKeys.templates())?.isInvalidated).toBe(true);
    const stored = await api.getTemplate(first.templateId);
    expect([stored.name, stored.description, stored.updatedAt]).toEqual([
      'Renamed',
      'now described',
      second.template.updatedAt,
    ]);
  });

  it('a save made on an older revision answers the conflict and stores nothing (two tabs)', async () => {
    const { api } = newApi();
    const cache = createQueryCache();
    const created = await saveTemplateDocument(api, cache, null, { name: 'Orders', scenario: doc.scenario });
    if (!created.ok) throw new Error('refused');
    const base = created.template.revision;
    // Tab A renames on the revision both tabs loaded.
    const a = await saveTemplateDocument(
      api,
      cache,
      created.templateId,
      { name: 'Renamed', scenario: doc.scenario },
      base,
    );
    if (!a.ok) throw new Error('refused');
    // Tab B changes maxSteps on that same revision.
    const scenarioB = { ...doc.scenario, simulation: { ...doc.scenario.simulation, maxSteps: 7 } };
    const b = await saveTemplateDocument(api, cache, created.templateId, { name: 'Orders', scenario: scenarioB }, base);
    expect(b).toMatchObject({ ok: false, conflict: { revision: base + 1, basedOn: base, changed: ['name'] } });
    const stored = await api.getTemplate(created.templateId);
    expect(stored).toMatchObject({ name: 'Renamed', scenario: doc.scenario });
    expect(changedFields(stored, { name: 'Orders', scenario: scenarioB })).toEqual(['name', 'scenario']);
  });

  it('a new run is one more execution of the template, and its cached list is stale', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'Runs', scenario: doc.scenario });
    const cache = createQueryCache();
    expect(await cache.fetchQuery(executionsQuery(api, templateId))).toEqual([]);
    const executionId = await startRun(api, cache, templateId);
    expect(cache.getQueryState(queryKeys.executions(templateId))?.isInvalidated).toBe(true);
    expect((await api.listExecutions(templateId)).executions.map((e) => e.id)).toEqual([executionId]);
  });
});
