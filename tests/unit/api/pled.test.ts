/**
 * The `pled` compatibility profile: one contract test per method of the original tool's frontend
 * client, each sending exactly the request that client sends (its path, its query with the
 * `_cache_bust` parameter, its no-cache headers) and reading exactly the fields its callers read.
 * The requests are written out here from the client's documented behaviour; nothing of the original
 * is imported.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASE, newApi, pipeline, raw, schemaErrors, useApiServer, type Json } from './helpers';

useApiServer();

/** The headers the original client sends with every engine read. */
const NO_CACHE = { 'Cache-Control': 'no-cache, no-store, must-revalidate', Pragma: 'no-cache', Expires: '0' };

let stamp = 1_700_000_000_000;
/** The original's `_cache_bust` values: `<ms>` on step, activity and lineage reads, `<ms>_<9 letters>` on events and aggregate. */
const bust = () => String(++stamp);
const bustRandom = () => `${++stamp}_k3j9x0q2a`;

/** A GET as the original client sends it, answered as JSON, with its status. */
async function original(
  path: string,
  headers: Record<string, string> = NO_CACHE,
): Promise<{ status: number; data: Json }> {
  const res = await fetch(`${BASE}${path}`, { method: 'GET', headers });
  return { status: res.status, data: (await res.json()) as Json };
}

/** A fresh database in the `pled` profile, with the pipeline template (`count` tokens 1…count, doubled, collected). */
async function pledApi(count = 5) {
  const t = newApi();
  const { templateId } = await t.api.createTemplate({ name: 'Doubler', scenario: pipeline(count) });
  const put = await raw('PUT', '/settings', JSON.stringify({ compat: 'pled' }));
  expect(put.status).toBe(200);
  expect(await put.json()).toMatchObject({
    settings: { compat: 'pled' },
    effectiveCompat: 'pled',
    compatSource: 'store',
  });
  return { ...t, templateId };
}

/** `POST /api/admin/executions` as the original's callers create an execution. */
async function createExecution(body: Json): Promise<{ status: number; data: Json }> {
  const res = await raw('POST', '/admin/executions', JSON.stringify(body));
  return { status: res.status, data: (await res.json()) as Json };
}

const run = (t: string, e: string) => `/engine/templates/${t}/executions/${e}`;

