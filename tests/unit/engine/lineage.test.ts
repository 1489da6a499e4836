/**
 * Lineage of a correlation id and provenance of a token: joins and aggregations show both parents,
 * a Multiplexer the branch taken, an FSM its transitions; the provenance of an aggregate reaches
 * every contributing source token, and descendants are its exact inverse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { Ledger } from '../../../src/engine/ledger/ledger';
import { provenance } from '../../../src/engine/query/provenance';
import type { LiveRun } from '../../../src/engine/replay/liveRun';
import type { Lineage, Provenance, QueryResult } from '../../../src/contract/queries';
import { buildScenario, shapeArbitrary } from './scenarioArbitrary';
import { engineFor, processNode, run, scenario, sink, source } from './helpers';

function value<T>(r: QueryResult<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** One line per lineage element: `step node OPERATION token`. */
function path(l: Lineage): string[] {
  return l.path.map(
    (e) => `${e.step} ${e.nodeId} ${e.operation} ${e.tokenId}${e.from !== undefined ? ` ${e.from}->${e.to}` : ''}`,
  );
}

const joinDoc = scenario([
  source('a', 'join', { count: 1 }),
  source('b', 'join', { count: 1, startAt: 2 }),
  processNode('join', 'sink', { inputs: [{ nodeId: 'a' }, { nodeId: 'b' }], formula: '{ total: a.value + b.value }' }),
  sink(),
]);

