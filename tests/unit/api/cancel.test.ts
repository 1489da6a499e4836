import { describe, expect, it } from 'vitest';
import { apiError, newApi, pipeline, uninterruptedHash, useApiServer } from './helpers';
import { CHANGES_CHANNEL, type RunChange } from '../../../src/worker/context';

useApiServer();

describe('cancelling a call ({signal})', () => {
  it('rejects an aborted run with ABORTED, stops it in the worker, and the next call answers normally', async () => {
    const changes: RunChange[] = [];
    // Slices of 0 ms: the run yields after every step, so the abort is seen at once.
    const t = newApi({ runSliceMs: 0, announce: (c) => changes.push(c) });
    const { templateId } = await t.api.createTemplate({ name: 'P', scenario: pipeline(200) });
    const { executionId } = await t.api.createExecution(templateId);
    const controller = new AbortController();
    const call = t.api.executeStep(templateId, executionId, 'end', undefined, { signal: controller.signal });
    controller.abort();
    expect(await apiError(call)).toMatchObject({ code: 'ABORTED' });
    const done = await t.api.executeStep(templateId, executionId, 'end');
    expect(done.status).toBe('completed');
    expect((await t.api.getExecution(executionId)).ledgerHash).toBe(uninterruptedHash(pipeline(200)));
    // Created (revision 0), then ONE commit: the aborted run saved nothing.
    expect(changes).toEqual([
      { executionId, revision: 0 },
      { executionId, revision: 1 },
    ]);
  });

  // Guards the abort reaching the engine loop: with the check between slices removed (`stop()` after
  // `ctx.nextTask()` in `advance`, src/worker/runs/runOps.ts), the aborted run went on to its last step and
  // saved it, and this test failed with "expected 50002 to be 1" (the step of the next call). The test
  // above still passed that way: its abort lands before the loop starts.
  it('stops a run that is already stepping at its next slice and saves nothing of it', async () => {
    const changes: RunChange[] = [];
    const t = newApi({ runSliceMs: 2, announce: (c) => changes.push(c) });
    const scenario = pipeline(50_000, { maxSteps: 100_000 });
    const { templateId } = await t.api.createTemplate({ name: 'P', scenario });
    const { executionId } = await t.api.createExecution(templateId);
    const controller = new AbortController();
    const call = t.api.executeStep(templateId, executionId, 'end', undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect(await apiError(call)).toMatchObject({ code: 'ABORTED' });
    // The next change waits for the execution's lock, so it runs once the aborted run has let go.
    const next = await t.api.executeStep(templateId, executionId, 1);
    expect(next.step).toBe(1);
    expect((await t.api.getExecution(executionId)).currentStep).toBe(1);
    expect(changes).toEqual([
      { executionId, revision: 0 },
      { executionId, revision: 1 },
    ]);
    const done = await t.api.executeStep(templateId, executionId, 'end');
    expect(done.status).toBe('completed');
    expect((await t.api.getExecution(executionId)).ledgerHash).toBe(uninterruptedHash(scenario));
  }, 30_000);

  it('rejects at once when the signal is already aborted, for any method', async () => {
    const { api } = newApi();
    const signal = AbortSignal.abort();
    expect(await apiError(api.listTemplates({ signal }))).toMatchObject({ code: 'ABORTED' });
    expect((await api.listTemplates()).count).toBe(0);
  });
});

describe('freshness: BroadcastChannel "flowledger"', () => {
  it('posts {executionId, revision} after every committed change', async () => {
    const channel = new BroadcastChannel(CHANGES_CHANNEL);
    const seen: RunChange[] = [];
    channel.onmessage = (e: MessageEvent<RunChange>) => void seen.push(e.data);
    try {
      const t = newApi();
      const { templateId } = await t.api.createTemplate({ name: 'P', scenario: pipeline(3) });
      const { executionId } = await t.api.createExecution(templateId);
      await t.api.executeStep(templateId, executionId, 2);
      await t.api.executeStep(templateId, executionId, 1); // a read: no change, no message
      await t.api.addExternalEvents(templateId, executionId, []);
      await t.api.deleteExecution(executionId);
      const want = [0, 1, 2, -1].map((revision) => ({ executionId, revision }));
      for (let i = 0; i < 50 && seen.length < want.length; i++) await new Promise((r) => setTimeout(r, 10));
      expect(seen.filter((c) => c.executionId === executionId)).toEqual(want);
    } finally {
      channel.close();
    }
  });
});
