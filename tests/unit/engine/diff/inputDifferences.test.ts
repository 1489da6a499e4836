/** Which input of two runs differs: seed, the first differing event, the scenario's changed JSON Pointers. */
import { describe, expect, it } from 'vitest';
import { inputDifferences, jsonDifferences, type RunInputs } from '../../../../src/engine/diff';

const scenario = {
  version: '3.0',
  seed: 1,
  nodes: [
    { nodeId: 'src', type: 'DataSource', outputs: [{ destinationNodeId: 'sink' }] },
    { nodeId: 'sink', type: 'Sink' },
  ],
};
const run = (extra: Partial<RunInputs> = {}): RunInputs => ({
  templateKey: 't1',
  scenario,
  seed: 1,
  events: [],
  ...extra,
});

describe('inputDifferences', () => {
  it('finds no difference between the same inputs', () => {
    expect(inputDifferences(run(), run())).toEqual({
      differ: [],
      sameTemplate: true,
      seed: null,
      events: null,
      template: null,
    });
  });

  it('names another seed', () => {
    expect(inputDifferences(run({ seed: 1 }), run({ seed: 2 }))).toMatchObject({
      differ: ['seed'],
      seed: { a: 1, b: 2 },
    });
  });

  it('names the first event that differs, and an event only one side has', () => {
    const e = (v: number) => ({ targetDataSourceId: 'src', value: v });
    expect(inputDifferences(run({ events: [e(1), e(2), e(3)] }), run({ events: [e(1), e(9), e(3)] })).events).toEqual({
      index: 1,
      a: e(2),
      b: e(9),
      countA: 3,
      countB: 3,
    });
    expect(inputDifferences(run({ events: [e(1)] }), run({ events: [e(1), e(2)] })).events).toEqual({
      index: 1,
      b: e(2),
      countA: 1,
      countB: 2,
    });
    // Key order does not make events differ.
    expect(
      inputDifferences(run({ events: [{ value: 1, targetDataSourceId: 'src' }] }), run({ events: [e(1)] })).events,
    ).toBeNull();
  });

  it('names the changed scenario paths as JSON Pointers, and another template', () => {
    const edited = structuredClone(scenario) as typeof scenario & { maxSteps?: number };
    edited.nodes[0]!.outputs![0]!.destinationNodeId = 'other';
    edited.maxSteps = 50;
    const d = inputDifferences(run(), run({ templateKey: 't2', scenario: edited }));
    expect(d.differ).toEqual(['template']);
    expect(d.sameTemplate).toBe(false);
    expect(d.template).toEqual({
      paths: [
        { path: '/nodes/0/outputs/0/destinationNodeId', a: 'sink', b: 'other' },
        { path: '/maxSteps', b: 50 },
      ],
      more: 0,
    });
  });
});

describe('jsonDifferences', () => {
  it('escapes ~ and / in pointers, compares arrays by index and counts what is over the limit', () => {
    expect(jsonDifferences({ 'a/b': 1, 'c~d': [1, 2] }, { 'a/b': 2, 'c~d': [1] }, 10).paths).toEqual([
      { path: '/a~1b', a: 1, b: 2 },
      { path: '/c~0d/1', a: 2 },
    ]);
    expect(jsonDifferences([1, 2, 3], [4, 5, 6], 2)).toEqual({
      paths: [
        { path: '/0', a: 1, b: 4 },
        { path: '/1', a: 2, b: 5 },
      ],
      more: 1,
    });
    // A member named like an Object.prototype property is a member, not the prototype's.
    expect(jsonDifferences({}, { constructor: 1 }, 10).paths).toEqual([{ path: '/constructor', b: 1 }]);
    expect(jsonDifferences({ constructor: 1 }, {}, 10).paths).toEqual([{ path: '/constructor', a: 1 }]);
    expect(jsonDifferences(1, '1', 10).paths).toEqual([{ path: '', a: 1, b: '1' }]);
  });

  it('finds no difference between values with the same canonical JSON that are not the same value', () => {
    // Canonical JSON writes a non-finite number as null (as JSON.stringify does): NaN, Infinity and
    // null read alike, and NaN is not === NaN.
    expect(jsonDifferences({ x: NaN, y: Infinity }, { x: null, y: NaN }, 10)).toEqual({ paths: [], more: 0 });
    expect(jsonDifferences([NaN], [NaN], 10)).toEqual({ paths: [], more: 0 });
    expect(jsonDifferences({ x: NaN }, { x: 0 }, 10).paths).toEqual([{ path: '/x', a: NaN, b: 0 }]);
  });

  it('reads a member that is undefined as no member, as canonical JSON writes it', () => {
    // An object held in memory (a scenario as the editor leaves it) may carry `undefined` members;
    // JSON has no such value and drops them, so they are no difference, and against a member with a
    // value on the other side the difference is that member alone, once, with no "a".
    expect(jsonDifferences({ note: undefined, n: 1 }, { n: 1 }, 10)).toEqual({ paths: [], more: 0 });
    expect(jsonDifferences({ n: 1, nested: { note: undefined } }, { n: 1, nested: {} }, 10)).toEqual({
      paths: [],
      more: 0,
    });
    expect(jsonDifferences({ note: undefined }, { note: 'x' }, 10).paths).toEqual([{ path: '/note', b: 'x' }]);
    const edited = { ...scenario, description: undefined };
    expect(inputDifferences(run(), run({ scenario: edited })).template).toBeNull();
  });
});