describe('lineage', () => {
  it('of a join shows each parent’s path into the join, and the joined token after it', () => {
    const engine = run(joinDoc);
    expect(path(value(engine.lineage('a-1')))).toEqual([
      '1 a TOKEN_GENERATED a#1',
      '2 join TOKEN_BUFFERED a#1',
      '3 join TOKEN_TRANSFORMED join#1',
      '4 sink TOKEN_COLLECTED join#1',
    ]);
    expect(path(value(engine.lineage('b-1')))).toEqual([
      '2 b TOKEN_GENERATED b#1',
      '3 join TOKEN_BUFFERED b#1',
      '3 join TOKEN_TRANSFORMED join#1',
      '4 sink TOKEN_COLLECTED join#1',
    ]);
    // The joined token carries both ids, in input order.
    expect(value(engine.lineage('a-1')).path.at(-1)).toMatchObject({ data: { total: 2 } });
    expect(engine.ledger.tokens.correlationIds(engine.ledger.tokenIndexOf('join#1'))).toEqual(['a-1', 'b-1']);
  });

  it('of an aggregation shows both parents reaching the aggregate, with data and timestamps', () => {
    const engine = run(
      scenario([
        source('src', 'agg', { count: 2 }),
        {
          nodeId: 'agg',
          type: 'Aggregator',
          aggregation: { method: 'sum', trigger: { type: 'count', window: 2 } },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
    );
    const first = value(engine.lineage('src-1'));
    expect(path(first)).toEqual([
      '1 src TOKEN_GENERATED src#1',
      '2 agg TOKEN_BUFFERED src#1',
      '3 agg TOKEN_AGGREGATED agg#1',
      '4 sink TOKEN_COLLECTED agg#1',
    ]);
    expect(path(value(engine.lineage('src-2')))).toEqual([
      '2 src TOKEN_GENERATED src#2',
      '3 agg TOKEN_BUFFERED src#2',
      '3 agg TOKEN_AGGREGATED agg#1',
      '4 sink TOKEN_COLLECTED agg#1',
    ]);
    expect(first.path[0]).toMatchObject({
      nodeId: 'src',
      data: { value: 1 },
      timestamp: engine.scenario.startTime + 1000,
      seq: 1,
    });
    expect(first.path[2]).toMatchObject({ data: { value: 3, count: 2, method: 'sum' }, details: { trigger: 'count' } });
    expect(first).toMatchObject({ correlationId: 'src-1', step: engine.getCurrentTick() });
  });

  it('of a Multiplexer shows the branch each token took', () => {
    const engine = run(
      scenario([
        source('src', 'router', { count: 3, generation: { type: 'values', values: [50, 500, 70] } }),
        {
          nodeId: 'router',
          type: 'Multiplexer',
          multiplexing: { strategy: 'conditional', conditions: ['value >= 100', 'true'] },
          outputs: [
            { name: 'big', destinationNodeId: 'review' },
            { name: 'small', destinationNodeId: 'sink' },
          ],
        },
        sink('review'),
        sink(),
      ]),
    );
    const routed = (id: string) => value(engine.lineage(id)).path.filter((e) => e.nodeId !== 'src');
    expect(routed('src-2').map((e) => [e.nodeId, e.operation, e.details?.['output'] ?? null])).toEqual([
      ['router', 'TOKEN_ROUTED', 'big'],
      ['review', 'TOKEN_COLLECTED', null],
    ]);
    expect(routed('src-1').map((e) => [e.nodeId, e.details?.['output'] ?? null])).toEqual([
      ['router', 'small'],
      ['sink', null],
    ]);
  });

  it('of an FSM instance shows its transitions with from and to', () => {
    const engine = run(
      scenario([
        source('src', 'fsm', { count: 0 }),
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            instancePer: 'correlationId',
            states: ['open', 'paid', 'shipped'],
            transitions: [
              { from: 'open', to: 'paid', trigger: 'pay' },
              { from: 'paid', to: 'shipped', trigger: 'ship' },
            ],
          },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
      {
        events: [
          { targetDataSourceId: 'src', correlationId: 'order-7', event: 'pay' },
          { targetDataSourceId: 'src', correlationId: 'order-8', event: 'pay' },
          { targetDataSourceId: 'src', correlationId: 'order-7', event: 'ship' },
        ],
      },
    );
    const l = value(engine.lineage('order-7'));
    expect(
      l.path.filter((e) => e.operation === 'STATE_TRANSITION').map((e) => `${e.step} ${e.from}->${e.to} ${e.tokenId}`),
    ).toEqual(['2 open->paid fsm#1', '4 paid->shipped fsm#3']);
    expect(
      l.path.filter((e) => e.operation !== 'STATE_TRANSITION').every((e) => e.from === undefined && e.to === undefined),
    ).toBe(true);
    expect(l.path.at(-1)).toMatchObject({
      nodeId: 'sink',
      data: { event: 'ship', state: 'shipped', previousState: 'paid' },
    });
  });

  it('of a per-correlation-id FSM shows its timer transitions, without a token', () => {
    const doc = timerFsm('correlationId');
    const events = [
      { targetDataSourceId: 'src', correlationId: 'c1', event: 'ping' },
      { targetDataSourceId: 'src', correlationId: 'c2', event: 'ping' },
      { targetDataSourceId: 'src', correlationId: 'c2', event: 'ping' },
    ];
    const engine = run(doc, { events });
    const timerOf = (l: Lineage) => l.path.filter((e) => e.tokenId === null);
    const l2 = value(engine.lineage('c2'));
    expect(path(l2)).toEqual([
      '2 src TOKEN_GENERATED src#2',
      '3 src TOKEN_GENERATED src#3',
      '3 fsm STATE_TRANSITION fsm#2 open->open',
      '4 fsm STATE_TRANSITION fsm#3 open->open',
      '4 sink TOKEN_COLLECTED fsm#2',
      '5 sink TOKEN_COLLECTED fsm#3',
      '6 fsm STATE_TRANSITION null open->idle',
    ]);
    const timer = timerOf(l2);
    expect(timer).toHaveLength(1);
    const fired = timer[0]!;
    // The ledger's own record of that firing: a tokenless STATE_TRANSITION of the node.
    const ev = engine.ledger.get(fired.seq);
    expect(ev.inputToken).toBeUndefined();
    expect(ev.outputToken).toBeUndefined();
    expect(fired).toEqual({
      nodeId: 'fsm',
      timestamp: ev.timestamp,
      operation: 'STATE_TRANSITION',
      data: null,
      step: ev.step,
      tokenId: null,
      seq: ev.seq,
      from: 'open',
      to: 'idle',
      details: { trigger: 'timer' },
    });
    // Two steps after c2's last ping entered "open" (again), and after it in the path.
    const lastPing = l2.path.filter((e) => e.operation === 'STATE_TRANSITION' && e.tokenId !== null).at(-1)!;
    expect(lastPing).toMatchObject({ from: 'open', to: 'open' });
    expect(fired.step).toBe(lastPing.step + 2);
    expect(l2.path.at(-1)!.seq).toBe(fired.seq);
    expect(l2.path.map((e) => e.seq)).toEqual([...l2.path.map((e) => e.seq)].sort((a, b) => a - b));
    // c1 has its own timeout, at its own step; no id sees the other's.
    const c1 = timerOf(value(engine.lineage('c1')));
    expect(c1.map((e) => `${e.from}->${e.to}`)).toEqual(['open->idle']);
    expect(c1[0]!.seq).not.toBe(fired.seq);
    // Every tokenless transition of the node is in exactly one id's lineage.
    const tokenless = engine.ledger
      .seqsOfNode(engine.ledger.nodeIndex('fsm')!)
      .filter((seq) => engine.ledger.inputOf(seq) < 0 && engine.ledger.outputOf(seq) < 0);
    expect([...tokenless].sort()).toEqual([c1[0]!.seq, fired.seq].sort());

    // At an earlier step: the lineage stops before the timeout, and the replayed state agrees.
    const before = value(engine.lineage('c2', fired.step - 1));
    expect(timerOf(before)).toEqual([]);
    expect(before.path).toEqual(l2.path.filter((e) => e.step <= fired.step - 1));
    expect(value(engine.lineage('c2', fired.step)).path).toEqual(l2.path.filter((e) => e.step <= fired.step));
    const counts = (step: number) => value(engine.stateAt(step)).nodeStates['fsm']!.aggregates;
    expect(counts(fired.step - 1)).toMatchObject({ open: 1, idle: 1 });
    expect(counts(fired.step)).toMatchObject({ open: 0, idle: 2 });
    // A run stopped at that step (nothing beyond it executed) has the same lineage.
    for (const k of [fired.step - 1, fired.step]) {
      const partial = engineFor(doc, { events });
      partial.advance(k);
      expect(value(partial.lineage('c2')).path).toEqual(value(engine.lineage('c2', k)).path);
    }

    // Export → import re-executes the run: same ledger hash, same lineage.
    const text = engine.exportRun();
    const imported = value(Engine.importRun(text));
    expect(imported.ledgerHash()).toBe(engine.ledgerHash());
    expect(imported.exportRun()).toBe(text);
    for (const id of ['c1', 'c2']) expect(value(imported.lineage(id))).toEqual(value(engine.lineage(id)));

    // A ledger rebuilt from its events gets the posting back when it is given the instance's key.
    const copy = new Ledger(engine.ledger.nodes, engine.ledger.startTime, engine.ledger.tickMs);
    const bare = new Ledger(engine.ledger.nodes, engine.ledger.startTime, engine.ledger.tickMs);
    for (let seq = 1; seq <= engine.ledger.size; seq++) {
      const event = JSON.parse(JSON.stringify(engine.ledger.get(seq)));
      copy.appendEvent(event, engine.ledger.postedKeyOf(seq));
      bare.appendEvent(event);
    }
    expect(engine.ledger.postedKeyOf(fired.seq)).toBe('c2');
    expect(engine.ledger.postedKeyOf(lastPing.seq)).toBeUndefined();
    for (const id of ['c1', 'c2']) expect(copy.seqsOfCorrelation(id)).toEqual(engine.ledger.seqsOfCorrelation(id));
    expect(copy.toNdjson()).toBe(engine.ledger.toNdjson());
    // Without it the event alone does not name the instance: the posting is left out.
    expect(bare.seqsOfCorrelation('c2')).toEqual(
      engine.ledger.seqsOfCorrelation('c2').filter((seq) => seq !== fired.seq),
    );
    expect(bare.hash()).toBe(engine.ledger.hash());
  });

  it('of a node-mode FSM’s timer transition: not in any id’s lineage (a node-mode machine has no correlation id)', () => {
    const engine = run(timerFsm('node'), {
      events: [{ targetDataSourceId: 'src', correlationId: 'c1', event: 'ping' }],
    });
    const fsm = engine.ledger.seqsOfNode(engine.ledger.nodeIndex('fsm')!);
    const timer = [...fsm].filter((seq) => engine.ledger.get(seq).details?.['trigger'] === 'timer');
    expect(timer).toHaveLength(1);
    expect(value(engine.lineage('c1')).path.every((e) => e.tokenId !== null)).toBe(true);
    expect(engine.ledger.postedKeyOf(timer[0]!)).toBeUndefined();
  });

  it('gives an event without details no details member (nor from/to)', () => {
    // src makes src#1 = {value: 1} at step 1 (sequence from 1) and the sink collects it at step 2;
    // with startTime 0 and tickMs 1000 the times are 1000 and 2000. Neither event has details.
    const engine = run(scenario([source('src', 'sink', { count: 1 }), sink()], { startTime: 0, tickMs: 1000 }));
    expect(value(engine.lineage('src-1')).path).toStrictEqual([
      {
        nodeId: 'src',
        timestamp: 1000,
        operation: 'TOKEN_GENERATED',
        data: { value: 1 },
        step: 1,
        tokenId: 'src#1',
        seq: 1,
      },
      {
        nodeId: 'sink',
        timestamp: 2000,
        operation: 'TOKEN_COLLECTED',
        data: { value: 1 },
        step: 2,
        tokenId: 'src#1',
        seq: 2,
      },
    ]);
  });

  it('stops at the step asked for, and is an error value for an unknown id or a step beyond the run', () => {
    const engine = run(joinDoc);
    expect(path(value(engine.lineage('a-1', 2)))).toEqual(['1 a TOKEN_GENERATED a#1', '2 join TOKEN_BUFFERED a#1']);
    expect(value(engine.lineage('b-1', 1)).path).toEqual([]);
    const unknown = engine.lineage('nobody-9');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok)
      expect(unknown.error).toMatchObject({
        code: 'UNKNOWN_CORRELATION_ID',
        message: expect.stringContaining('nobody-9'),
      });
    const beyond = engine.lineage('a-1', 99);
    expect(!beyond.ok && beyond.error.code).toBe('STEP_OUT_OF_RANGE');
  });

  it('is UNKNOWN_CORRELATION_ID, not a throw, for an id that is not a text (a JavaScript caller’s number)', () => {
    const engine = run(joinDoc);
    expect(engine.lineage(1 as unknown as string)).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_CORRELATION_ID',
        message: 'no token of this run carries the correlation id "1"',
        details: { correlationId: 1 },
      },
    });
  });
});

