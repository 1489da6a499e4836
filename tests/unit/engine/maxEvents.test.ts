import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { loadScenario } from '../../../src/engine/dsl';
import { brief, engineFor, processNode, run, scenario, sink, source, stepOnce } from './helpers';

type Json = Record<string, unknown>;

/** DataSource → broadcast Multiplexer (two outputs, both to `p`) → ProcessNode `p` → back to the Multiplexer: tokens double every lap. */
function doubling(extra: Json = {}, strategy = 'broadcast'): Json {
  return scenario(
    [
      source('src', 'router', { count: 1 }),
      {
        nodeId: 'router',
        type: 'Multiplexer',
        multiplexing: { strategy },
        outputs: [
          { name: 'a', destinationNodeId: 'p' },
          { name: 'b', destinationNodeId: 'p' },
        ],
      },
      processNode('p', 'router'),
    ],
    extra,
  );
}

/** Steps `engine` to the end, keeping the live snapshot (`stateAt(current)`) after each step, step 0 included. */
async function liveSnapshots(engine: Engine): Promise<unknown[]> {
  const at = () => {
    const r = engine.stateAt(engine.getCurrentTick());
    if (!r.ok) throw new Error(JSON.stringify(r));
    return JSON.parse(JSON.stringify(r.value)) as unknown;
  };
  const out = [at()];
  for (let guard = 0; engine.getQueue().size() > 0 && guard < 1000; guard++) {
    await engine.step();
    out.push(at());
  }
  return out;
}

describe('maxEvents', () => {
  it('defaults to 5,000,000 and is read from the scenario', () => {
    expect(loadScenario(doubling()).scenario!.maxEvents).toBe(5_000_000);
    expect(loadScenario(doubling({ maxEvents: 1000 })).scenario!.maxEvents).toBe(1000);
  });

  it.each([
    [0, '"maxEvents" must be at least 1; got 0'],
    [-1, '"maxEvents" must be at least 1; got -1'],
    [1.5, '"maxEvents" must be a whole number; got 1.5'],
    ['x', '"maxEvents" must be a number; got "x"'],
  ])('refuses maxEvents %j at /maxEvents', (value, message) => {
    const result = loadScenario(scenario([source('src', 'sink'), sink()], { maxEvents: value }));
    expect(result.scenario).toBeNull();
    expect(result.errors).toEqual([{ path: '/maxEvents', message }]);
  });

  it('closes a doubling cycle as truncated at the event that fills the ledger, in the middle of a step', async () => {
    const engine = engineFor(doubling({ maxEvents: 1000 }));
    const sizes: number[] = [0];
    const statuses: string[] = [engine.status];
    while (engine.getQueue().size() > 0 && sizes.length < 1000) {
      const report = await engine.step();
      expect(report.executed).toBe(true);
      sizes.push(report.lastSeq);
      statuses.push(report.status);
    }
    // Ledger sizes 1, 3, 5, 9, 13, 21, … 509, 765, then 1021 unbounded: step 17 stops at event 1,000.
    const last = engine.getCurrentTick();
    expect(last).toBe(17);
    expect(sizes.at(-1)).toBe(1000);
    expect(sizes.at(-2)).toBe(765);
    expect(statuses.slice(0, -1)).not.toContain('truncated');
    expect(engine.status).toBe('truncated');
    expect(engine.truncatedBy).toBe('maxEvents');
    expect(engine.getQueue().size()).toBe(0);
    expect(stepOnce(engine)).toBe(false);
    expect(await engine.step()).toMatchObject({ executed: false, step: 17, queueSize: 0, status: 'truncated' });
    expect(engine.runToEnd()).toBe('truncated');

    // The ledger is exactly the first 1,000 events of the same run bounded by maxSteps instead.
    const bySteps = run(doubling({ maxSteps: 17 }));
    expect(bySteps.status).toBe('truncated');
    expect(bySteps.truncatedBy).toBe('maxSteps');
    expect(bySteps.ledger.size).toBe(1021);
    expect(brief(engine)).toEqual(brief(bySteps).slice(0, 1000));
    expect(brief(engine).filter((line) => line.startsWith('17 ')).length).toBe(235);

    const result = engine.stepResult(17);
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.value).toMatchObject({ status: 'truncated', queueSize: 0 });
    expect(result.value.message).toBe(
      'Executed step 17; 0 events remaining in the queue; truncated: maxEvents (1000) was reached before the run completed',
    );
    const before = engine.stepResult(16);
    expect(before.ok && before.value.message).toBe('Executed step 16; 256 events remaining in the queue');
  });

  it.each([undefined, 1, 3, 50])('replays every step to the live snapshot (checkpoint spacing %s)', async (spacing) => {
    const engine = new Engine(spacing === undefined ? {} : { checkpointSpacing: spacing });
    expect(engine.initialize(doubling({ maxEvents: 1000 })).errors).toEqual([]);
    const live = await liveSnapshots(engine);
    expect(live).toHaveLength(18);
    expect(engine.status).toBe('truncated');
    // Backwards and forwards, so both restores and continued replays are exercised.
    for (let k = live.length - 1; k >= 0; k--) expect(engine.stateAt(k)).toEqual({ ok: true, value: live[k] });
    for (let k = 0; k < live.length; k++) expect(engine.stateAt(k)).toEqual({ ok: true, value: live[k] });
    expect((live.at(-1) as { status: string; queue: { size: number } }).status).toBe('truncated');
    expect((live.at(-1) as { queue: { size: number } }).queue.size).toBe(0);
  });

  it('an exported run truncated by maxEvents imports as the same truncated run', () => {
    const engine = run(doubling({ maxEvents: 1000 }));
    const back = Engine.importRun(engine.exportRun());
    if (!back.ok) throw new Error(JSON.stringify(back));
    expect(back.value.status).toBe('truncated');
    expect(back.value.truncatedBy).toBe('maxEvents');
    expect(back.value.ledgerHash()).toBe(engine.ledgerHash());
  });

  it('still reports maxSteps when maxSteps closes the run', () => {
    const engine = run(scenario([source('src', 'sink', { count: 10 }), sink()], { maxSteps: 3 }));
    expect(engine.status).toBe('truncated');
    expect(engine.truncatedBy).toBe('maxSteps');
    const r = engine.stepResult(3);
    expect(r.ok && r.value.message).toBe(
      'Executed step 3; 0 events remaining in the queue; truncated: maxSteps (3) was reached before the run completed',
    );
  });

  it('reports maxSteps when both bounds are reached at the end of the same step', () => {
    const engine = run(doubling({ maxEvents: 1021, maxSteps: 17 }));
    expect(engine.ledger.size).toBe(1021);
    expect(engine.truncatedBy).toBe('maxSteps');
  });

  it('truncates only while work remains: a run whose last event fills the ledger completes', () => {
    const engine = run(scenario([source('src', 'sink', { count: 10 }), sink()], { maxEvents: 5 }));
    // Ledger sizes 1, 3, 5, 7, …: step 3 fills it, and work remains after it.
    expect(engine.status).toBe('truncated');
    expect(engine.truncatedBy).toBe('maxEvents');
    expect(engine.getCurrentTick()).toBe(3);
    expect(engine.ledger.size).toBe(5);
    const done = run(scenario([source('src', 'sink', { count: 2 }), sink()], { maxEvents: 4 }));
    // Step 3 brings the ledger to 4 events, and nothing is pending then: completed, not truncated.
    expect(done.status).toBe('completed');
    expect(done.truncatedBy).toBeNull();
  });

  it('lets exactly maxEvents deliveries wait for the next step, and closes the run at one more', () => {
    // src → p → four sinks: step 1 generates (1 event), step 2 p records one event and queues four
    // deliveries. With maxEvents 4 the four fit; step 3 records collections until the ledger holds 4.
    const fanOut = (maxEvents: number) =>
      run(
        scenario(
          [
            source('src', 'p', { count: 1 }),
            processNode('p', ['a', 'b', 'c', 'd']),
            sink('a'),
            sink('b'),
            sink('c'),
            sink('d'),
          ],
          { maxEvents },
        ),
      );
    const fits = fanOut(4);
    expect(fits.truncatedBy).toBe('maxEvents');
    expect(fits.getCurrentTick()).toBe(3);
    expect(fits.ledger.size).toBe(4);
    // With maxEvents 3 the fourth delivery is one too many: closed in step 2, the ledger at 2 events.
    const over = fanOut(3);
    expect(over.truncatedBy).toBe('maxEvents');
    expect(over.getCurrentTick()).toBe(2);
    expect(over.ledger.size).toBe(2);
  });
});

