import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../../../src/engine/types';
import { apiError, diskBundle, newApi, pipeline, raw, schemaErrors, uninterruptedHash, useApiServer } from './helpers';

useApiServer();

async function started(count = 20, target?: number | 'end') {
  const t = newApi();
  const { templateId } = await t.api.createTemplate({ name: 'P', scenario: pipeline(count) });
  const { executionId } = await t.api.createExecution(templateId);
  if (target !== undefined) await t.api.executeStep(templateId, executionId, target);
  return { ...t, templateId, executionId };
}

const path = (t: { templateId: string; executionId: string }, rest: string) =>
  `/engine/templates/${t.templateId}/executions/${t.executionId}${rest}`;

async function invalidParameter(res: Response, parameter: string) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error).toMatchObject({ code: 'INVALID_PARAMETER', details: { parameter } });
  expect(body.error.message).toContain(parameter);
}

describe('GET /engine/templates/{templateId}/graph', () => {
  it('answers the nodes with their kind, display name and ports, and the resolved edges', async () => {
    const t = await started();
    const graph = await t.api.getGraph(t.templateId);
    expect(schemaErrors('TemplateGraph', graph)).toEqual([]);
    expect(graph.nodes.map((n) => [n.nodeId, n.kind, n.displayName])).toEqual([
      ['src', 'DataSource', 'src'],
      ['double', 'ProcessNode', 'double'],
      ['sink', 'Sink', 'sink'],
    ]);
    expect(graph.nodes[0]!.outputs).toEqual([{ index: 0 }]);
    expect(graph.edges).toEqual([
      { id: 'edge-0', from: 'src', to: 'double', outputIndex: 0 },
      { id: 'edge-1', from: 'double', to: 'sink', outputIndex: 0 },
    ]);
  });

  it('resolves edges declared by inputs too, and keeps positions and FSM states', async () => {
    const t = newApi();
    const scenario = {
      version: '3.0',
      name: 'Inputs',
      nodes: [
        { nodeId: 'a', type: 'DataSource', displayName: 'Source A', position: { x: 10, y: 20 }, count: 1 },
        {
          nodeId: 'f',
          type: 'FSM',
          inputs: [{ nodeId: 'a' }],
          fsm: { states: ['idle', 'done'], initialState: 'idle', transitions: [{ from: 'idle', to: 'done' }] },
        },
      ],
    };
    const { templateId } = await t.api.createTemplate({ name: 'I', scenario });
    const graph = await t.api.getGraph(templateId);
    expect(graph.nodes[0]).toMatchObject({ displayName: 'Source A', position: { x: 10, y: 20 } });
    expect(graph.nodes[1]).toMatchObject({ kind: 'FSM', states: ['idle', 'done'], inputs: [{ index: 0 }] });
    expect(graph.edges).toEqual([{ id: 'edge-0', from: 'a', to: 'f', inputIndex: 0 }]);
  });

  it('answers 404 naming an unknown template', async () => {
    const { api } = newApi();
    const err = await apiError(api.getGraph('nope'));
    expect(err).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
    expect(err.message).toContain('nope');
  });
});

