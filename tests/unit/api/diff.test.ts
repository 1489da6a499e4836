/**
 * Comparing two executions through the API (`GET /engine/executions/{id}/diff/{otherId}`, client
 * `diffExecutions`): the same answer as `flowledger diff` on the same scenario and seeds, an
 * answer that conforms to public/openapi.json, the inputs that differ, and 404 for an unknown id.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT } from '../cli/helpers';
import { apiError, newApi, pipeline, schemaErrors, useApiServer } from './helpers';

useApiServer();

const LB = join(ROOT, 'examples', 'load-balancer.json');
const loadBalancer = () => JSON.parse(readFileSync(LB, 'utf8')) as { name: string; scenario: Record<string, unknown> };

describe('GET /engine/executions/{executionId}/diff/{otherExecutionId}', () => {
  it('answers exactly what `flowledger diff <scenario> --seed 1 --vs-seed 2` prints', async () => {
    const { api } = newApi();
    const doc = loadBalancer();
    const { templateId } = await api.createTemplate({ name: doc.name, scenario: doc.scenario });
    const one = (await api.createExecution(templateId, { seed: 1 })).executionId;
    const two = (await api.createExecution(templateId, { seed: 2 })).executionId;
    await api.executeStep(templateId, one, 'end');
    await api.executeStep(templateId, two, 'end');
    const answer = await api.diffExecutions(one, two);
    expect(schemaErrors('LedgerDiff', answer)).toEqual([]);

    const r = cli('diff', LB, '--seed', '1', '--vs-seed', '2');
    expect(r.code, r.stderr).toBe(3);
    expect(answer).toEqual(JSON.parse(r.stdout));
    expect(answer.identical).toBe(false);
    expect(answer.why).toEqual({
      differ: ['seed'],
      sameTemplate: true,
      seed: { a: 1, b: 2 },
      events: null,
      template: null,
    });
  });

  it('compares runs as they stand, finds an execution identical to itself and to a run of the same inputs', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline(3) });
    const a = (await api.createExecution(templateId, { seed: 5 })).executionId;
    const b = (await api.createExecution(templateId, { seed: 5 })).executionId;
    await api.executeStep(templateId, a, 'end');
    expect((await api.diffExecutions(a, a)).identical).toBe(true);
    // b is still at step 0: its ledger is empty, so the runs diverge at a's first event (step 1).
    const early = await api.diffExecutions(a, b);
    expect(early).toMatchObject({
      identical: false,
      firstDivergentStep: 1,
      at: { seq: 1, b: null },
      ledgers: { b: { events: 0 } },
    });
    expect(early.why!.differ).toEqual([]);
    await api.executeStep(templateId, b, 'end');
    expect(await api.diffExecutions(b, a)).toMatchObject({ identical: true, firstDivergentStep: null, at: null });
  });

  it('names the changed scenario path of another template and the first differing event', async () => {
    const { api } = newApi();
    const base = pipeline(2);
    const edited = structuredClone(base) as { nodes: Array<{ processing?: { formula: string } }> };
    edited.nodes[1]!.processing!.formula = 'value * 3';
    const t1 = (await api.createTemplate({ name: 'P1', scenario: base })).templateId;
    const t2 = (await api.createTemplate({ name: 'P2', scenario: edited })).templateId;
    const a = (await api.createExecution(t1, { externalEvents: [{ targetDataSourceId: 'src', value: 1 }] }))
      .executionId;
    const b = (await api.createExecution(t2, { externalEvents: [{ targetDataSourceId: 'src', value: 2 }] }))
      .executionId;
    const why = (await api.diffExecutions(a, b)).why!;
    expect(why.differ).toEqual(['events', 'template']);
    expect(why.sameTemplate).toBe(false);
    expect(why.events).toEqual({
      index: 0,
      a: { targetDataSourceId: 'src', value: 1 },
      b: { targetDataSourceId: 'src', value: 2 },
      countA: 1,
      countB: 1,
    });
    expect(why.template).toEqual({
      paths: [{ path: '/nodes/1/processing/formula', a: 'value * 2', b: 'value * 3' }],
      more: 0,
    });
  });

  it('stops at an abort: ABORTED, and the runs still answer afterwards', async () => {
    const { api, service } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline(3) });
    const a = (await api.createExecution(templateId)).executionId;
    const b = (await api.createExecution(templateId, { seed: 9 })).executionId;
    await service.abort('call-x');
    const r = await service.diffExecutions(a, b, { callId: 'call-x' });
    expect(r).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    expect((await api.diffExecutions(a, b)).why!.differ).toEqual(['seed']);
  });

  it('is 404 naming an unknown execution', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline(1) });
    const a = (await api.createExecution(templateId)).executionId;
    const err = await apiError(api.diffExecutions(a, 'nope'));
    expect(err.status).toBe(404);
    expect(err.code).toBe('EXECUTION_NOT_FOUND');
    expect(err.message).toContain('"nope"');
  });
});
