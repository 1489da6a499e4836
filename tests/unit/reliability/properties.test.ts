/**
 * Issue 10: a property over generated adversarial templates — FSMs that emit or assign their own
 * variables (self-nesting and doubling values), broadcast fan-outs back into themselves, cycles,
 * random bounds beyond 2^53 — checking that validate + run + export + re-import never throws an
 * internal error, never passes its bounds (maxEvents, maxSteps), and gives the same ledger hash
 * whether the ledger is read mid-way or only at the end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { loadScenario } from '../../../src/engine/dsl';

type Json = Record<string, unknown>;

const emitActions: fc.Arbitrary<Json[]> = fc.constantFrom(
  [{ action: 'emit', formula: '{v: variables}' }],
  [
    { action: 'set_variable', target: 'self', formula: 'variables' },
    { action: 'emit', formula: '{v: variables}' },
  ],
  [
    { action: 'set_variable', target: 'self', formula: '[variables, variables]' },
    { action: 'emit', formula: '{s: self}' },
  ],
  [{ action: 'increment', target: 'n' }],
  [{ action: 'set_variable', target: 'last', formula: 'data' }],
);

const bound = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(2 ** 53 - 1, 2 ** 53, 1e19, 1e22, -1e19, 0.5, 1e300),
);

const templateArbitrary = fc
  .record({
    count: fc.integer({ min: 1, max: 4 }),
    valueMin: bound,
    valueMax: bound,
    actions: emitActions,
    fanOut: fc.integer({ min: 1, max: 40 }),
    backToMux: fc.integer({ min: 0, max: 40 }),
    backToFsm: fc.boolean(),
    doubling: fc.boolean(),
    maxEvents: fc.integer({ min: 1, max: 3000 }),
    maxSteps: fc.integer({ min: 1, max: 60 }),
  })
  .map((p): Json => {
    const muxOutputs: Json[] = [];
    for (let i = 0; i < p.fanOut; i++)
      muxOutputs.push({ name: `o${i}`, destinationNodeId: i < p.backToMux ? 'mux' : i % 2 === 0 ? 'proc' : 'sink' });
    return {
      version: '3.0',
      maxEvents: p.maxEvents,
      maxSteps: p.maxSteps,
      nodes: [
        {
          nodeId: 'src',
          type: 'DataSource',
          count: p.count,
          generation: { type: 'random', valueMin: p.valueMin, valueMax: p.valueMax },
          outputs: [{ destinationNodeId: 'fsm' }],
        },
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            states: [
              { name: 'a', onEntry: p.actions },
              { name: 'b', onEntry: p.actions },
            ],
            initialState: 'a',
            variables: { n: 0 },
            transitions: [
              { from: 'a', to: 'b' },
              { from: 'b', to: 'a' },
            ],
          },
          outputs: [{ destinationNodeId: 'mux' }],
        },
        { nodeId: 'mux', type: 'Multiplexer', multiplexing: { strategy: 'broadcast' }, outputs: muxOutputs },
        {
          nodeId: 'proc',
          type: 'ProcessNode',
          processing: { formula: p.doubling ? '{d: [data, data]}' : 'value' },
          outputs: [{ destinationNodeId: p.backToFsm ? 'fsm' : 'sink' }],
        },
        { nodeId: 'sink', type: 'Sink' },
      ],
    };
  });

describe('generated adversarial templates', () => {
  it('validate + run + export + re-import stay within their bounds, never throw, and hash the same however read', () => {
    fc.assert(
      fc.property(templateArbitrary, fc.nat(), (doc, midSeed) => {
        const loaded = loadScenario(doc);
        if (loaded.scenario === null) {
          expect(loaded.errors.length).toBeGreaterThan(0);
          return;
        }
        const { maxEvents, maxSteps } = loaded.scenario;
        const once = new Engine();
        once.initialize(doc);
        const status = once.runToEnd();
        expect(['completed', 'truncated']).toContain(status);
        expect(once.ledger.size).toBeLessThanOrEqual(maxEvents);
        expect(once.getCurrentTick()).toBeLessThanOrEqual(maxSteps);
        const hash = once.ledgerHash();

        // The same run, read (hash and export) part-way through.
        const stepped = new Engine();
        stepped.initialize(doc);
        const mid = midSeed % (once.getCurrentTick() + 1);
        stepped.advance(mid);
        stepped.ledgerHash();
        stepped.exportRun();
        stepped.runToEnd();
        expect(stepped.ledgerHash()).toBe(hash);

        // Reading an earlier step (replay) and a re-import (a reload) give the same run.
        const at = once.stateAt(mid);
        expect(at.ok).toBe(true);
        const back = Engine.importRun(once.exportRun());
        expect(back.ok, back.ok ? '' : JSON.stringify(back.error)).toBe(true);
        if (back.ok) {
          expect(back.value.ledgerHash()).toBe(hash);
          expect(back.value.status).toBe(status);
        }
      }),
      { numRuns: 60, seed: 20261124 },
    );
  }, 300_000);
});
