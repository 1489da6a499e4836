import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiError, newApi, pipeline, raw, useApiServer } from './helpers';

useApiServer();

async function ran(target: number | 'end' = 'end') {
  const t = newApi();
  const { templateId } = await t.api.createTemplate({ name: 'P', scenario: pipeline(3) });
  const { executionId } = await t.api.createExecution(templateId);
  const step = await t.api.executeStep(templateId, executionId, target);
  return { ...t, templateId, executionId, step };
}

const path = (t: { templateId: string; executionId: string }, rest: string) =>
  `/engine/templates/${t.templateId}/executions/${t.executionId}${rest}`;

async function invalid(
  t: { templateId: string; executionId: string },
  rest: string,
  parameter: string,
  value: string | null,
) {
  const res = await raw('GET', path(t, rest));
  expect(res.status, rest).toBe(400);
  const body = await res.json();
  expect(body.error, rest).toMatchObject({ code: 'INVALID_PARAMETER', details: { parameter, value } });
}

describe('GET …/nodes/{nodeId}/events', () => {
  it('answers the node’s ledger events up to the step, oldest first', async () => {
    const t = await ran();
    const all = await t.api.getNodeEvents(t.templateId, t.executionId, 'double');
    expect(all).toHaveLength(3);
    expect(all.every((e) => e.nodeId === 'double' && e.operation === 'TOKEN_TRANSFORMED')).toBe(true);
    expect(all.map((e) => e.seq)).toEqual([...all.map((e) => e.seq)].sort((a, b) => a - b));
    const early = await t.api.getNodeEvents(t.templateId, t.executionId, 'double', 2);
    expect(early.every((e) => e.step <= 2)).toBe(true);
    expect(early.length).toBeLessThan(all.length);
    expect(await t.api.getNodeEvents(t.templateId, t.executionId, 'double', 'last')).toEqual(all);
  });

  it('answers 404 NODE_NOT_FOUND naming an unknown node, 400 for a bad step', async () => {
    const t = await ran();
    const err = await apiError(t.api.getNodeEvents(t.templateId, t.executionId, 'ghost'));
    expect(err).toMatchObject({ status: 404, code: 'NODE_NOT_FOUND' });
    expect(err.message).toContain('ghost');
    await invalid(t, '/nodes/double/events?step=abc', 'step', 'abc');
    await invalid(t, '/nodes/double/events?step=-1', 'step', '-1');
    const beyond = await apiError(t.api.getNodeEvents(t.templateId, t.executionId, 'double', t.step.step + 5));
    expect(beyond).toMatchObject({ status: 400, code: 'STEP_OUT_OF_RANGE' });
  });
});

describe('GET …/nodes/{nodeId}/activity', () => {
  it('answers activity entries newest first; limit=1 is the most recent operation', async () => {
    const t = await ran();
    const all = await t.api.getNodeActivity(t.templateId, t.executionId, 'sink');
    expect(all).toHaveLength(3);
    expect(all[0]!.seq).toBeGreaterThan(all[1]!.seq);
    expect(all[0]).toMatchObject({
      operation: 'TOKEN_COLLECTED',
      nodeId: 'sink',
      tokenId: expect.any(String),
      details: { input: expect.anything() },
    });
    const latest = await t.api.getNodeActivity(t.templateId, t.executionId, 'sink', 1);
    expect(latest).toEqual([all[0]]);
    const atStep = await t.api.getNodeActivity(t.templateId, t.executionId, 'sink', 10, 3);
    expect(atStep.every((a) => a.step <= 3)).toBe(true);
  });

  it('answers 400 for limit=0, limit=abc, step=x; 404 for an unknown node', async () => {
    const t = await ran();
    await invalid(t, '/nodes/sink/activity?limit=0', 'limit', '0');
    await invalid(t, '/nodes/sink/activity?limit=abc', 'limit', 'abc');
    await invalid(t, '/nodes/sink/activity?limit=1&step=x', 'step', 'x');
    expect(await apiError(t.api.getNodeActivity(t.templateId, t.executionId, 'nobody', 1))).toMatchObject({
      status: 404,
      code: 'NODE_NOT_FOUND',
    });
  });
});