const aggregateDoc = scenario([
  source('src', 'price', { count: 4 }),
  processNode('price', 'agg', { formula: 'value * 10' }),
  {
    nodeId: 'agg',
    type: 'Aggregator',
    aggregation: { method: 'sum', trigger: { type: 'count', window: 3 } },
    outputs: [{ destinationNodeId: 'sink' }],
  },
  sink(),
]);

describe('provenance and descendants', () => {
  it('of an aggregate reach every contributing source token', () => {
    const engine = run(aggregateDoc);
    const p = value(engine.provenance('agg#1'));
    expect(p.roots.sort()).toEqual(['src#1', 'src#2', 'src#3']);
    expect(p.leaves).toEqual(['agg#1']);
    expect(p.nodes.map((n) => n.tokenId).sort()).toEqual([
      'agg#1',
      'price#1',
      'price#2',
      'price#3',
      'src#1',
      'src#2',
      'src#3',
    ]);
    expect(p.nodes.find((n) => n.tokenId === 'agg#1')).toMatchObject({ nodeId: 'agg', operation: 'TOKEN_AGGREGATED' });
    expect(p.nodes.find((n) => n.tokenId === 'src#2')).toMatchObject({
      nodeId: 'src',
      operation: 'TOKEN_GENERATED',
      step: 2,
    });
    expect(p.edges).toContainEqual({ from: 'price#2', to: 'agg#1' });
    expect(p.edges).toContainEqual({ from: 'src#2', to: 'price#2' });
    expect(p.edges).toHaveLength(6);
    // The last, partial window flushes at the end: an aggregate of one.
    expect(value(engine.provenance('agg#2')).roots).toEqual(['src#4']);
  });

  it('of a token whose creating event the ledger lacks: the token alone, at its first event', () => {
    // src → price (value * 10) → sink over one token: e1 makes src#1, e2 transforms it into price#1, e3 collects that.
    // A ledger read back without e1 (the others renumbered 1, 2) knows src#1 only as e2's input: it is
    // its own root and leaf, shown at e2 (its first event); price#1 still has src#1 as its parent.
    const engine = run(
      scenario([source('src', 'price', { count: 1 }), processNode('price', 'sink', { formula: 'value * 10' }), sink()]),
    );
    const l = engine.ledger;
    expect(l.size).toBe(3);
    const rest = new Ledger(l.nodes, l.startTime, l.tickMs);
    for (let seq = 2; seq <= 3; seq++) rest.appendEvent({ ...l.get(seq), seq: seq - 1 });
    const stored = { ledger: rest } as unknown as LiveRun;
    const node = { tokenId: 'src#1', nodeId: 'price', operation: 'TOKEN_TRANSFORMED', step: 2, seq: 1 };
    expect(value(provenance(stored, 'src#1'))).toEqual({
      tokenId: 'src#1',
      nodes: [node],
      edges: [],
      roots: ['src#1'],
      leaves: ['src#1'],
    });
    expect(value(provenance(stored, 'price#1'))).toEqual({
      tokenId: 'price#1',
      nodes: [{ tokenId: 'price#1', nodeId: 'price', operation: 'TOKEN_TRANSFORMED', step: 2, seq: 1 }, node],
      edges: [{ from: 'src#1', to: 'price#1' }],
      roots: ['src#1'],
      leaves: ['price#1'],
    });
  });

  it('is UNKNOWN_TOKEN, not a throw, for a token the run made but never wrote (maxEvents reached)', () => {
    // maxEvents 2: step 1 writes e1 (src#1), step 2 writes e2 (src#2), then price turns src#1 into
    // price#1 but the ledger is full, so no event names price#1 and the run ends truncated. Queries
    // answer errors as values (docs/time-travel.md), and this run holds no token "price#1".
    const engine = run(
      scenario(
        [source('src', 'price', { count: 2 }), processNode('price', 'sink', { formula: 'value * 10' }), sink()],
        {
          maxEvents: 2,
        },
      ),
    );
    expect(engine.ledger.size).toBe(2);
    const unknown = {
      ok: false,
      error: { code: 'UNKNOWN_TOKEN', message: 'no token "price#1" in this run', details: { tokenId: 'price#1' } },
    };
    expect(engine.provenance('price#1')).toEqual(unknown);
    expect(engine.descendants('price#1')).toEqual(unknown);
    expect(value(engine.provenance('src#2')).roots).toEqual(['src#2']);
  });

  it('of a joined token reach both parents', () => {
    const engine = run(joinDoc);
    expect(value(engine.provenance('join#1')).roots).toEqual(['a#1', 'b#1']);
    expect(value(engine.descendants('b#1')).leaves).toEqual(['join#1']);
  });

  it('descendants follow a source token to what it became', () => {
    const engine = run(aggregateDoc);
    const d = value(engine.descendants('src#1'));
    expect(d.nodes.map((n) => n.tokenId)).toEqual(['src#1', 'price#1', 'agg#1']);
    expect(d.edges).toEqual([
      { from: 'src#1', to: 'price#1' },
      { from: 'price#1', to: 'agg#1' },
    ]);
    expect(d.roots).toEqual(['src#1']);
    expect(d.leaves).toEqual(['agg#1']);
    const unknown = engine.provenance('src#99');
    expect(!unknown.ok && unknown.error.code).toBe('UNKNOWN_TOKEN');
    expect(!engine.descendants('nope').ok).toBe(true);
  });

  it('is UNKNOWN_TOKEN, not a throw, for a token id that is not a text (a JavaScript caller’s number)', () => {
    const engine = run(aggregateDoc);
    const expected = {
      ok: false,
      error: { code: 'UNKNOWN_TOKEN', message: 'no token "1" in this run', details: { tokenId: 1 } },
    };
    expect(engine.provenance(1 as unknown as string)).toEqual(expected);
    expect(engine.descendants(1 as unknown as string)).toEqual(expected);
  });

  it('are inverse relations: a ∈ ancestors(b) ⇔ b ∈ descendants(a), for every pair of tokens', () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        const engine = new Engine();
        engine.initialize(buildScenario(shape));
        engine.runToEnd();
        const ids = engine.ledger.tokens.slice().map((t) => t.id);
        const reach = (r: QueryResult<Provenance>) => new Set(value(r).nodes.map((n) => n.tokenId));
        const ancestors = new Map(ids.map((id) => [id, reach(engine.provenance(id))]));
        const descendants = new Map(ids.map((id) => [id, reach(engine.descendants(id))]));
        for (const a of ids)
          for (const b of ids) expect(ancestors.get(b)!.has(a), `${a} / ${b}`).toBe(descendants.get(a)!.has(b));
        // Roots of any provenance are tokens nothing was made from: generated, or emitted by an FSM timer.
        for (const id of ids)
          for (const root of value(engine.provenance(id)).roots)
            expect(value(engine.provenance(root)).nodes).toHaveLength(1);
      }),
      { numRuns: 60 },
    );
  });
});

