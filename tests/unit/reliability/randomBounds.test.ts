/**
 * Issue 10, item 2: `random` generation bounds beyond the exact integer range validated, then looped
 * forever or gave wrong values.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine/dsl';
import { run, scenario, sink } from '../engine/helpers';

const randomSource = (valueMin: number, valueMax: number) =>
  scenario([
    {
      nodeId: 'src',
      type: 'DataSource',
      generation: { type: 'random', valueMin, valueMax },
      count: 3,
      outputs: [{ destinationNodeId: 'sink' }],
    },
    sink(),
  ]);

describe('random generation bounds', () => {
  it.each([
    [0, 1e19, 'valueMax'],
    [0, 1e22, 'valueMax'],
    [-(2 ** 53), 0, 'valueMin'],
  ])('refuses integer bounds %d … %d beyond 2^53 − 1, naming the path', (min, max, field) => {
    const result = loadScenario(randomSource(min, max));
    expect(result.scenario).toBeNull();
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.path).toBe(`/nodes/0/generation/${field}`);
    expect(result.errors[0]!.message).toContain('beyond the exact integer range');
  });

  it('draws non-integer bounds over a range as wide as the largest numbers', () => {
    const engine = run(randomSource(-1.5e308, 0.5));
    expect(engine.status).toBe('completed');
    const values: unknown[] = [];
    for (let seq = 1; seq <= engine.ledger.size; seq++) {
      const e = engine.ledger.get(seq);
      if (e.operation === 'TOKEN_GENERATED') values.push(e.outputToken?.data['value']);
    }
    expect(values).toHaveLength(3);
    for (const v of values) expect(Number.isFinite(v)).toBe(true);
  });

  it('draws exact integers over the whole safe range', () => {
    const max = Number.MAX_SAFE_INTEGER;
    const engine = run(randomSource(-max, max));
    for (let seq = 1; seq <= engine.ledger.size; seq++) {
      const value = engine.ledger.get(seq).outputToken?.data['value'];
      if (value === undefined) continue;
      expect(Number.isSafeInteger(value)).toBe(true);
    }
    expect(engine.status).toBe('completed');
  });
});