describe('validation: cycles that multiply tokens', () => {
  const warningsOf = (doc: unknown) => loadScenario(doc).warnings;

  it('warns at a broadcast Multiplexer on a cycle it feeds twice', () => {
    expect(warningsOf(doubling())).toEqual([
      {
        path: '/nodes/1',
        message:
          '"router" is on a cycle through a broadcast: tokens double every lap; the run will stop at maxEvents (5000000)',
      },
    ]);
    expect(warningsOf(doubling({ maxEvents: 1000 }))[0]!.message).toMatch(/maxEvents \(1000\)$/);
  });

  it('warns at any node that sends a token along two edges of its own cycle', () => {
    const doc = scenario([
      source('src', 'p'),
      processNode('p', ['q', 'r', 'sink']),
      processNode('q', 'p'),
      processNode('r', 'p'),
      sink(),
    ]);
    expect(warningsOf(doc)).toEqual([
      {
        path: '/nodes/1',
        message:
          '"p" sends each token along 2 edges of the same cycle: tokens double every lap; the run will stop at maxEvents (5000000)',
      },
    ]);
  });

  it('does not warn for a cycle that does not multiply', () => {
    // A routing Multiplexer picks one output; a loop with one way back keeps the token count.
    expect(warningsOf(doubling({}, 'round_robin'))).toEqual([]);
    expect(warningsOf(scenario([source('src', 'p'), processNode('p', ['p', 'sink']), sink()]))).toEqual([]);
    // Two edges out, but only one back into the cycle.
    const doc = scenario([
      source('src', 'router'),
      {
        nodeId: 'router',
        type: 'Multiplexer',
        multiplexing: { strategy: 'broadcast' },
        outputs: [{ destinationNodeId: 'p' }, { destinationNodeId: 'sink' }],
      },
      processNode('p', 'router'),
      sink(),
    ]);
    expect(warningsOf(doc)).toEqual([]);
  });
});

describe('maxEvents and the examples', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const files = readdirSync(join(root, 'examples'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  it.each(files)('examples/%s: no warning about a multiplying cycle, and far below the default bound', (file) => {
    const doc = JSON.parse(readFileSync(join(root, 'examples', file), 'utf8')) as Json;
    const loaded = loadScenario(doc);
    expect(loaded.warnings.filter((w) => /every lap/.test(w.message))).toEqual([]);
    const engine = new Engine();
    engine.initialize(doc);
    engine.runToEnd();
    expect(engine.truncatedBy).not.toBe('maxEvents');
    expect(engine.ledger.size).toBeLessThan(loaded.scenario!.maxEvents / 1000);
  });
});
