import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { brief, engineFor, events, processNode, run, scenario, sink, source, stepOnce } from './helpers';

describe('scheduler', () => {
  it('moves a token one edge per step, breadth-first', () => {
    const engine = run(scenario([source('src', 'p', { count: 2 }), processNode('p', 'sink'), sink()]));
    expect(brief(engine)).toEqual([
      '1 src TOKEN_GENERATED - -> src#1',
      '2 src TOKEN_GENERATED - -> src#2',
      '2 p TOKEN_PROCESSED src#1 -> src#1',
      '3 p TOKEN_PROCESSED src#2 -> src#2',
      '3 sink TOKEN_COLLECTED src#1 -> -',
      '4 sink TOKEN_COLLECTED src#2 -> -',
    ]);
    expect(engine.getCurrentTick()).toBe(4);
    expect(engine.status).toBe('completed');
  });

  it('runs DataSources first, then tasks by node index, whatever the graph order', () => {
    // The sink is listed first and the source last: index order, not graph depth, orders a step.
    const engine = run(scenario([sink(), processNode('p', 'sink'), source('src', 'p', { count: 2 })]));
    expect(brief(engine)).toEqual([
      '1 src TOKEN_GENERATED - -> src#1',
      '2 src TOKEN_GENERATED - -> src#2',
      '2 p TOKEN_PROCESSED src#1 -> src#1',
      '3 sink TOKEN_COLLECTED src#1 -> -',
      '3 p TOKEN_PROCESSED src#2 -> src#2',
      '4 sink TOKEN_COLLECTED src#2 -> -',
    ]);
  });

  it('processes a node’s tokens in arrival order', () => {
    // b is listed before a, so in step 1 b emits first and its token arrives first at the sink.
    const engine = run(scenario([source('b', 'sink', { count: 1 }), source('a', 'sink', { count: 1 }), sink()]));
    expect(brief(engine)).toEqual([
      '1 b TOKEN_GENERATED - -> b#1',
      '1 a TOKEN_GENERATED - -> a#1',
      '2 sink TOKEN_COLLECTED b#1 -> -',
      '2 sink TOKEN_COLLECTED a#1 -> -',
    ]);
  });

  it('delivers the same token (same id) to every destination of a fan-out', () => {
    const engine = run(scenario([source('src', ['x', 'y'], { count: 1 }), sink('x'), sink('y')]));
    const [, x, y] = events(engine);
    expect(x!.inputToken!.id).toBe('src#1');
    // Tokens are built from the token table's columns when read: the same token, equal objects.
    expect(y!.inputToken).toStrictEqual(x!.inputToken);
  });

  it('stamps every event with startTime + step × tickMs, seq and eventId', () => {
    const engine = run(
      scenario([source('src', 'sink', { count: 2, interval: 0.5 }), sink()], { startTime: 1000, tickMs: 500 }),
    );
    expect(events(engine).map((e) => [e.eventId, e.seq, e.step, e.timestamp])).toEqual([
      ['e1', 1, 1, 1500],
      ['e2', 2, 2, 2000],
      ['e3', 3, 2, 2000],
      ['e4', 4, 3, 2500],
    ]);
  });

  it('counts every pending task in the queue size and ends exactly when it reaches 0', async () => {
    const engine = engineFor(scenario([source('src', 'p', { count: 2 }), processNode('p', 'sink'), sink()]));
    const sizes = [engine.getQueue().size()];
    while (engine.getQueue().size() > 0) {
      await engine.step();
      sizes.push(engine.getQueue().size());
    }
    // Before step 1: 2 tokens to generate. After 1: 1 to generate + 1 delivery. After 2: 2
    // deliveries. After 3: 1 delivery. After 4: nothing.
    expect(sizes).toEqual([2, 2, 2, 1, 0]);
    expect(engine.getCurrentTick()).toBe(4);
    expect(engine.status).toBe('completed');
    const after = await engine.step();
    expect(after).toMatchObject({ executed: false, step: 4 });
  });

  it('reports each step: its events and what is left', async () => {
    const engine = engineFor(scenario([source('src', 'sink', { count: 1 }), sink()]));
    expect(engine.status).toBe('ready');
    expect(await engine.step()).toEqual({
      step: 1,
      executed: true,
      firstSeq: 1,
      lastSeq: 1,
      queueSize: 1,
      status: 'running',
    });
    expect(await engine.step()).toEqual({
      step: 2,
      executed: true,
      firstSeq: 2,
      lastSeq: 2,
      queueSize: 0,
      status: 'completed',
    });
  });

  it('ends a run at maxSteps as truncated, never silently', () => {
    const engine = run(scenario([source('src', 'sink', { count: 10 }), sink()], { maxSteps: 3 }));
    expect(engine.status).toBe('truncated');
    expect(engine.getCurrentTick()).toBe(3);
    expect(engine.getQueue().size()).toBe(0);
    expect(stepOnce(engine)).toBe(false);
    expect(brief(engine).at(-1)).toBe('3 sink TOKEN_COLLECTED src#2 -> -');
  });

  it('spends no work on a wake-up asked for after maxSteps: the run ends at maxSteps, not by maxWork', () => {
    // src's one token (1 unit to emit at step 1) reaches agg at step 2 (1 unit to deliver); agg's
    // 100 s window is due at step 100, past maxSteps 10, so nothing more happens before step 10,
    // where the run ends truncated with agg's buffer pending. 2 units are within maxWork 2.
    const doc = scenario(
      [
        source('src', 'agg', { count: 1 }),
        {
          nodeId: 'agg',
          type: 'Aggregator',
          aggregation: { method: 'sum', trigger: { type: 'time', window: 100 } },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ],
      { maxSteps: 10, maxWork: 2 },
    );
    const engine = run(doc);
    expect(engine.status).toBe('truncated');
    expect(engine.truncatedBy).toBe('maxSteps');
    expect(engine.getCurrentTick()).toBe(10);
  });

  it('closes a run completed at maxSteps as truncated by maxSteps when events arrive after it', () => {
    // src's one token is made at step 1 and collected at step 2 = maxSteps: the run completes there.
    // An event added then can never be emitted (its DataSource would emit it after maxSteps), so
    // the next advance closes the run as truncated by maxSteps, writing nothing (docs/dsl.md, End).
    const engine = run(
      scenario([source('src', 'sink', { count: 1 }), source('ext', 'sink', { count: 0 }), sink()], { maxSteps: 2 }),
    );
    expect(engine.status).toBe('completed');
    expect(engine.getCurrentTick()).toBe(2);
    expect(engine.getExternalEventQueue().addEvents([{ targetDataSourceId: 'ext', value: 5 }])).toEqual({
      ok: true,
      added: 1,
    });
    expect(engine.status).toBe('running');
    // `steps` bounds the loop: a scheduler that answered "stepped" without moving would spin here.
    engine.advance(6, { steps: 10 });
    expect({ status: engine.status, truncatedBy: engine.truncatedBy, queue: engine.getQueue().size() }).toEqual({
      status: 'truncated',
      truncatedBy: 'maxSteps',
      queue: 0,
    });
    expect(brief(engine)).toEqual(['1 src TOKEN_GENERATED - -> src#1', '2 sink TOKEN_COLLECTED src#1 -> -']);
    // It closes at step maxSteps, as a run with work pending at that step's end does: no step past it.
    expect(engine.getCurrentTick()).toBe(2);
  });

  it('keeps idle steps while a source waits for its start step', () => {
    const engine = run(scenario([source('src', 'sink', { count: 1, startAt: 4 }), sink()]));
    expect(brief(engine)).toEqual(['4 src TOKEN_GENERATED - -> src#1', '5 sink TOKEN_COLLECTED src#1 -> -']);
  });

  it('stops at a given step with runUntil and continues to the same ledger', () => {
    const doc = scenario([
      source('src', 'p', { count: 5 }),
      processNode('p', 'sink', { formula: 'value * 2' }),
      sink(),
    ]);
    const whole = run(doc);
    const split = engineFor(doc);
    expect(split.advance(3)).toBe('running');
    expect(split.getCurrentTick()).toBe(3);
    const hashAt3 = split.ledgerHash();
    expect(split.runToEnd()).toBe('completed');
    expect(split.ledgerHash()).toBe(whole.ledgerHash());
    expect(hashAt3).not.toBe(whole.ledgerHash());
  });

  it('leaves the engine uninitialised after an invalid scenario', () => {
    const engine = new Engine();
    const result = engine.initialize({ version: '3.0', nodes: [{ nodeId: 'x', type: 'Nope' }] });
    expect(result.scenario).toBeNull();
    expect(result.errors.length).toBeGreaterThan(0);
    expect(engine.initialized).toBe(false);
    expect(() => engine.getQueue()).toThrow(/not initialised/);
  });

  it('refuses a seed that is not a finite number', () => {
    const engine = new Engine();
    const result = engine.initialize(scenario([source('src', 'sink'), sink()]), { seed: Number.NaN });
    expect(result.errors[0]!.message).toMatch(/seed/);
    expect(engine.initialized).toBe(false);
  });

  it('gives every node a state', () => {
    const engine = run(
      scenario([source('src', 'p', { count: 2 }), processNode('p', 'sink'), sink()], { startTime: 0 }),
    );
    expect(engine.getNodeState('p')).toEqual({
      nodeId: 'p',
      currentState: null,
      tokensProcessed: 2,
      aggregates: { transformed: 0, passed: 2, errors: 0 },
      lastUpdate: 3000,
    });
    expect(engine.getNodeState('src')).toMatchObject({
      tokensProcessed: 2,
      aggregates: { mode: 'generated', emitted: 2, remaining: 0 },
    });
    expect(engine.getNodeState('nope')).toBeUndefined();
    expect(Object.keys(engine.getNodeStates())).toEqual(['src', 'p', 'sink']);
  });

  it('lists the next deliveries in execution order', () => {
    const engine = engineFor(scenario([source('src', ['x', 'y'], { count: 1 }), sink('x'), sink('y')]));
    stepOnce(engine);
    expect(engine.getQueue().peek()).toEqual([
      { nodeId: 'x', tokenId: 'src#1' },
      { nodeId: 'y', tokenId: 'src#1' },
    ]);
    expect(engine.getQueue().deliveries()).toBe(2);
  });

  it('lists the next deliveries in scenario order, not in the order they were queued', () => {
    // src sends to y first, then x; nodes run in scenario order (x before y), so x's delivery is first.
    const engine = engineFor(scenario([source('src', ['y', 'x'], { count: 1 }), sink('x'), sink('y')]));
    stepOnce(engine);
    expect(engine.getQueue().peek()).toEqual([
      { nodeId: 'x', tokenId: 'src#1' },
      { nodeId: 'y', tokenId: 'src#1' },
    ]);
    stepOnce(engine);
    expect(brief(engine, (e) => e.step === 2)).toEqual([
      '2 x TOKEN_COLLECTED src#1 -> -',
      '2 y TOKEN_COLLECTED src#1 -> -',
    ]);
  });

  it('replays from a checkpoint between two due steps of a DataSource with the work the run spent', () => {
    // interval 2 s at tickMs 1000: src emits at steps 1, 3, 5 and the sink collects at 2 and 4, one
    // work unit each, so step t has spent t units; maxWork 5 closes the run in step 6 (its delivery is
    // unit 6). With checkpoints every 6 units of events + steps, one is taken after step 3 (3 + 3).
    // From it the replay of step 5 spends units 4 and 5 (the collection at 4, the emission at 5) and
    // stands where the run stood: running, src#3 on its way to the sink, 2 tokens collected.
    const engine = new Engine({ checkpointSpacing: 6 });
    const loaded = engine.initialize(
      scenario([source('src', 'sink', { count: 5, interval: 2 }), sink()], { maxWork: 5 }),
    );
    expect(loaded.errors).toEqual([]);
    expect(engine.advance(5)).toBe('running');
    const live = engine.stateAt(5);
    expect(engine.advance('end')).toBe('truncated');
    expect(engine.truncatedBy).toBe('maxWork');
    expect(engine.getCurrentTick()).toBe(6);
    expect(engine.diagnostics().checkpoints.count).toBe(2);
    const replayed = engine.stateAt(5);
    expect(replayed.ok && replayed.value).toMatchObject({
      step: 5,
      status: 'running',
      ledgerSize: 5,
      edgeWaiting: [1],
      sinks: { sink: { count: 2, sum: 3, values: [1, 2] } },
    });
    expect(replayed).toEqual(live);
  });
});