describe('profile pled: the original client’s requests', () => {
  it('getTemplate: GET /api/admin/templates/{id} answers data.template.{name, scenario}', async () => {
    const { templateId } = await pledApi();
    const { status, data } = await original(`/admin/templates/${templateId}`, {});
    expect(status).toBe(200);
    const template = data.template as Json;
    expect(template.name).toBe('Doubler');
    expect(template.scenario).toEqual(pipeline(5));
  });

  it('getExecution: POST /api/admin/executions, GET /api/admin/executions/{id} answers data.execution.{templateId, externalEvents}, and the list by templateId', async () => {
    const { templateId } = await pledApi();
    const events = [{ targetDataSourceId: 'src', correlationId: 'order-1', value: 10 }];
    const created = await createExecution({ templateId, name: 'Orders', externalEvents: events });
    expect(created.status).toBe(201);
    const executionId = created.data.executionId as string;
    expect(created.data.execution).toMatchObject({
      id: executionId,
      templateId,
      name: 'Orders',
      externalEvents: events,
    });
    const { status, data } = await original(`/admin/executions/${executionId}`, {});
    expect(status).toBe(200);
    expect(schemaErrors('ExecutionWithEvents', data.execution)).toEqual([]);
    const execution = data.execution as Json;
    expect(execution.templateId).toBe(templateId);
    expect(execution.externalEvents).toEqual(events);
    const list = await original(`/admin/executions?templateId=${templateId}`, {});
    expect(list.data).toMatchObject({ success: true, count: 1 });
    expect((list.data.executions as Json[]).map((e) => e.id)).toEqual([executionId]);
    const none = await createExecution({ name: 'no template' });
    expect(none.status).toBe(400);
    expect(typeof none.data.error).toBe('string');
  });

  it('executeStep: currentStep is the step the caller is at, so 0, 1, 2, 3, 4 on a fresh execution answer steps 1, 2, 3, 4, 5', async () => {
    const { templateId } = await pledApi();
    const executionId = (await createExecution({ templateId })).data.executionId as string;
    const steps: number[] = [];
    for (let at = 0; at < 5; at++) {
      const { status, data } = await original(
        `${run(templateId, executionId)}/step?currentStep=${at}&_cache_bust=${bust()}`,
      );
      expect(status).toBe(200);
      expect(data.success).toBe(true);
      steps.push(data.step as number);
      // The fields the original's callers read.
      const activity = data.activity as Json[];
      expect(activity.length).toBeGreaterThan(0);
      expect(activity.every((e) => e.step === at + 1)).toBe(true);
      expect(data.activeNodeIds).toEqual([...new Set(activity.map((e) => e.nodeId))]);
      expect(typeof data.queueSize).toBe('number');
      const snapshot = data.queueSnapshot as Json;
      expect(snapshot.total).toBe((snapshot.processed as number) + (data.queueSize as number));
      const all = data.allActivities as Json[];
      // Every activity, oldest first.
      expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
      expect(all.length).toBe(data.allActivitiesTotal);
      expect(Object.keys(data.nodeStates as Json)).toEqual(['src', 'double', 'sink']);
      expect(data.message).toContain(`step ${at + 1}`);
    }
    expect(steps).toEqual([1, 2, 3, 4, 5]);
    // Hand-computed: src makes 1…5 at steps 1…5, double doubles each a step later, the sink collects
    // a step after that; so by step 5 the nodes had processed 5 + 4 + 3 tokens.
    const again = await original(`${run(templateId, executionId)}/step?currentStep=4&_cache_bust=${bust()}`);
    expect(again.data.step).toBe(5);
    expect((again.data.queueSnapshot as Json).processed).toBe(12);
    const last = (again.data.allActivities as Json[]).at(-1)!;
    expect(last).toMatchObject({ nodeId: 'sink', action: 'token_consumed', value: 6, correlationIds: ['src-3'] });
  });

  it('executeStep: currentStep=-1 and end run to completion; execution id none is the template without events', async () => {
    const { templateId } = await pledApi(3);
    const executionId = (await createExecution({ templateId })).data.executionId as string;
    const end = await original(`${run(templateId, executionId)}/step?currentStep=-1&_cache_bust=${bust()}`);
    expect(end.data).toMatchObject({ success: true, status: 'completed', queueSize: 0 });
    // Hand-computed: 3 tokens, each generated, transformed and collected: 9 events, the last at step 5.
    expect(end.data.step).toBe(5);
    expect((end.data.allActivities as Json[]).length).toBe(9);
    const none = await original(`${run(templateId, 'none')}/step?currentStep=0&_cache_bust=${bust()}`);
    expect(none.data).toMatchObject({ success: true, step: 1 });
    const noneEnd = await original(`${run(templateId, 'none')}/step?currentStep=end&_cache_bust=${bust()}`);
    expect(noneEnd.data).toMatchObject({ success: true, step: 5, status: 'completed' });
    // The same stored stand-in answers every `none` request.
    expect(noneEnd.data.executionId).toBe(none.data.executionId);
  });

  it('getNodeEvents: an object with the counts and the events, at step=last (the whole run) and at a step', async () => {
    const { templateId } = await pledApi(3);
    const executionId = (await createExecution({ templateId })).data.executionId as string;
    const { status, data } = await original(
      `${run(templateId, executionId)}/nodes/double/events?step=last&_cache_bust=${bustRandom()}`,
    );
    expect(status).toBe(200);
    expect(data.error).toBeUndefined();
    expect(data).toMatchObject({
      templateId,
      executionId,
      nodeId: 'double',
      requestedStep: 'last',
      actualStep: 5,
      nodeType: 'ProcessNode',
      // Hand-computed: 9 events in the whole run, 3 of them double's.
      totalActivityLogEntries: 9,
      nodeSpecificEntries: 3,
      filteredEntries: 3,
    });
    expect((data.events as Json[]).map((e) => e.value)).toEqual([2, 4, 6]);
    const at3 = await original(
      `${run(templateId, executionId)}/nodes/double/events?step=3&_cache_bust=${bustRandom()}`,
    );
    // double transforms at steps 2, 3, 4: two by step 3.
    expect(at3.data).toMatchObject({ requestedStep: '3', actualStep: 3, filteredEntries: 2, nodeSpecificEntries: 3 });
    const missing = await original(
      `${run(templateId, executionId)}/nodes/nope/events?step=last&_cache_bust=${bustRandom()}`,
    );
    expect(missing.status).toBe(404);
    expect(missing.data.error).toContain('nope');
  });

  it('getSinkAggregation: formula=sum, and formula=custom with a JavaScript expression over ledgerEntries', async () => {
    const { templateId } = await pledApi(3);
    const executionId = (await createExecution({ templateId })).data.executionId as string;
    const sum = await original(
      `${run(templateId, executionId)}/sinks/sink/aggregate?formula=sum&_cache_bust=${bustRandom()}`,
    );
    expect(sum.status).toBe(200);
    // Hand-computed: the sink collects 2, 4 and 6.
    expect(sum.data).toMatchObject({ aggregatedValue: 12, totalEvents: 3, formula: 'sum', sinkType: 'Sink' });
    expect((sum.data.events as Json[]).map((e) => e.action)).toEqual([
      'token_consumed',
      'token_consumed',
      'token_consumed',
    ]);
    const custom = async (expression: string) =>
      original(
        `${run(templateId, executionId)}/sinks/sink/aggregate?formula=custom&customExpression=${encodeURIComponent(expression)}&_cache_bust=${bustRandom()}`,
      );
    const count = await custom('ledgerEntries.length');
    expect(count.status).toBe(200);
    expect(count.data).toMatchObject({ aggregatedValue: 3, totalEvents: 3, customExpression: 'ledgerEntries.length' });
    // Hand-computed: 2 + 4 + 6 = 12; of them, 4 and 6 are over 3; the largest is 6.
    expect((await custom('ledgerEntries.reduce((sum, e) => sum + e.value, 0)')).data.aggregatedValue).toBe(12);
    expect((await custom('ledgerEntries.filter(e => e.value > 3).length')).data.aggregatedValue).toBe(2);
    expect((await custom('Math.max(...ledgerEntries.map(e => e.value))')).data.aggregatedValue).toBe(6);
    const refused = await custom('globalThis.fetch("/")');
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ success: false, code: 'INVALID_PARAMETER' });
    expect(refused.data.error).toContain('line 1');
    const notSink = await original(
      `${run(templateId, executionId)}/sinks/double/aggregate?formula=sum&_cache_bust=${bustRandom()}`,
    );
    expect(notSink.status).toBe(400);
    expect(notSink.data.code).toBe('NOT_A_SINK');
  });

  it('getNodeActivity: success, activities, nodeState and totalActivities at a step', async () => {
    const { templateId } = await pledApi(3);
    const executionId = (await createExecution({ templateId })).data.executionId as string;
    const { status, data } = await original(
      `${run(templateId, executionId)}/nodes/double/activity?step=3&_cache_bust=${bust()}`,
    );
    expect(status).toBe(200);
    expect(data).toMatchObject({
      success: true,
      templateId,
      executionId,
      nodeId: 'double',
      step: 3,
      totalActivities: 2,
    });
    // Newest first: double#2 (of src#2, value 4) at step 3, then double#1 at step 2.
    expect((data.activities as Json[]).map((a) => a.step)).toEqual([3, 2]);
    expect(data.nodeState).toMatchObject({ nodeId: 'double', tokensProcessed: 2 });
  });

  it('getTokenLineage: success, activities and journey of a correlation id', async () => {
    const { templateId } = await pledApi(3);
    const executionId = (await createExecution({ templateId })).data.executionId as string;
    const { status, data } = await original(
      `${run(templateId, executionId)}/tokens/src-2/lineage?step=5&_cache_bust=${bust()}`,
    );
    expect(status).toBe(200);
    expect(data.success).toBe(true);
    expect((data.activities as Json[]).map((a) => `${a.nodeId} ${a.action} ${JSON.stringify(a.value)}`)).toEqual([
      'src token_created 2',
      'double token_transformed 4',
      'sink token_consumed 4',
    ]);
    // src-2 is made at step 2, doubled at 3, collected at 4.
    expect(data.journey).toEqual({
      correlationId: 'src-2',
      nodes: ['src', 'double', 'sink'],
      firstStep: 2,
      lastStep: 4,
      events: 3,
      completed: true,
    });
    const unknown = await original(
      `${run(templateId, executionId)}/tokens/nobody/lineage?step=5&_cache_bust=${bust()}`,
    );
    expect(unknown.status).toBe(404);
    expect(typeof unknown.data.error).toBe('string');
  });

  it('checkAvailability: GET /api/engine/templates/{id} and /api/engine/executions/{id} answer ok', async () => {
    const { templateId } = await pledApi(3);
    const executionId = (await createExecution({ templateId })).data.executionId as string;
    expect((await fetch(`${BASE}/engine/templates/${templateId}`)).ok).toBe(true);
    const execution = await fetch(`${BASE}/engine/executions/${executionId}`);
    expect(execution.ok).toBe(true);
    expect(((await execution.json()) as Json).execution).toMatchObject({ templateId, externalEvents: [] });
    expect((await fetch(`${BASE}/engine/executions/nope`)).status).toBe(404);
  });

  it('PUT /api/admin/templates/{id} without If-Match applies to whatever is stored, as before templates had revisions', async () => {
    const { api, templateId } = await pledApi(3);
    // Another client (the app's editor) updated it first, conditionally.
    await api.updateTemplate(templateId, { description: 'from the editor' }, { ifRevision: 1 });
    const res = await raw('PUT', `/admin/templates/${templateId}`, JSON.stringify({ name: 'Doubler 2' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      message: "Template 'Doubler 2' updated",
      template: { name: 'Doubler 2', description: 'from the editor', revision: 3 },
    });
  });
});

