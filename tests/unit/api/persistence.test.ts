import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { SEGMENT_SIZE } from '../../../src/store/segmentCodec';
import { apiError, newApi, pipeline, raw, use, uninterruptedHash, useApiServer, type Json } from './helpers';
// After the helpers, which install the in-memory IndexedDB that Dexie (imported here) looks for.
import { INPUT_ROW_EVENTS, inputBatchesFrom } from '../../../src/store/inputLog';

useApiServer();

const ev = (value: number, correlationId: string) => ({ targetDataSourceId: 'src', correlationId, value });

/** The hash of an uninterrupted run: `initial` events at step 0, then each `[step, events]` added at that step, then to the end. */
function hashWithInputs(scenario: Json, initial: Json[], later: Array<[number, Json[]]>): string {
  const engine = new Engine();
  engine.initialize(scenario);
  if (initial.length > 0) engine.getExternalEventQueue().addEvents(initial);
  for (const [step, events] of later) {
    engine.advance(step);
    expect(engine.getCurrentTick()).toBe(step);
    expect(engine.getExternalEventQueue().addEvents(events).ok).toBe(true);
  }
  engine.runToEnd();
  return engine.ledgerHash();
}

describe('persistence: reload, release and restore, two tabs', () => {
  it('resumes a reloaded execution at the same step; finishing gives the uninterrupted run’s hash', async () => {
    const first = newApi();
    const scenario = pipeline(6);
    const { templateId } = await first.api.createTemplate({ name: 'P', scenario });
    const { executionId } = await first.api.createExecution(templateId, { externalEvents: [ev(5, 'a'), ev(6, 'b')] });
    await first.api.executeStep(templateId, executionId, 3);
    await first.api.addExternalEvents(templateId, executionId, [ev(7, 'c')]);
    await first.api.executeStep(templateId, executionId, 4);
    const at3 = await first.api.executeStep(templateId, executionId, 3);

    const reloaded = newApi({ dbName: first.dbName });
    expect(await reloaded.api.getExecution(executionId)).toMatchObject({ currentStep: 4, externalEventCount: 3 });
    const res = await raw('GET', `/engine/templates/${templateId}/executions/${executionId}/step?currentStep=3`);
    expect(res.headers.get('server-timing')).toMatch(/^restore;dur=/);
    const again = await res.json();
    expect(again.nodeStates).toEqual(at3.nodeStates);
    expect(again.activity).toEqual(at3.activity);
    await reloaded.api.executeStep(templateId, executionId, 'end');
    expect((await reloaded.api.getExecution(executionId)).ledgerHash).toBe(
      hashWithInputs(scenario, [ev(5, 'a'), ev(6, 'b')], [[3, [ev(7, 'c')]]]),
    );
  });

  it('stores a batch of more events than one input row holds as several rows, and restores it as the one batch it was', async () => {
    const first = newApi();
    const scenario = pipeline(2);
    const { templateId } = await first.api.createTemplate({ name: 'Many', scenario });
    const { executionId } = await first.api.createExecution(templateId);
    await first.api.executeStep(templateId, executionId, 1);
    const many = Array.from({ length: 2 * INPUT_ROW_EVENTS + 5 }, (_, i) => ev(i, `c${i % 7}`));
    await first.api.addExternalEvents(templateId, executionId, many);
    // One value of ~128 MB or more is refused by the browser: the batch is split into rows of INPUT_ROW_EVENTS.
    const rows = await first.db.inputs
      .where('[executionId+batch]')
      .between([executionId, 0], [executionId, 99])
      .toArray();
    expect(rows.map((r) => [r.events.length, r.continues ?? false])).toEqual([
      [INPUT_ROW_EVENTS, false],
      [INPUT_ROW_EVENTS, true],
      [5, true],
    ]);
    expect(await inputBatchesFrom(first.db, executionId, 0)).toEqual([
      { executionId, batch: 2, step: 1, events: many },
    ]);

    const reloaded = newApi({ dbName: first.dbName });
    await reloaded.api.executeStep(templateId, executionId, 'end');
    expect((await reloaded.api.getExecution(executionId)).ledgerHash).toBe(hashWithInputs(scenario, [], [[1, many]]));
  });

  it('restores a run spanning several ledger segments and verifies every one', async () => {
    const first = newApi();
    const scenario = pipeline(800);
    const { templateId } = await first.api.createTemplate({ name: 'Big', scenario });
    const { executionId } = await first.api.createExecution(templateId);
    await first.api.executeStep(templateId, executionId, 500);
    const stored = await first.api.getExecution(executionId);
    expect(stored.ledgerSize).toBeGreaterThan(SEGMENT_SIZE);
    expect(await first.db.ledgerSegments.count()).toBe(Math.ceil(stored.ledgerSize / SEGMENT_SIZE));
    expect(await first.db.checkpoints.count()).toBe(Math.ceil(stored.ledgerSize / SEGMENT_SIZE));

    const reloaded = newApi({ dbName: first.dbName });
    await reloaded.api.executeStep(templateId, executionId, 'end');
    const done = await reloaded.api.getExecution(executionId);
    expect(done.ledgerHash).toBe(uninterruptedHash(scenario));
    const ndjson = await (await raw('GET', `/engine/templates/${templateId}/executions/${executionId}/ledger`)).text();
    expect(createHash('sha256').update(ndjson).digest('hex')).toBe(done.ledgerHash);
  });

  it('releases the least recently used run and restores it with the same ledger', async () => {
    const t = newApi({ runs: { maxRuns: 1 } });
    const scenario = pipeline(5);
    const { templateId } = await t.api.createTemplate({ name: 'P', scenario });
    const a = (await t.api.createExecution(templateId)).executionId;
    const b = (await t.api.createExecution(templateId)).executionId;
    for (const step of [1, 2, 3]) {
      await t.api.executeStep(templateId, a, step);
      await t.api.executeStep(templateId, b, step);
    }
    const restored = await raw('GET', `/engine/templates/${templateId}/executions/${a}/nodes/sink/activity?limit=1`);
    expect(restored.headers.get('server-timing')).toMatch(/restore/);
    const cached = await raw('GET', `/engine/templates/${templateId}/executions/${a}/nodes/sink/activity?limit=1`);
    expect(cached.headers.get('server-timing')).toBeNull();
    await t.api.executeStep(templateId, a, 'end');
    await t.api.executeStep(templateId, b, 'end');
    const hash = uninterruptedHash(scenario);
    expect((await t.api.getExecution(a)).ledgerHash).toBe(hash);
    expect((await t.api.getExecution(b)).ledgerHash).toBe(hash);
  });

  it('keeps two tabs on one execution consistent: each catches up with the other’s changes', async () => {
    const tabA = newApi();
    const tabB = newApi({ dbName: tabA.dbName, locks: tabA.locks });
    const scenario = pipeline(6);
    const api = use(tabA);
    const { templateId } = await api.createTemplate({ name: 'P', scenario });
    const initial = [1, 2, 3, 4, 5, 6].map((v) => ev(v, `x${v}`));
    const { executionId } = await api.createExecution(templateId, { externalEvents: initial });
    await api.executeStep(templateId, executionId, 2);

    use(tabB);
    expect((await tabB.api.executeStep(templateId, executionId, 2)).step).toBe(2);
    await tabB.api.executeStep(templateId, executionId, 4);
    const seenByB = await tabB.api.getNodeEvents(templateId, executionId, 'double');
    expect(Math.max(...seenByB.map((e) => e.step))).toBe(4);

    use(tabA);
    // Tab A's engine was at step 2: it catches up in place (no restore) before answering.
    const res = await raw('GET', `/engine/templates/${templateId}/executions/${executionId}/nodes/double/events`);
    expect(res.headers.get('server-timing')).toBeNull();
    expect(await res.json()).toEqual(seenByB);
    expect(await tabA.api.getExecution(executionId)).toMatchObject({ currentStep: 4 });
    await tabA.api.addExternalEvents(templateId, executionId, [ev(2, 'y')]);

    use(tabB);
    await tabB.api.executeStep(templateId, executionId, 'end');
    const hash = hashWithInputs(scenario, initial, [[4, [ev(2, 'y')]]]);
    expect((await tabB.api.getExecution(executionId)).ledgerHash).toBe(hash);
    use(tabA);
    const final = await tabA.api.executeStep(templateId, executionId, 'end');
    expect(final.status).toBe('completed');
    expect((await tabA.api.getExecution(executionId)).ledgerHash).toBe(hash);
  });

  it('serialises concurrent changes from two tabs (no lost update, no conflict)', async () => {
    const tabA = newApi();
    const tabB = newApi({ dbName: tabA.dbName, locks: tabA.locks });
    const scenario = pipeline(8);
    const { templateId } = await tabA.service
      .createTemplate({ name: 'P', scenario })
      .then((r) => (r.ok ? r.value : Promise.reject(r.error)));
    const created = await tabA.service.createExecution(templateId, {});
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.executionId;
    const results = await Promise.all([
      tabA.service.step(templateId, id, 3),
      tabB.service.addExternalEvents(templateId, id, { events: [ev(9, 'z')] }),
      tabB.service.step(templateId, id, 5),
      tabA.service.addExternalEvents(templateId, id, { events: [ev(10, 'w')] }),
    ]);
    for (const r of results) expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
    const end = await tabA.service.step(templateId, id, 'end');
    expect(end.ok).toBe(true);
    const record = await tabB.service.getExecution(id);
    expect(record.ok && record.value.externalEventCount).toBe(2);
    expect(record.ok && record.value.status).toBe('completed');
  });

  it('refuses to serve a run whose re-run does not reproduce its stored ledger (REPLAY_MISMATCH)', async () => {
    const first = newApi();
    const { templateId } = await first.api.createTemplate({ name: 'P', scenario: pipeline(5) });
    const { executionId } = await first.api.createExecution(templateId);
    await first.api.executeStep(templateId, executionId, 4);
    await first.db.checkpoints.update([executionId, 0], { checksum: '0000000000000000' });
    const reloaded = newApi({ dbName: first.dbName });
    const err = await apiError(reloaded.api.executeStep(templateId, executionId, 2));
    expect(err).toMatchObject({ status: 500, code: 'REPLAY_MISMATCH', details: { executionId } });
    expect(err.message).toContain('segment 0');
    expect((await reloaded.api.getExecution(executionId)).currentStep).toBe(4);
  });
});