describe('POST /admin/validate', () => {
  it('answers valid with the warnings, or every error with its path, and stores nothing', async () => {
    const { api } = newApi();
    const good = await api.validateTemplate(pipeline(2));
    expect(schemaErrors('ValidationAnswer', good)).toEqual([]);
    // Valid: the scenario's graph comes along, edges resolved by the engine (the editor draws it).
    const { graph, ...verdict } = good;
    expect(verdict).toEqual({ success: true, valid: true, errors: [], warnings: [] });
    expect(graph?.nodes.map((n) => n.nodeId)).toEqual(['src', 'double', 'sink']);
    expect(graph?.edges.map((e) => [e.from, e.to])).toEqual([
      ['src', 'double'],
      ['double', 'sink'],
    ]);
    const broken = pipeline(2);
    (broken.nodes as Array<Record<string, unknown>>)[1]!.outputs = [{ destinationNodeId: 'snk' }];
    const bad = await api.validateTemplate(broken);
    expect(schemaErrors('ValidationAnswer', bad)).toEqual([]);
    expect(bad.valid).toBe(false);
    expect(bad.graph).toBeUndefined();
    expect(bad.errors[0]).toMatchObject({ path: '/scenario/nodes/1/outputs/0/destinationNodeId' });
    expect(bad.errors[0]!.message).toContain('sink');
    expect((await api.listTemplates()).count).toBe(0);
  });

  it('answers 400 with the JSON pointer of a malformed body', async () => {
    newApi();
    const res = await raw('POST', '/admin/validate', JSON.stringify({ scenario: 'text' }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.details.issues[0].path).toBe('/scenario');
  });
});

describe('GET …/view (read-only step view)', () => {
  it('answers node states, counts and tokens waiting per edge at an earlier step', async () => {
    const t = await started(20, 10);
    const view = await t.api.getStepView(t.templateId, t.executionId, 3);
    expect(schemaErrors('StepView', view)).toEqual([]);
    expect(view).toMatchObject({ step: 3, currentStep: 10, stepEvents: 3 });
    // Step 3: src emitted its third token (waiting on edge-0), double transformed the second (waiting on edge-1).
    expect(view.edges).toEqual([
      { id: 'edge-0', waiting: 1 },
      { id: 'edge-1', waiting: 1 },
    ]);
    expect(view.nodes.double).toMatchObject({ processed: 2, waiting: 1, acted: true });
    expect(view.nodes.sink).toMatchObject({ processed: 1, waiting: 1, acted: true });
    expect(view.sinks.sink).toEqual({ count: 1, sum: 2 });
    const full = await t.api.executeStep(t.templateId, t.executionId, 3);
    expect(view.ledgerSize).toBe(full.allActivitiesTotal);
    expect(view.queueSize).toBe(full.queueSize);
    expect(await t.api.getStepView(t.templateId, t.executionId)).toMatchObject({ step: 10, currentStep: 10 });
  });

  it('never advances the run: a step above the current one is 400, and the run ends as an uninterrupted one', async () => {
    const t = await started(20, 10);
    const before = await t.api.getExecution(t.executionId);
    await t.api.getStepView(t.templateId, t.executionId, 3);
    const above = await apiError(t.api.getStepView(t.templateId, t.executionId, 11));
    expect(above).toMatchObject({ status: 400, code: 'STEP_OUT_OF_RANGE' });
    expect(await t.api.getExecution(t.executionId)).toEqual(before);
    await t.api.executeStep(t.templateId, t.executionId, 'end');
    expect((await t.api.getExecution(t.executionId)).ledgerHash).toBe(uninterruptedHash(pipeline(20)));
  });

  it('answers 400 for a bad step and 404 for unknown ids', async () => {
    const t = await started(3, 2);
    await invalidParameter(await raw('GET', path(t, '/view?step=x')), 'step');
    expect(await apiError(t.api.getStepView(t.templateId, 'nope', 1))).toMatchObject({
      status: 404,
      code: 'EXECUTION_NOT_FOUND',
    });
    expect(await apiError(t.api.getStepView('nope', t.executionId, 1))).toMatchObject({
      status: 404,
      code: 'TEMPLATE_NOT_FOUND',
    });
  });
});

describe('GET …/histogram', () => {
  it('answers events per step, downsampled to at most N buckets', async () => {
    const t = await started(20, 'end');
    const record = await t.api.getExecution(t.executionId);
    const perStep = await t.api.getHistogram(t.templateId, t.executionId);
    expect(schemaErrors('ActivityHistogram', perStep)).toEqual([]);
    expect(perStep.buckets).toHaveLength(record.currentStep);
    expect(perStep.stepsPerBucket).toBe(1);
    expect(perStep.buckets.slice(0, 3).map((b) => b.events)).toEqual([1, 2, 3]);
    const five = await t.api.getHistogram(t.templateId, t.executionId, 5);
    expect(five.buckets.length).toBeLessThanOrEqual(5);
    expect(five.buckets.reduce((n, b) => n + b.events, 0)).toBe(record.ledgerSize);
    expect(five.maxEvents).toBe(Math.max(...five.buckets.map((b) => b.events)));
    expect(five.buckets.at(-1)!.toStep).toBe(record.currentStep);
    await invalidParameter(await raw('GET', path(t, '/histogram?buckets=0')), 'buckets');
  });
});

describe('GET …/ledger/events (paged and filtered)', () => {
  async function all(t: Awaited<ReturnType<typeof started>>): Promise<LedgerEvent[]> {
    const text = await t.api.exportLedger(t.templateId, t.executionId);
    return text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LedgerEvent);
  }

  it('answers a page from anywhere, and each filter narrows it as the full ledger says', async () => {
    const t = await started(20, 'end');
    const ledger = await all(t);
    const page = await t.api.getLedgerPage(t.templateId, t.executionId, { offset: 25, limit: 10 });
    expect(schemaErrors('LedgerPage', page)).toEqual([]);
    expect(page.total).toBe(ledger.length);
    expect(page.events.map((e) => e.seq)).toEqual(ledger.slice(25, 35).map((e) => e.seq));
    const carries = (e: LedgerEvent, id: string) => (e.outputToken ?? e.inputToken)!.correlationIds.includes(id);
    const cases: Array<[Record<string, unknown>, (e: LedgerEvent) => boolean]> = [
      [{ nodeId: 'double' }, (e) => e.nodeId === 'double'],
      [{ operation: 'TOKEN_COLLECTED' }, (e) => e.operation === 'TOKEN_COLLECTED'],
      [{ correlationId: 'src-4' }, (e) => carries(e, 'src-4')],
      [{ fromStep: 5, toStep: 7 }, (e) => e.step >= 5 && e.step <= 7],
      [{ nodeId: 'sink', fromStep: 10 }, (e) => e.nodeId === 'sink' && e.step >= 10],
      [{ operation: 'TOKEN_TRANSFORMED', toStep: 6, nodeId: 'double' }, (e) => e.nodeId === 'double' && e.step <= 6],
      [
        { correlationId: 'src-4', operation: 'TOKEN_COLLECTED', offset: 0 },
        (e) => carries(e, 'src-4') && e.operation === 'TOKEN_COLLECTED',
      ],
    ];
    for (const [filter, keep] of cases) {
      const want = ledger.filter(keep);
      const offset = (filter.offset as number | undefined) ?? 1;
      const got = await t.api.getLedgerPage(t.templateId, t.executionId, { offset, limit: 3, ...filter });
      expect(got.total, JSON.stringify(filter)).toBe(want.length);
      expect(got.total, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(got.events, JSON.stringify(filter)).toEqual(want.slice(offset, offset + 3));
    }
    const past = await t.api.getLedgerPage(t.templateId, t.executionId, { fromStep: 1000 });
    expect(past).toMatchObject({ total: 0, events: [] });
  });

  it('answers 400 naming the parameter of a bad filter', async () => {
    const t = await started(3, 'end');
    for (const [query, parameter] of [
      ['operation=TOKEN_EATEN', 'operation'],
      ['nodeId=ghost', 'nodeId'],
      ['fromStep=5&toStep=2', 'toStep'],
      ['limit=0', 'limit'],
      ['offset=-1', 'offset'],
      ['fromStep=x', 'fromStep'],
    ] as const) {
      await invalidParameter(await raw('GET', path(t, `/ledger/events?${query}`)), parameter);
    }
  });
});

describe('GET …/tokens/{tokenId}/provenance and /descendants', () => {
  it('answers the ancestors and descendants of a token, and 404 for an unknown one', async () => {
    const t = await started(3, 'end');
    const up = await t.api.getProvenance(t.templateId, t.executionId, 'double#2');
    expect(schemaErrors('Provenance', up)).toEqual([]);
    expect(up.roots).toEqual(['src#2']);
    expect(up.edges).toEqual([{ from: 'src#2', to: 'double#2' }]);
    const down = await t.api.getDescendants(t.templateId, t.executionId, 'src#2');
    expect(down.nodes.map((n) => n.tokenId)).toContain('double#2');
    const err = await apiError(t.api.getProvenance(t.templateId, t.executionId, 'ghost#1'));
    expect(err).toMatchObject({ status: 404, code: 'TOKEN_NOT_FOUND' });
    expect(err.message).toContain('ghost#1');
  });
});

describe('GET …/export and POST …/executions/import', () => {
  it('imports an exported run as a new execution with the same ledger, which then runs on as the original', async () => {
    const t = await started(20, 7);
    const text = await t.api.exportRun(t.templateId, t.executionId);
    const created = await t.api.importRun(t.templateId, { run: text, name: 'Copy' });
    expect(schemaErrors('ExecutionCreated', created)).toEqual([]);
    expect(created.execution).toMatchObject({ name: 'Copy', currentStep: 7, status: 'running' });
    const copy = { templateId: t.templateId, executionId: created.executionId };
    expect(await t.api.exportLedger(copy.templateId, copy.executionId)).toBe(
      await t.api.exportLedger(t.templateId, t.executionId),
    );
    // A reload (a new service on the same database) restores the imported run from its stored inputs.
    const reloaded = newApi({ dbName: t.dbName });
    await reloaded.api.executeStep(copy.templateId, copy.executionId, 'end');
    const done = await reloaded.api.getExecution(copy.executionId);
    expect(done.ledgerHash).toBe(uninterruptedHash(pipeline(20)));
    const stored = await reloaded.api.exportLedger(copy.templateId, copy.executionId);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(done.ledgerHash);
  });

  it('refuses a changed file (422 HASH_MISMATCH) and text that is not an export (400)', async () => {
    const t = await started(5, 'end');
    const text = await t.api.exportRun(t.templateId, t.executionId);
    const tampered = text.replace('"value":4', '"value":5');
    expect(tampered).not.toBe(text);
    expect(await apiError(t.api.importRun(t.templateId, { run: tampered }))).toMatchObject({
      status: 422,
      code: 'HASH_MISMATCH',
    });
    expect(await apiError(t.api.importRun(t.templateId, { run: 'hello' }))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    const res = await raw('POST', `/engine/templates/${t.templateId}/executions/import`, JSON.stringify({}));
    expect((await res.json()).error.details.issues[0].path).toBe('/run');
    expect(await apiError(t.api.importRun('nope', { run: text }))).toMatchObject({ status: 404 });
    expect((await t.api.listExecutions(t.templateId)).count).toBe(1);
  });
});

describe('GET /parser/sources and /parser/sources/{sourceId}', () => {
  it('lists every source without its text, and answers one with it', async () => {
    const { api } = newApi({ parser: { bundle: diskBundle } });
    const added = await api.addSource({ name: 'mine.log', type: 'log', content: 'héllo\n' });
    const list = await api.listSources();
    expect(schemaErrors('SourceList', list)).toEqual([]);
    expect(list.sources.every((s) => !('content' in s))).toBe(true);
    expect(list.sources.at(-1)).toEqual({
      id: added.source.id,
      name: 'mine.log',
      type: 'log',
      origin: 'user',
      bytes: 7,
    });
    const bundled = list.sources.find((s) => s.origin === 'bundled')!;
    const one = await api.getSourceContent(bundled.id);
    expect(one).toMatchObject({ id: bundled.id, origin: 'bundled' });
    expect(new TextEncoder().encode(one.content).length).toBe(bundled.bytes);
    expect((await api.getSourceContent(added.source.id)).content).toBe('héllo\n');
    expect(await apiError(api.getSourceContent('nope'))).toMatchObject({ status: 404, code: 'SOURCE_NOT_FOUND' });
  });
});
