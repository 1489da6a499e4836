import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { brief, collected, engineFor, events, eventsOf, run, scenario, sink, source, type Json } from './helpers';

const generated = (generation: unknown, extra = {}) =>
  run(scenario([source('src', 'sink', { generation, count: 5, ...extra }), sink()]));

describe('DataSource', () => {
  it('generates a sequence from start by step (compat valueMin as start)', () => {
    expect(collected(generated({ type: 'sequence', start: 10, step: 5 }))).toEqual([10, 15, 20, 25, 30]);
    expect(collected(generated({ type: 'sequence', valueMin: 3 }))).toEqual([3, 4, 5, 6, 7]);
  });

  it('generates a constant (compat hardcodedValue)', () => {
    expect(collected(generated({ type: 'constant', value: 'x' }))).toEqual(['x', 'x', 'x', 'x', 'x']);
    expect(collected(generated({ type: 'constant', hardcodedValue: 7 }))).toEqual([7, 7, 7, 7, 7]);
  });

  it('cycles through values (compat hardcodedValues)', () => {
    expect(collected(generated({ type: 'values', values: ['a', 'b'] }))).toEqual(['a', 'b', 'a', 'b', 'a']);
    expect(collected(generated({ type: 'values', hardcodedValues: [1, 2, 3] }))).toEqual([1, 2, 3, 1, 2]);
  });

  it('draws uniform integers within integer bounds, the same for the same seed', () => {
    const a = collected(
      run(
        scenario([
          source('src', 'sink', { generation: { type: 'random', valueMin: 1, valueMax: 6 }, count: 200 }),
          sink(),
        ]),
      ),
    );
    expect(a.every((v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 6)).toBe(true);
    expect(new Set(a).size).toBe(6);
    const b = collected(
      run(
        scenario([
          source('src', 'sink', { generation: { type: 'random', valueMin: 1, valueMax: 6 }, count: 200 }),
          sink(),
        ]),
      ),
    );
    expect(b).toEqual(a);
    const other = collected(
      run(
        scenario([
          source('src', 'sink', { generation: { type: 'random', valueMin: 1, valueMax: 6 }, count: 200 }),
          sink(),
        ]),
        { seed: 99 },
      ),
    );
    expect(other).not.toEqual(a);
  });

  it('draws floats when a bound is not an integer', () => {
    const values = collected(generated({ type: 'random', valueMin: 0, valueMax: 1.5 })) as number[];
    expect(values.some((v) => !Number.isInteger(v))).toBe(true);
    expect(values.every((v) => v >= 0 && v < 1.5)).toBe(true);
  });

  it('draws floats between the bounds when the lower bound is not 0', () => {
    const values = collected(generated({ type: 'random', valueMin: 10, valueMax: 10.5 }, { count: 50 })) as number[];
    expect(values.every((v) => v >= 10 && v < 10.5)).toBe(true);
    expect(values.some((v) => v > 10.25)).toBe(true);
    expect(values.some((v) => v < 10.25)).toBe(true);
  });

  it('reports its mode, tokens emitted and tokens still to come in aggregates', () => {
    const engine = engineFor(scenario([source('src', 'sink', { count: 5 }), sink()]));
    engine.advance(2);
    expect(engine.getNodeState('src')!.aggregates).toEqual({ mode: 'generated', emitted: 2, remaining: 3 });
    expect(engine.getNodeState('src')!.currentState).toBeNull();
    engine.runToEnd();
    expect(engine.getNodeState('src')!.aggregates).toEqual({ mode: 'generated', emitted: 5, remaining: 0 });
  });

  it('emits every max(1, round(interval·1000/tickMs)) steps from startAt until count tokens', () => {
    const steps = (extra: Record<string, unknown>, root: Record<string, unknown> = {}) =>
      eventsOf(run(scenario([source('src', 'sink', extra), sink()], root)), 'src').map((e) => e.step);
    expect(steps({ count: 3, interval: 2 })).toEqual([1, 3, 5]);
    expect(steps({ count: 3, interval: 2, startAt: 4 })).toEqual([4, 6, 8]);
    expect(steps({ count: 3, interval: 1 }, { tickMs: 500 })).toEqual([1, 3, 5]);
    expect(steps({ count: 3, interval: 0.1 })).toEqual([1, 2, 3]);
    expect(steps({ count: 0 })).toEqual([]);
  });

  it('gives each generated token the correlation id "<nodeId>-<n>" and the id "<nodeId>#<n>"', () => {
    const [first, second] = events(generated({ type: 'constant', value: 1 }));
    expect(first!.outputToken).toEqual({ id: 'src#1', correlationIds: ['src-1'], data: { value: 1 } });
    expect(second!.outputToken!.id).toBe('src#2');
  });

  describe('external events', () => {
    const doc = (extra = {}) => scenario([source('src', 'sink', { count: 5, ...extra }), sink()]);

    it('replace generated data: the source emits the events in queue order and generates nothing', () => {
      const engine = run(doc(), {
        events: [
          { targetDataSourceId: 'src', value: 'a' },
          { targetDataSourceId: 'src', value: 'b', kind: 'x' },
        ],
      });
      expect(brief(engine)).toEqual([
        '1 src TOKEN_GENERATED - -> src#1',
        '2 src TOKEN_GENERATED - -> src#2',
        '2 sink TOKEN_COLLECTED src#1 -> -',
        '3 sink TOKEN_COLLECTED src#2 -> -',
      ]);
      const [e1, e2] = events(engine);
      // Token data is the event without targetDataSourceId; a generated correlation id when it has none.
      expect(e1!.outputToken).toEqual({ id: 'src#1', correlationIds: ['src-1'], data: { value: 'a' } });
      expect(e2!.outputToken!.data).toEqual({ value: 'b', kind: 'x' });
      expect(e1!.details).toEqual({ externalEvent: 0 });
      expect(e2!.details).toEqual({ externalEvent: 1 });
    });

    it('emit batchSize events per due step', () => {
      const evs = [1, 2, 3, 4, 5].map((value) => ({ targetDataSourceId: 'src', value }));
      const engine = run(doc({ batchSize: 2, interval: 2 }), { events: evs });
      expect(eventsOf(engine, 'src').map((e) => [e.step, e.outputToken!.data['value']])).toEqual([
        [1, 1],
        [1, 2],
        [3, 3],
        [3, 4],
        [5, 5],
      ]);
    });

    it('take their correlation id from correlationId or correlationIds', () => {
      const engine = run(doc(), {
        events: [
          { targetDataSourceId: 'src', correlationId: 'req-7', value: 1 },
          { targetDataSourceId: 'src', correlationIds: ['a', 'b', 'a'], value: 2 },
        ],
      });
      const [e1, e2] = eventsOf(engine, 'src');
      expect(e1!.outputToken!.correlationIds).toEqual(['req-7']);
      expect(e1!.outputToken!.data).toEqual({ correlationId: 'req-7', value: 1 });
      expect(e2!.outputToken!.correlationIds).toEqual(['a', 'b']);
    });

    it('count in the queue size while they wait, and events added mid-run are picked up', () => {
      const engine = engineFor(doc({ count: 0 }));
      expect(engine.getQueue().size()).toBe(0);
      const q = engine.getExternalEventQueue();
      expect(q.addEvent({ targetDataSourceId: 'src', value: 1 })).toEqual({ ok: true, added: 1 });
      expect(engine.getQueue().size()).toBe(1);
      engine.runToEnd();
      expect(collected(engine)).toEqual([1]);
      q.addEvent({ targetDataSourceId: 'src', value: 2 });
      expect(engine.status).toBe('running');
      engine.runToEnd();
      expect(collected(engine)).toEqual([1, 2]);
    });

    it('are refused, all or none, when a target is not a DataSource or a field is malformed', () => {
      const engine = engineFor(doc());
      const q = engine.getExternalEventQueue();
      expect(q.addEvents([{ targetDataSourceId: 'src' }, { targetDataSourceId: 'sink' }])).toEqual({
        ok: false,
        index: 1,
        error: '"targetDataSourceId" "sink" is not a DataSource of the scenario',
      });
      expect(q.addEvents([{ value: 1 }])).toMatchObject({
        ok: false,
        index: 0,
        error: 'the event has no "targetDataSourceId"',
      });
      expect(q.addEvents([{ targetDataSourceId: 'src', correlationIds: [1] }])).toMatchObject({ ok: false });
      expect(q.addEvents(['text'])).toMatchObject({ ok: false, error: 'an event must be a JSON object' });
      expect(q.size()).toBe(0);
    });

    it('are copied when added, so changing the caller’s object changes nothing', () => {
      const engine = engineFor(doc());
      const event = { targetDataSourceId: 'src', value: 1, nested: { a: 1 } };
      engine.getExternalEventQueue().addEvent(event);
      event.nested.a = 2;
      event.value = 9;
      engine.runToEnd();
      expect(eventsOf(engine, 'src')[0]!.outputToken!.data).toEqual({ value: 1, nested: { a: 1 } });
    });

    /** The queue of an engine whose one DataSource, `feed`, listens for the original tool's "order" events. */
    const orderQueue = () =>
      engineFor(
        scenario([
          {
            nodeId: 'feed',
            type: 'DataSource',
            generation: { type: 'execution-events', eventType: 'order' },
            outputs: [{ destinationNodeId: 'sink' }],
          },
          sink(),
        ]),
      ).getExternalEventQueue();

    it('in the original tool’s shape are refused when a correlationIds list holds a non-string, in the payload or the event', () => {
      // Token correlation ids are strings (docs/dsl.md); the original tool's events are checked
      // like targeted ones: payload problems are prefixed `data: `, the event's own are not.
      const q = orderQueue();
      expect(
        q.addEvents([
          { type: 'order', data: { correlationIds: ['o-1'] } },
          { type: 'order', data: { correlationIds: ['o-1', 2] } },
        ]),
      ).toEqual({
        ok: false,
        index: 1,
        error: 'data: "correlationIds" must be an array of strings',
      });
      expect(q.addEvents([{ type: 'order', correlationIds: [3, 'o-2'], data: {} }])).toEqual({
        ok: false,
        index: 0,
        error: '"correlationIds" must be an array of strings',
      });
      expect(q.size()).toBe(0);
    });

    it('in the original tool’s shape are refused when a correlationId is not a string, in the payload or the event', () => {
      // A token's correlation ids are strings (docs/dsl.md): a single `correlationId` that is a
      // number or a list is an error, like a bad `correlationIds`; the payload's is prefixed `data: `.
      const q = orderQueue();
      expect(q.addEvents([{ type: 'order', data: { correlationId: 7 } }])).toEqual({
        ok: false,
        index: 0,
        error: 'data: "correlationId" must be a string',
      });
      expect(
        q.addEvents([
          { type: 'order', data: {} },
          { type: 'order', correlationId: ['o-1'], data: {} },
        ]),
      ).toEqual({
        ok: false,
        index: 1,
        error: '"correlationId" must be a string',
      });
      expect(q.size()).toBe(0);
    });

    it('keep a masked placeholder in the queue of the target it names when given, even if the object is reused', () => {
      // A shard run passes other shards' events as masked placeholders (addEvents' `masked`); one
      // object may be passed many times. Each time, its target is read afresh: retargeted from
      // `a` to `b`, it queues once at `a` and then twice at `b`; a masked event makes no token.
      const engine = engineFor(scenario([source('a', 'sink'), source('b', 'sink'), sink()]));
      const q = engine.getExternalEventQueue();
      const placeholder = { targetDataSourceId: 'a' };
      expect(q.addEvents([placeholder], () => true)).toEqual({ ok: true, added: 1 });
      placeholder.targetDataSourceId = 'b';
      expect(q.addEvents([placeholder, placeholder], () => true)).toEqual({ ok: true, added: 2 });
      expect(engine.getNodeState('a')!.aggregates).toEqual({ mode: 'external', emitted: 0, remaining: 1 });
      expect(engine.getNodeState('b')!.aggregates).toEqual({ mode: 'external', emitted: 0, remaining: 2 });
      engine.runToEnd();
      expect(collected(engine)).toEqual([]);
    });
  });
});

describe('DataSource work and counts', () => {
  it('spends one work unit per emission, none at the steps between two due steps', () => {
    // interval 10 s at the default tickMs 1000: emissions at steps 1, 11 and 21 (3 units) and
    // the sink's deliveries at 2, 12 and 22 (3 units): 6 units in all, so maxWork 6 completes.
    const doc = (maxWork: number) => scenario([source('src', 'sink', { count: 3, interval: 10 }), sink()], { maxWork });
    const whole = run(doc(6));
    expect(whole.status).toBe('completed');
    expect(eventsOf(whole, 'src').map((e) => e.step)).toEqual([1, 11, 21]);
    const cut = run(doc(5));
    expect(cut.truncatedBy).toBe('maxWork');
    expect(eventsOf(cut, 'src').map((e) => e.step)).toEqual([1, 11, 21]);
  });

  it('counts the external events it emitted in aggregates, and those still queued', () => {
    const engine = engineFor(scenario([source('src', 'sink', { count: 5, interval: 2 }), sink()]), {
      events: [1, 2, 3].map((value) => ({ targetDataSourceId: 'src', value })),
    });
    engine.advance(1);
    expect(engine.getNodeState('src')!.aggregates).toEqual({ mode: 'external', emitted: 1, remaining: 2 });
    engine.runToEnd();
    expect(engine.getNodeState('src')!.aggregates).toEqual({ mode: 'external', emitted: 3, remaining: 0 });
    expect(engine.getNodeState('src')!.tokensProcessed).toBe(3);
  });
});

describe('DataSource in a loaded scenario the loader never saw', () => {
  // A run started from a loaded scenario exports it as is (scenarioForm "scenario"). Its header can
  // then be changed without touching the event lines (so they still hash right): the import re-runs
  // that scenario unchecked, and what cannot be run must be refused as INVALID_LEDGER.
  function exportWith(change: (scenario: Json) => Json): string {
    const loaded = new Engine().initialize(scenario([source('src', 'sink', { count: 2 }), sink()])).scenario!;
    const started = new Engine();
    started.start(loaded, 1);
    started.runToEnd();
    const text = started.exportRun();
    const end = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, end)) as Json;
    expect(header['scenarioForm']).toBe('scenario');
    return JSON.stringify({ ...header, scenario: change(header['scenario'] as Json) }) + text.slice(end);
  }

  it('refuses an edge into the DataSource: a DataSource cannot receive a token', () => {
    // The loader refuses such an edge ("is a DataSource, which cannot receive tokens"); here src's
    // first token reaches src itself at step 2, and the re-run stops there.
    const r = Engine.importRun(
      exportWith((s) => ({ ...s, edges: [...(s['edges'] as Json[]), { from: 'src', to: 'src' }] })),
    );
    expect(r.ok ? null : r.error.code).toBe('INVALID_LEDGER');
    if (!r.ok) expect(r.error.message).toMatch(/^not a valid exported run: its scenario cannot be run: .*"src"/);
  });

  it('refuses a generation type it does not know, rather than generating nothing', () => {
    const r = Engine.importRun(
      exportWith((s) => {
        const [src, ...rest] = s['nodes'] as Json[];
        return { ...s, nodes: [{ ...src, generation: { type: 'bogus' } }, ...rest] };
      }),
    );
    expect(r.ok ? null : r.error.code).toBe('INVALID_LEDGER');
    if (!r.ok) expect(r.error.message).toMatch(/^not a valid exported run: its scenario cannot be run: .*bogus/);
  });
});