/** Events feed an FSM whose instances go `open → idle` by a timer two steps after their last ping. */
function timerFsm(instancePer: 'node' | 'correlationId') {
  return scenario([
    source('src', 'fsm', { count: 0 }),
    {
      nodeId: 'fsm',
      type: 'FSM',
      fsm: {
        instancePer,
        states: ['open', 'idle'],
        transitions: [
          { from: 'open', to: 'open', trigger: 'ping' },
          { from: 'open', to: 'idle', trigger: 'timer', after: 2 },
        ],
      },
      outputs: [{ destinationNodeId: 'sink' }],
    },
    sink(),
  ]);
}

describe('lineage: the tokens each element came from (issue 41, item 4)', () => {
  it('names the consumed tokens of a transform and an aggregate, none for routed, buffered and collected tokens', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = JSON.parse(readFileSync(new URL('../../../examples/load-balancer.json', import.meta.url), 'utf8'));
    const engine = new Engine();
    expect(engine.initialize(doc.scenario).errors).toEqual([]);
    engine.runToEnd();
    const l = value(engine.lineage('requests-1'));
    const at = (node: string, op: string) => l.path.find((e) => e.nodeId === node && e.operation === op)!;
    expect(at('serverA', 'TOKEN_TRANSFORMED').parentTokenIds).toEqual(['requests#1']);
    expect(at('lastPerServer', 'TOKEN_AGGREGATED').parentTokenIds).toEqual(['serverA#1', 'serverA#2']);
    expect(at('requests', 'TOKEN_GENERATED')).not.toHaveProperty('parentTokenIds');
    expect(at('balancer', 'TOKEN_ROUTED')).not.toHaveProperty('parentTokenIds');
    expect(at('lastPerServer', 'TOKEN_BUFFERED')).not.toHaveProperty('parentTokenIds');
    const collected = l.path.find((e) => e.nodeId === 'metrics' && e.tokenId === 'lastPerServer#1')!;
    expect(collected.operation).toBe('TOKEN_COLLECTED');
    expect(collected).not.toHaveProperty('parentTokenIds');
  });
});