describe('profile pled: executions with the original’s events', () => {
  /** A DataSource fed only by external events, straight into a Sink. */
  const uploads = {
    version: '3.0',
    name: 'Uploads',
    nodes: [
      { nodeId: 'uploads', type: 'DataSource', outputs: [{ destinationNodeId: 'filed' }] },
      { nodeId: 'filed', type: 'Sink' },
    ],
  };
  /** Two events as the original stored them: the payload under `data`. */
  const events = [
    {
      id: 'ev-1',
      timestamp: 1000,
      type: 'document.uploaded',
      source: 'portal',
      data: { size: 10 },
      targetDataSourceId: 'uploads',
    },
    {
      id: 'ev-2',
      timestamp: 2000,
      type: 'document.uploaded',
      source: 'portal',
      data: { size: 20 },
      targetDataSourceId: 'uploads',
    },
  ];

  it('POST /api/admin/executions takes them and GET answers them as given; the run emits one token per event', async () => {
    const t = newApi();
    const { templateId } = await t.api.createTemplate({ name: 'Uploads', scenario: uploads });
    await raw('PUT', '/settings', JSON.stringify({ compat: 'pled' }));
    const created = await createExecution({ templateId, name: 'Two uploads', externalEvents: events });
    expect(created.status).toBe(201);
    const executionId = created.data.executionId as string;
    expect((created.data.execution as Json).externalEventCount).toBe(2);
    const read = await original(`/admin/executions/${executionId}`, {});
    expect((read.data.execution as Json).externalEvents).toEqual(events);
    const end = await original(`${run(templateId, executionId)}/step?currentStep=end&_cache_bust=${bust()}`);
    expect(end.data).toMatchObject({ success: true, status: 'completed' });
    const count = await original(
      `${run(templateId, executionId)}/sinks/filed/aggregate?formula=custom&customExpression=${encodeURIComponent('ledgerEntries.length')}&_cache_bust=${bustRandom()}`,
    );
    expect(count.data.aggregatedValue).toBe(2);
  });
});