describe('GET …/sinks/{sinkId}/aggregate', () => {
  it('answers the formula over what the sink collected', async () => {
    const t = await ran();
    const sum = await t.api.getSinkAggregation(t.templateId, t.executionId, 'sink', 'sum');
    expect(sum).toEqual({
      templateId: t.templateId,
      executionId: t.executionId,
      sinkId: 'sink',
      formula: 'sum',
      field: 'value',
      value: 12,
      count: 3,
      step: t.step.step,
    });
    const count = await t.api.getSinkAggregation(t.templateId, t.executionId, 'sink', 'count', 'value', 0);
    expect(count).toMatchObject({ value: 0, count: 0, step: 0 });
  });

  it('answers 400 NOT_A_SINK for another node and UNKNOWN_FORMULA listing the valid ones', async () => {
    const t = await ran();
    const notSink = await apiError(t.api.getSinkAggregation(t.templateId, t.executionId, 'double', 'sum'));
    expect(notSink).toMatchObject({ status: 400, code: 'NOT_A_SINK' });
    expect(notSink.message).toContain('double');
    const formula = await apiError(t.api.getSinkAggregation(t.templateId, t.executionId, 'sink', 'median' as never));
    expect(formula).toMatchObject({ status: 400, code: 'UNKNOWN_FORMULA' });
    for (const f of ['latest', 'sum', 'distinct']) expect(formula.message).toContain(f);
    await invalid(t, '/sinks/sink/aggregate', 'formula', null);
    await invalid(t, '/sinks/sink/aggregate?formula=sum&step=later', 'step', 'later');
    expect(await apiError(t.api.getSinkAggregation(t.templateId, t.executionId, 'nowhere', 'sum'))).toMatchObject({
      status: 404,
      code: 'NODE_NOT_FOUND',
    });
  });
});

describe('GET …/tokens/{correlationId}/lineage', () => {
  it('answers every event that touched the correlation id, source to sink', async () => {
    const t = await ran();
    const lineage = await t.api.getTokenLineage(t.templateId, t.executionId, 'src-1');
    expect(lineage.correlationId).toBe('src-1');
    expect(lineage.path.map((p) => p.nodeId)).toEqual(['src', 'double', 'sink']);
    expect(lineage.path.map((p) => p.operation)).toEqual(['TOKEN_GENERATED', 'TOKEN_TRANSFORMED', 'TOKEN_COLLECTED']);
    const early = await t.api.getTokenLineage(t.templateId, t.executionId, 'src-1', 1);
    expect(early.path.map((p) => p.nodeId)).toEqual(['src']);
  });

  it('answers 404 naming an unknown correlation id, 400 for a bad step', async () => {
    const t = await ran();
    const err = await apiError(t.api.getTokenLineage(t.templateId, t.executionId, 'order-404'));
    expect(err).toMatchObject({ status: 404, code: 'CORRELATION_ID_NOT_FOUND' });
    expect(err.message).toContain('order-404');
    await invalid(t, '/tokens/src-1/lineage?step=1e3', 'step', '1e3');
  });
});

describe('GET …/ledger', () => {
  it('answers 404 for an unknown execution in the error shape', async () => {
    const t = await ran();
    expect(await apiError(t.api.exportLedger(t.templateId, 'nope'))).toMatchObject({
      status: 404,
      code: 'EXECUTION_NOT_FOUND',
    });
  });

  it('answers the stored ledger as NDJSON whose SHA-256 is the execution’s ledger hash', async () => {
    const t = await ran();
    const res = await raw('GET', path(t, '/ledger'));
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const text = await t.api.exportLedger(t.templateId, t.executionId);
    expect(await res.text()).toBe(text);
    expect(text.split('\n').filter(Boolean)).toHaveLength((await t.api.getExecution(t.executionId)).ledgerSize);
    expect(createHash('sha256').update(text).digest('hex')).toBe((await t.api.getExecution(t.executionId)).ledgerHash);
  });
});
