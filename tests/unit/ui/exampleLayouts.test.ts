import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exampleLayout } from '../../../src/ui/controllers/graph/exampleLayouts';
import { computeLayout } from '../../../src/ui/controllers/graph/layout';
import { graphOf } from './graphOf';

// The shipped layouts (scripts/precompute-layouts.mjs) are the ones the app would compute today: when
// an example or the layout changes, this fails until the script is run again.
const dir = new URL('../../../examples/', import.meta.url);
const unpositioned = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => {
    // A template file ({name, scenario}) or a bare scenario.
    const doc = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { scenario?: unknown };
    return { name: f, model: graphOf(doc.scenario ?? doc) };
  })
  .filter(({ model }) => model.nodes.length > 0 && !model.nodes.every((n) => n.position));

describe('precomputed layouts of the bundled examples', () => {
  it('there are examples without positions of their own', () => {
    expect(unpositioned.length).toBeGreaterThan(0);
  });

  for (const { name, model } of unpositioned)
    it(`${name}: shipped, and where the layout puts its nodes today (to 0.1 px)`, () => {
      const shipped = exampleLayout(model);
      expect(shipped, 'run node scripts/precompute-layouts.mjs').not.toBeNull();
      const computed = computeLayout(model);
      for (const n of model.nodes) {
        expect(Math.abs(shipped![n.id]!.x - computed[n.id]!.x)).toBeLessThanOrEqual(0.05);
        expect(Math.abs(shipped![n.id]!.y - computed[n.id]!.y)).toBeLessThanOrEqual(0.05);
      }
    });

  it('a graph that differs from the example in one edge finds no shipped layout', () => {
    const { model } = unpositioned[0]!;
    const edited = { nodes: model.nodes, edges: model.edges.slice(1) };
    expect(exampleLayout(edited)).toBeNull();
  });
});
