/**
 * The workspace's gesture operations (src/worker/runs/gestureOps.ts), on a real service and store:
 * each answers what the documented reads answer separately — so the page's one call per gesture
 * shows what the several HTTP reads did — and through `workerRunClient` a failure is the `ApiError`
 * the HTTP client throws.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/ApiError';
import { workerRunClient } from '../../../src/client/runClient';
import { WORKSPACE_HISTOGRAM_BUCKETS } from '../../../src/contract/gestures';
import { newApi, pipeline, useApiServer } from './helpers';

useApiServer();

async function withTemplate(count = 4) {
  const t = newApi();
  const { templateId } = await t.api.createTemplate({ name: 'Pipeline', scenario: pipeline(count) });
  return { ...t, templateId, runs: workerRunClient(() => t.service) };
}

describe('gesture operations', () => {
  it('openRun on a template with no run creates its first one and answers it as the reads do', async () => {
    const { api, runs, templateId } = await withTemplate();
    const opened = await runs.openRun(templateId);
    const listed = (await api.listExecutions(templateId)).executions;
    expect(listed).toHaveLength(1);
    expect(opened.executions).toEqual(listed);
    expect(opened.record).toEqual(listed[0]);
    expect(opened.missing).toBe(false);
    expect(opened.template).toEqual(await api.getTemplate(templateId));
    expect(opened.graph).toEqual(await api.getGraph(templateId));
    expect(opened.view).toEqual(await api.getStepView(templateId, opened.record.id, 'last'));
    expect(opened.histogram).toEqual(await api.getHistogram(templateId, opened.record.id, WORKSPACE_HISTOGRAM_BUCKETS));
    // A second open finds that run: no second one is created.
    expect((await runs.openRun(templateId)).record.id).toBe(opened.record.id);
    expect((await api.listExecutions(templateId)).count).toBe(1);
  });

  it('openRun of a run that is gone opens the most recent one and says so; a step beyond live is clamped', async () => {
    const { runs, templateId } = await withTemplate();
    const first = await runs.openRun(templateId);
    await runs.step(templateId, first.record.id, 3);
    const gone = await runs.openRun(templateId, { executionId: 'no-such-run', step: 99 });
    expect(gone.missing).toBe(true);
    expect(gone.record.id).toBe(first.record.id);
    expect(gone.view.step).toBe(3);
    expect((await runs.openRun(templateId, { executionId: first.record.id, step: 1 })).view.step).toBe(1);
  });

  it('startRun creates a run with the seed and answers it at step 0, with its graph', async () => {
    const { api, runs, templateId } = await withTemplate();
    const started = await runs.startRun(templateId, { seed: 7 });
    expect(started.record.seed).toBe(7);
    expect(started.record.currentStep).toBe(0);
    expect(started.view.step).toBe(0);
    expect(started.graph).toEqual(await api.getGraph(templateId));
    expect((await api.listExecutions(templateId)).executions.map((e) => e.id)).toContain(started.record.id);
  });

  it('step and runToEnd advance and answer the new view, the record and the activity; the end brings its Result', async () => {
    const { api, runs, templateId } = await withTemplate();
    const { record } = await runs.startRun(templateId);
    const stepped = await runs.step(templateId, record.id, 2);
    expect(stepped.record).toEqual(await api.getExecution(record.id));
    expect(stepped.view).toEqual(await api.getStepView(templateId, record.id, 2));
    expect(stepped.histogram.currentStep).toBe(2);
    expect(stepped.result).toBeUndefined();
    const ended = await runs.runToEnd(templateId, record.id);
    expect(ended.record.status).toBe('completed');
    expect(ended.view.step).toBe(ended.record.currentStep);
    expect(ended.result).toEqual(await api.getRunResult(templateId, record.id, ended.record.currentStep));
    expect(await runs.seek(templateId, record.id, 1)).toEqual(await api.getStepView(templateId, record.id, 1));
  });

  it('a failure is the ApiError the HTTP client throws (status and code)', async () => {
    const { runs } = await withTemplate();
    const err = await runs.startRun('no-such-template').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
  });
});