describe('profile pled: events routed by type, as the original stored them', () => {
  it('POST /api/admin/executions with events without targetDataSourceId feeds the execution-events source of their type', async () => {
    const t = newApi();
    const scenario = {
      version: '3.0',
      name: 'Intake',
      nodes: [
        {
          nodeId: 'uploads',
          type: 'DataSource',
          generation: { type: 'execution-events', eventType: 'document.uploaded' },
          outputs: [{ destinationNodeId: 'filed' }],
        },
        { nodeId: 'filed', type: 'Sink' },
      ],
    };
    const { templateId } = await t.api.createTemplate({ name: 'Intake', scenario });
    await raw('PUT', '/settings', JSON.stringify({ compat: 'pled' }));
    const events = [
      {
        id: 'ev-1',
        timestamp: 1000,
        type: 'document.uploaded',
        source: 'portal',
        data: { size: 10, correlationId: 'doc-1' },
      },
      {
        id: 'ev-2',
        timestamp: 2000,
        type: 'document.uploaded',
        source: 'portal',
        data: { size: 20, correlationId: 'doc-2' },
      },
    ];
    const created = await createExecution({ templateId, externalEvents: events });
    expect(created.status).toBe(201);
    const executionId = created.data.executionId as string;
    expect((await original(`/admin/executions/${executionId}`, {})).data.execution).toMatchObject({
      externalEvents: events,
    });
    await original(`${run(templateId, executionId)}/step?currentStep=end&_cache_bust=${bust()}`);
    // Hand-computed: the payloads' sizes, 10 + 20.
    const total = await original(
      `${run(templateId, executionId)}/sinks/filed/aggregate?formula=custom&customExpression=${encodeURIComponent('ledgerEntries.reduce((s, e) => s + e.data.size, 0)')}&_cache_bust=${bustRandom()}`,
    );
    expect(total.data).toMatchObject({ aggregatedValue: 30, totalEvents: 2 });
    expect((total.data.events as Json[]).map((e) => e.correlationIds)).toEqual([['doc-1'], ['doc-2']]);
    const stray = await createExecution({
      templateId,
      externalEvents: [{ id: 'ev-3', type: 'document.deleted', data: {} }],
    });
    expect(stray.status).toBe(400);
    expect(stray.data.error).toContain('document.deleted');
  });
});

