/**
 * Property: over generated scenario/seed pairs — the same scenario with two seeds, or two generated
 * scenarios — the first divergent step the comparison reports is the first step whose ledger
 * lines differ, computed here the naive way (all lines of both ledgers grouped by step); and the
 * comparison read from the ledgers' columns answers exactly what the one over their lines does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../../src/engine';
import { diffLedgers, diffRuns, ledgerLineBatches } from '../../../../src/engine/diff';
import { buildScenario, shapeArbitrary, type Shape } from '../scenarioArbitrary';

function ran(shape: Shape, seed: number): Engine {
  const engine = new Engine();
  const loaded = engine.initialize(buildScenario(shape), { seed });
  if (loaded.scenario === null) throw new Error(`generated scenario does not load: ${JSON.stringify(loaded.errors)}`);
  engine.advance('end');
  return engine;
}

/** The naive answer: every line grouped by its step; the lowest step whose groups differ. */
function firstStepWhoseLinesDiffer(a: string[], b: string[]): number | null {
  const byStep = (lines: string[]) => {
    const m = new Map<number, string[]>();
    for (const line of lines) {
      const step = (JSON.parse(line) as { step: number }).step;
      m.set(step, [...(m.get(step) ?? []), line]);
    }
    return m;
  };
  const ma = byStep(a);
  const mb = byStep(b);
  const steps = [...new Set([...ma.keys(), ...mb.keys()])].sort((x, y) => x - y);
  for (const s of steps) if ((ma.get(s) ?? []).join('\n') !== (mb.get(s) ?? []).join('\n')) return s;
  return null;
}

const lines = (engine: Engine) =>
  engine.ledger
    .toNdjson()
    .split('\n')
    .filter((l) => l !== '');

const pairArbitrary = fc.oneof(
  fc
    .record({ a: shapeArbitrary, seedA: fc.integer({ min: 0, max: 50 }), seedB: fc.integer({ min: 0, max: 50 }) })
    .map((r) => ({ ...r, b: r.a })),
  fc.record({
    a: shapeArbitrary,
    b: shapeArbitrary,
    seedA: fc.integer({ min: 0, max: 50 }),
    seedB: fc.integer({ min: 0, max: 50 }),
  }),
);

describe('diffLedgers over generated runs', () => {
  it('reports as first divergent step the first step whose ledger lines differ', async () => {
    let diverged = 0;
    await fc.assert(
      fc.asyncProperty(pairArbitrary, async ({ a, b, seedA, seedB }) => {
        const ea = ran(a, seedA);
        const eb = ran(b, seedB);
        const la = lines(ea);
        const lb = lines(eb);
        const r = await diffLedgers(ledgerLineBatches(ea.ledger, 7), ledgerLineBatches(eb.ledger, 5), {
          nodesA: ea.ledger.nodes,
          nodesB: eb.ledger.nodes,
        });
        if (!r.ok) throw new Error(r.error.message);
        const expected = firstStepWhoseLinesDiffer(la, lb);
        expect(r.value.firstDivergentStep).toBe(expected);
        expect(r.value.identical).toBe(la.join('\n') === lb.join('\n'));
        expect(r.value.ledgers.a.events).toBe(la.length);
        expect(r.value.ledgers.b.events).toBe(lb.length);
        // The columns path (worker, CLI scenario mode) and the lines path (ledger files) agree on everything.
        expect(await diffRuns(ea.ledger, eb.ledger)).toEqual(r.value);
        if (r.value.at) {
          diverged++;
          const k = r.value.at.seq - 1;
          expect(la.slice(0, k)).toEqual(lb.slice(0, k));
          expect(la[k]).not.toBe(lb[k]);
        }
      }),
      { numRuns: 120 },
    );
    // The generator must produce divergent pairs too, or the property says little.
    expect(diverged).toBeGreaterThan(20);
  });
});
