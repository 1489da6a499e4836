import { describe, expect, it } from 'vitest';
import { apiError, newApi, pipeline, raw, uninterruptedHash, useApiServer } from './helpers';

useApiServer();

async function started(count = 3, extra = {}) {
  const t = newApi();
  const { templateId } = await t.api.createTemplate({ name: 'P', scenario: pipeline(count, extra) });
  const { executionId } = await t.api.createExecution(templateId);
  return { ...t, templateId, executionId };
}

describe('GET …/step (step semantics)', () => {
  it('advances to N: the step result and the saved record are at N', async () => {
    const { api, templateId, executionId } = await started();
    const r = await api.executeStep(templateId, executionId, 2);
    expect(r).toMatchObject({ success: true, step: 2, status: 'running' });
    expect(r.activity.every((e) => e.step === 2)).toBe(true);
    expect(r.activity.length).toBeGreaterThan(0);
    expect(r.activeNodeIds).toEqual([...new Set(r.activity.map((e) => e.nodeId))]);
    expect(Object.keys(r.nodeStates)).toEqual(['src', 'double', 'sink']);
    const record = await api.getExecution(executionId);
    expect(record).toMatchObject({ currentStep: 2, status: 'running', ledgerHash: null, queueSize: r.queueSize });
    expect(record.ledgerSize).toBe(r.allActivitiesTotal);
  });

  it('names the step and the events remaining in queueSize and message', async () => {
    const { api, templateId, executionId } = await started();
    const r = await api.executeStep(templateId, executionId, 1);
    expect(r.queueSize).toBeGreaterThan(0);
    expect(r.queueSnapshot.size).toBe(r.queueSize);
    expect(r.message).toContain('step 1');
    expect(r.message).toContain(String(r.queueSize));
  });

  it('reads an earlier step without changing the run (time travel)', async () => {
    const { api, templateId, executionId } = await started(5);
    const at2 = await api.executeStep(templateId, executionId, 2);
    await api.executeStep(templateId, executionId, 5);
    const before = await api.getExecution(executionId);
    const ledgerBefore = await (
      await raw('GET', `/engine/templates/${templateId}/executions/${executionId}/ledger`)
    ).text();
    const again = await api.executeStep(templateId, executionId, 2);
    expect(again.step).toBe(2);
    expect(again.nodeStates).toEqual(at2.nodeStates);
    expect(again.activity).toEqual(at2.activity);
    expect(again.queueSize).toBe(at2.queueSize);
    expect(await api.getExecution(executionId)).toEqual(before);
    expect(await (await raw('GET', `/engine/templates/${templateId}/executions/${executionId}/ledger`)).text()).toBe(
      ledgerBefore,
    );
    const zero = await api.executeStep(templateId, executionId, 0);
    expect(zero).toMatchObject({ step: 0, activity: [], allActivitiesTotal: 0 });
  });

  it('runs to the end with `end`: completed, with the uninterrupted run’s ledger hash', async () => {
    const { api, templateId, executionId } = await started(4);
    const r = await api.executeStep(templateId, executionId, 'end');
    expect(r).toMatchObject({ status: 'completed', queueSize: 0 });
    const record = await api.getExecution(executionId);
    expect(record).toMatchObject({ status: 'completed', currentStep: r.step, queueSize: 0 });
    expect(record.ledgerHash).toBe(uninterruptedHash(pipeline(4)));
    const past = await api.executeStep(templateId, executionId, r.step + 100);
    expect(past.step).toBe(r.step);
    expect(await api.getExecution(executionId)).toEqual(record);
    const read = await api.executeStep(templateId, executionId, 1);
    expect(read.step).toBe(1);
    expect((await api.getExecution(executionId)).ledgerHash).toBe(record.ledgerHash);
  });

  it('stops at the end when N is beyond it', async () => {
    const { api, templateId, executionId } = await started(2);
    const r = await api.executeStep(templateId, executionId, 1000);
    expect(r.status).toBe('completed');
    expect(r.step).toBeLessThan(1000);
    expect((await api.getExecution(executionId)).currentStep).toBe(r.step);
  });

  it('bounds `end` by maxSteps: status and message say truncated', async () => {
    const { api, templateId, executionId } = await started(50, { maxSteps: 5 });
    const r = await api.executeStep(templateId, executionId, 'end');
    expect(r.step).toBe(5);
    expect(r.status).toBe('truncated');
    expect(r.message).toMatch(/truncated/i);
    const record = await api.getExecution(executionId);
    expect(record).toMatchObject({ status: 'truncated', currentStep: 5 });
    expect(record.ledgerHash).toBe(uninterruptedHash(pipeline(50, { maxSteps: 5 })));
  });

  it('limits allActivities with activityLimit, newest first', async () => {
    const { api, templateId, executionId } = await started(5);
    const r = await api.executeStep(templateId, executionId, 4, 3);
    expect(r.allActivities).toHaveLength(3);
    expect(r.allActivitiesTotal).toBeGreaterThan(3);
    expect(r.allActivities[0]!.seq).toBe(r.allActivitiesTotal);
    expect(r.allActivities[0]!.seq).toBeGreaterThan(r.allActivities[1]!.seq);
  });

  it('reports where the worker spent its time in Server-Timing', async () => {
    const { templateId, executionId } = await started();
    const res = await raw('GET', `/engine/templates/${templateId}/executions/${executionId}/step?currentStep=end`);
    expect(res.status).toBe(200);
    expect(res.headers.get('server-timing')).toMatch(
      /run;dur=[\d.]+, encode;dur=[\d.]+, hash;dur=[\d.]+, persist;dur=[\d.]+/,
    );
  });

  it.each([
    ['-1', 'currentStep=-1'],
    ['abc', 'currentStep=abc'],
    ['1.5', 'currentStep=1.5'],
    ['', 'currentStep='],
    ['END', 'currentStep=END'],
  ])('answers 400 INVALID_PARAMETER for currentStep=%s', async (value, query) => {
    const { templateId, executionId } = await started();
    const res = await raw('GET', `/engine/templates/${templateId}/executions/${executionId}/step?${query}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMETER', details: { parameter: 'currentStep', value } },
    });
    expect(body.error.message).toContain('currentStep');
    expect(body.error.message).toContain(JSON.stringify(value));
  });

  it('answers 400 for a missing currentStep or a bad activityLimit', async () => {
    const { templateId, executionId } = await started();
    const missing = await raw('GET', `/engine/templates/${templateId}/executions/${executionId}/step`);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.details).toEqual({ parameter: 'currentStep', value: null });
    const limit = await raw(
      'GET',
      `/engine/templates/${templateId}/executions/${executionId}/step?currentStep=1&activityLimit=-2`,
    );
    expect(limit.status).toBe(400);
    expect((await limit.json()).error.details).toEqual({ parameter: 'activityLimit', value: '-2' });
  });

  it('answers 404 naming an unknown template or execution', async () => {
    const { api, templateId, executionId } = await started();
    expect(await apiError(api.executeStep(templateId, 'missing-run', 1))).toMatchObject({
      status: 404,
      code: 'EXECUTION_NOT_FOUND',
      details: { executionId: 'missing-run' },
    });
    expect(await apiError(api.executeStep('missing-template', executionId, 1))).toMatchObject({
      status: 404,
      code: 'TEMPLATE_NOT_FOUND',
      details: { templateId: 'missing-template' },
    });
  });

  it('runs the scenario copy, not the edited template', async () => {
    const { api, templateId, executionId } = await started(3);
    await api.updateTemplate(templateId, { scenario: pipeline(40) });
    await api.executeStep(templateId, executionId, 'end');
    expect((await api.getExecution(executionId)).ledgerHash).toBe(uninterruptedHash(pipeline(3)));
  });
});
