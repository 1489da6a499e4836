/**
 * The sharding promise, checked on generated templates: for per-correlation templates (a log-fed
 * DataSource, an FSM with one machine per id, then a Sink, a conditional Multiplexer, a
 * ProcessNode with a fan-out or an Aggregator grouped by correlation id) and generated event sets,
 * the merge of N shard runs (N = 1…8) is the single run's ledger byte for byte, with its hash and
 * its Sink totals. Shard runs and the merge run in-process on the same code the command line uses.
 * The same holds for `run --workers`' merge of line batches handed over while the shards run
 * (cli/shard/lineBatch.ts, batchMerge.ts), whatever order the batches of the shards arrive in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultHasher } from '../../../../src/engine';
import { mergeShards, shardability } from '../../../../src/engine/shard';
import { shardEvents } from '../../../../src/cli/shard/shardEvents';
import { runSummary } from '../../../../src/cli/commands/runSummary';
import { summaryOf } from '../../../../src/cli/shard/mergeFiles';
import { LineBatcher, type LineBatch } from '../../../../src/cli/shard/lineBatch';
import { BatchMerge } from '../../../../src/cli/shard/batchMerge';
import { linesOf, load, shardFile } from './shardFiles';

interface Shape {
  batchSize: number;
  interval: number;
  states: number;
  transitions: { from: number; to: number; ev: string; cond: boolean }[];
  emitMode: boolean;
  tail: 'sink' | 'mux' | 'process' | 'agg';
  window: number;
  events: { id: number; ev: string; v: number }[];
}

const EVENTS = ['a', 'b', 'c'];

const shapeArbitrary: fc.Arbitrary<Shape> = fc.record({
  batchSize: fc.integer({ min: 1, max: 4 }),
  interval: fc.constantFrom(1, 2),
  states: fc.integer({ min: 2, max: 4 }),
  transitions: fc.array(
    fc.record({
      from: fc.nat({ max: 3 }),
      to: fc.nat({ max: 3 }),
      ev: fc.constantFrom(...EVENTS),
      cond: fc.boolean(),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  emitMode: fc.boolean(),
  tail: fc.constantFrom('sink', 'mux', 'process', 'agg'),
  window: fc.integer({ min: 1, max: 3 }),
  events: fc.array(fc.record({ id: fc.nat({ max: 11 }), ev: fc.constantFrom(...EVENTS), v: fc.nat({ max: 9 }) }), {
    minLength: 1,
    maxLength: 60,
  }),
});

function template(s: Shape): unknown {
  const names = Array.from({ length: s.states }, (_, i) => `s${i}`);
  const sink = (nodeId: string) => ({ nodeId, type: 'Sink' });
  const tails: Record<Shape['tail'], unknown[]> = {
    sink: [sink('done')],
    mux: [
      {
        nodeId: 'route',
        type: 'Multiplexer',
        multiplexing: { strategy: 'conditional', conditions: ['data.v > 4', 'data.v > 1'] },
        outputs: [
          { name: 'high', destinationNodeId: 'done' },
          { name: 'low', destinationNodeId: 'low' },
        ],
      },
      sink('done'),
      sink('low'),
    ],
    process: [
      {
        nodeId: 'double',
        type: 'ProcessNode',
        transform: { w: 'data.v * 2' },
        outputs: [{ destinationNodeId: 'done' }],
      },
      sink('done'),
      sink('low'),
    ],
    agg: [
      {
        nodeId: 'perId',
        type: 'Aggregator',
        aggregation: {
          method: 'sum',
          field: 'v',
          groupBy: 'correlationId',
          trigger: { type: 'count', window: s.window },
          flushOnEnd: false,
        },
        outputs: [{ destinationNodeId: 'done' }],
      },
      sink('done'),
    ],
  };
  const first = { mux: 'route', process: 'double', agg: 'perId', sink: 'done' }[s.tail];
  return {
    version: '3.0',
    seed: 7,
    tickMs: 1000,
    maxSteps: 10000,
    nodes: [
      {
        nodeId: 'log',
        type: 'DataSource',
        count: 0,
        batchSize: s.batchSize,
        interval: s.interval,
        outputs: [{ destinationNodeId: 'machine' }],
      },
      {
        nodeId: 'machine',
        type: 'FSM',
        fsm: {
          instancePer: 'correlationId',
          eventField: 'event',
          variables: { n: 0 },
          states: names.map((name, i) => ({
            name,
            isInitial: i === 0,
            onEntry: [
              { action: 'increment', target: 'n' },
              ...(s.emitMode ? [{ action: 'emit', target: 'out', formula: '{ v: data.v, n: n }' }] : []),
            ],
          })),
          transitions: s.transitions.map((t) => ({
            from: names[t.from % s.states],
            to: names[t.to % s.states],
            trigger: t.ev,
            ...(t.cond ? { condition: 'data.v > 2' } : {}),
          })),
        },
        outputs: [
          { name: 'out', destinationNodeId: first },
          ...(s.tail === 'process' ? [{ name: 'copy', destinationNodeId: 'low' }] : []),
        ],
      },
      ...tails[s.tail],
    ],
  };
}

function eventsOf(s: Shape): unknown[] {
  return s.events.map((e) => ({ targetDataSourceId: 'log', correlationId: `id-${e.id}`, event: e.ev, v: e.v }));
}

describe('merging the shards of a per-correlation run', () => {
  it('gives the single run’s ledger byte for byte and its hash, for 1 to 8 shards', async () => {
    let warned = 0;
    await fc.assert(
      fc.asyncProperty(shapeArbitrary, async (shape) => {
        const doc = template(shape);
        const events = eventsOf(shape);
        const single = load(doc);
        expect(shardability(single.scenario)).toEqual({ shardable: true, blockers: [] });
        single.getExternalEventQueue().addEvents(events);
        single.advance('end');
        expect(single.status).toBe('completed');
        const ledger = [...single.ledger.ndjsonStream()].join('');
        const summary = runSummary(single);
        for (let n = 1; n <= 8; n++) {
          const files = Array.from({ length: n }, (_, i) => shardFile(doc, events, i, n));
          let merged = '';
          const r = await mergeShards(
            files.map((text, i) => ({ name: `shard-${i}`, batches: linesOf(text) })),
            { hasher: defaultHasher, sinkValuesLimit: 1000, write: (chunk) => void (merged += chunk) },
          );
          if (!r.ok) throw new Error(`${r.file}: ${r.message}`);
          expect(merged).toBe(ledger);
          expect(r.hash).toBe(summary.ledgerHash);
          expect(r.events).toBe(summary.ledgerEvents);
          expect(Math.max(...r.ends.map((e) => e.steps))).toBe(summary.steps);
          for (const [id, sink] of Object.entries(summary.sinks))
            expect(r.sinks.get(id) ?? { count: 0, sum: 0, values: [] }).toEqual(sink);
          // The events consumed and transitions fired add up; the warning that no machine moved
          // holds for the single run exactly when it holds in every shard.
          const put = summaryOf(r);
          if (!put.ok) throw new Error(put.message);
          const { eventsConsumed, transitionsFired, warnings } = put.summary;
          expect({ eventsConsumed, transitionsFired, warnings }).toEqual({
            eventsConsumed: summary.eventsConsumed,
            transitionsFired: summary.transitionsFired,
            warnings: summary.warnings,
          });
        }
        warned += summary.warnings.length > 0 ? 1 : 0;
      }),
      { seed: 20261125, numRuns: 40 },
    );
    // Both sides of the warning were met: runs where no machine moved, and runs where one did.
    expect(warned).toBeGreaterThan(0);
    expect(warned).toBeLessThan(40);
  }, 120_000);

  it('gives the single run’s ledger and hash through the --workers batches too, in any arrival order', async () => {
    await fc.assert(
      fc.asyncProperty(shapeArbitrary, fc.array(fc.nat(), { maxLength: 64 }), async (shape, arrivals) => {
        const doc = template(shape);
        const events = eventsOf(shape);
        const single = load(doc);
        single.getExternalEventQueue().addEvents(events);
        single.advance('end');
        const ledger = [...single.ledger.ndjsonStream()].join('');
        const summary = runSummary(single);
        for (let n = 1; n <= 8; n++) {
          // Each shard run a step at a time, a batch taken after every step, as a thread does.
          const batches: LineBatch[][] = Array.from({ length: n }, (_, i) => {
            const engine = load(doc);
            const se = shardEvents(events, { index: i, count: n }, () => '');
            if (!se.ok) throw new Error(se.message);
            engine.getExternalEventQueue().addEvents(se.values, (k) => se.masked[k] === 1);
            const batcher = new LineBatcher(engine);
            const out: LineBatch[] = [];
            for (;;) {
              const step = engine.getCurrentTick();
              const status = engine.advance('end', { steps: 1 });
              batcher.gather();
              if (batcher.pending > 0) out.push(batcher.take());
              if ((status !== 'running' && status !== 'ready') || engine.getCurrentTick() === step) break;
            }
            return out;
          });
          const chunks: Buffer[] = [];
          const merge = new BatchMerge(
            n,
            (c) => void chunks.push(Buffer.from(c)),
            1000,
            () => undefined,
          );
          // Batches arrive shard by shard in the generated order; a shard ends after its last.
          const next = batches.map(() => 0);
          let a = 0;
          while (next.some((k, i) => k <= batches[i]!.length)) {
            const open = next.flatMap((k, i) => (k <= batches[i]!.length ? [i] : []));
            const i = open[(arrivals[a++ % Math.max(arrivals.length, 1)] ?? 0) % open.length]!;
            if (next[i]! < batches[i]!.length) merge.add(i, batches[i]![next[i]!]!);
            else merge.end(i);
            next[i]!++;
          }
          expect(merge.done).toBe(true);
          merge.finish();
          const merged = Buffer.concat(chunks);
          expect(merged.toString('utf8')).toBe(ledger);
          const hash = defaultHasher();
          hash.update(ledger);
          expect(merge.events).toBe(summary.ledgerEvents);
          expect(hash.digestHex()).toBe(summary.ledgerHash);
          for (const [id, sink] of Object.entries(summary.sinks))
            expect(merge.sinks.get(id) ?? { count: 0, sum: 0, values: [] }).toEqual(sink);
        }
      }),
      { seed: 20261126, numRuns: 40 },
    );
  }, 120_000);
});
