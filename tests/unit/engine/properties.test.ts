/**
 * Property tests over generated scenarios (random DAGs of the six kinds with random parameters):
 * determinism, conservation of tokens at every step, an ordered append-only ledger, and a queue
 * that is empty exactly when the run is over.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import type { LedgerEvent, Scenario } from '../../../src/engine/types';
import { buildScenario, shapeArbitrary, type Shape } from './scenarioArbitrary';
import { stepOnce } from './helpers';

const RUNS = 150;

function start(shape: Shape): Engine {
  const engine = new Engine();
  const loaded = engine.initialize(buildScenario(shape));
  if (loaded.scenario === null) throw new Error(`generated scenario does not load: ${JSON.stringify(loaded.errors)}`);
  return engine;
}

/**
 * Token deliveries, counted three independent ways: made (ledger events × the scenario's edges),
 * processed (node states' tokensProcessed, and again from the ledger) and queued (the engine's
 * queue); and tokens held in buffers, from the ledger and from node states.
 */
function conservation(engine: Engine, events: readonly LedgerEvent[]) {
  const s: Scenario = engine.scenario;
  const outEdges = (nodeId: string) => s.edges.filter((e) => e.from === nodeId);
  const kindOf = new Map(s.nodes.map((n) => [n.nodeId, n]));
  let made = 0;
  let tasks = 0;
  let held = 0;
  for (const e of events) {
    const evicted = e.operation === 'TOKEN_DROPPED' && e.details?.['overflow'] === 'drop_oldest';
    if (e.outputToken && e.operation !== 'TOKEN_DROPPED') {
      made +=
        e.operation === 'TOKEN_ROUTED'
          ? outEdges(e.nodeId).filter((x) => x.outputName === e.details!['output']).length
          : outEdges(e.nodeId).length;
    }
    if (e.inputToken && !evicted && !(e.operation === 'TOKEN_TRANSFORMED' && e.details?.['emit'] !== undefined)) {
      const node = kindOf.get(e.nodeId)!;
      // A broadcast records one TOKEN_ROUTED per output for a single delivery.
      tasks +=
        node.type === 'Multiplexer' && node.multiplexing.strategy === 'broadcast' && e.operation === 'TOKEN_ROUTED'
          ? 1 / outEdges(e.nodeId).length
          : 1;
    }
    if (e.operation === 'TOKEN_BUFFERED') held++;
    if (e.inputTokens) held -= e.inputTokens.length;
    if (evicted) held--;
  }
  const states = engine.getNodeStates();
  let processed = 0;
  let heldInNodes = 0;
  for (const node of s.nodes) {
    const st = states[node.nodeId]!;
    if (node.type !== 'DataSource') processed += st.tokensProcessed;
    if (node.type === 'Aggregator') heldInNodes += st.aggregates['buffered'] as number;
    const waiting = st.aggregates['waiting'] as Record<string, number> | undefined;
    if (waiting) heldInNodes += Object.values(waiting).reduce((a, b) => a + b, 0);
  }
  return { made, processed, tasks: Math.round(tasks), queued: engine.getQueue().deliveries(), held, heldInNodes };
}

function allEvents(engine: Engine): LedgerEvent[] {
  return Array.from({ length: engine.ledger.size }, (_, i) => engine.ledger.get(i + 1));
}

describe('engine properties (generated scenarios)', () => {
  it('every generated scenario loads', () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        expect(new Engine().initialize(buildScenario(shape)).errors).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('same scenario and seed ⇒ same ledger hash, however the run is stepped', async () => {
    await fc.assert(
      fc.asyncProperty(shapeArbitrary, fc.integer({ min: 1, max: 40 }), async (shape, pause) => {
        const a = start(shape);
        a.runToEnd();
        const b = start(shape);
        while (b.getQueue().size() > 0) await b.step();
        const c = start(shape);
        c.advance(pause);
        c.ledgerHash();
        c.runToEnd();
        expect(b.ledgerHash()).toBe(a.ledgerHash());
        expect(c.ledgerHash()).toBe(a.ledgerHash());
        expect(b.ledger.toNdjson()).toBe(a.ledger.toNdjson());
      }),
      { numRuns: RUNS },
    );
  });

  it('conserves tokens at every step: made = processed + queued, and buffers match the ledger', () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        const engine = start(shape);
        do {
          const c = conservation(engine, allEvents(engine));
          expect(c.made).toBe(c.processed + c.queued);
          expect(c.tasks).toBe(c.processed);
          expect(c.held).toBe(c.heldInNodes);
        } while (stepOnce(engine));
      }),
      { numRuns: RUNS },
    );
  });

  it('appends events with seq 1, 2, 3… and steps that never decrease, stamped with their step’s time', () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        const engine = start(shape);
        engine.runToEnd();
        const s = engine.scenario;
        let lastStep = 0;
        allEvents(engine).forEach((e, i) => {
          expect(e.seq).toBe(i + 1);
          expect(e.eventId).toBe(`e${i + 1}`);
          expect(e.step).toBeGreaterThanOrEqual(lastStep);
          expect(e.step).toBeLessThanOrEqual(engine.getCurrentTick());
          expect(e.timestamp).toBe(s.startTime + e.step * s.tickMs);
          lastStep = e.step;
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('has an empty queue exactly when the run is over', () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        const engine = start(shape);
        for (;;) {
          const size = engine.getQueue().size();
          const status = engine.status;
          if (size === 0) {
            expect(['completed', 'truncated']).toContain(status);
            if (status === 'truncated') expect(engine.getCurrentTick()).toBe(engine.scenario.maxSteps);
            expect(stepOnce(engine)).toBe(false);
            break;
          }
          expect(['ready', 'running']).toContain(status);
          expect(stepOnce(engine)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