describe('choosing the profile', () => {
  it('is default until set: the same request reads currentStep as a target there', async () => {
    const t = newApi();
    const { templateId } = await t.api.createTemplate({ name: 'Doubler', scenario: pipeline(5) });
    const { executionId } = await t.api.createExecution(templateId);
    const settings = await t.api.getSettings();
    expect(schemaErrors('SettingsAnswer', settings)).toEqual([]);
    expect(settings).toEqual({
      success: true,
      settings: { compat: 'default' },
      effectiveCompat: 'default',
      compatSource: 'store',
    });
    const { data } = await original(`${run(templateId, executionId)}/step?currentStep=2&_cache_bust=${bust()}`);
    expect(data.step).toBe(2);
    // The default profile adds the original's queue counters where the seed leaves the shape open.
    expect((data.queueSnapshot as Json).total).toBe(
      ((data.queueSnapshot as Json).processed as number) + (data.queueSize as number),
    );
    const bad = await original(`${run(templateId, executionId)}/step?currentStep=-1`);
    expect(bad.status).toBe(400);
    expect((bad.data.error as Json).code).toBe('INVALID_PARAMETER');
  });

  it('Flowledger’s own client keeps the default shapes under pled; a request header overrides the page’s profile', async () => {
    const { api, templateId } = await pledApi(5);
    const { executionId } = await api.createExecution(templateId);
    const r = await api.executeStep(templateId, executionId, 2);
    expect(r.step).toBe(2);
    const events = await api.getNodeEvents(templateId, executionId, 'double');
    expect(Array.isArray(events)).toBe(true);
    const asked = await original(`${run(templateId, executionId)}/step?currentStep=3`, {
      'x-flowledger-profile': 'default',
    });
    expect(asked.data.step).toBe(3);
    const pled = await original(`${run(templateId, executionId)}/step?currentStep=3`, {});
    expect(pled.data.step).toBe(4);
  });

  it('is kept in the store: a second service on the same database answers in pled; a bad value is 400', async () => {
    const { dbName, templateId } = await pledApi(3);
    const second = newApi({ dbName });
    expect((await second.api.getSettings()).settings.compat).toBe('pled');
    const executionId = (await createExecution({ templateId })).data.executionId as string;
    const { data } = await original(`${run(templateId, executionId)}/step?currentStep=0`, {});
    expect(data.step).toBe(1);
    const bad = await raw('PUT', '/settings', JSON.stringify({ compat: 'original' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: Json }).error.message).toContain('default, pled');
    const back = await second.api.updateSettings({ compat: 'default' });
    expect(back).toMatchObject({ settings: { compat: 'default' }, effectiveCompat: 'default' });
    expect((await original(`${run(templateId, executionId)}/step?currentStep=0`, {})).data.step).toBe(0);
  });

  it('a run waiting for external events answers a status the original client knows: completed, with the waiting sources named', async () => {
    const t = newApi();
    const file = JSON.parse(
      readFileSync(new URL('../../fixtures/pled/pl-verification.json', import.meta.url), 'utf8'),
    ) as Json;
    const { templateId } = await t.api.createTemplate({ name: 'P&L', scenario: file.scenario as Json });
    expect((await raw('PUT', '/settings', JSON.stringify({ compat: 'pled' }))).status).toBe(200);
    const executionId = (await createExecution({ templateId })).data.executionId as string;
    const end = await original(`${run(templateId, executionId)}/step?currentStep=-1&_cache_bust=${bust()}`);
    // not "truncated" after 10,000 idle steps, and no status value the original's callers do not switch on
    expect(end.data).toMatchObject({ success: true, step: 0, status: 'completed', queueSize: 0 });
    expect(end.data.message).toContain('waiting for external events: none received by "documents"');
    expect(end.data.waitingFor).toEqual([
      { nodeId: 'documents', eventType: 'document.processed' },
      { nodeId: 'signatures', eventType: 'gemini.signature.verified' },
    ]);
  });
});
