/**
 * A behaviour's saved state (behaviors/state.ts): its rough size, which decides how far apart the
 * adaptive checkpoints are and how much memory they are charged, and the kind check on restore.
 * Every size below is counted by hand from the documented units (numbers and references).
 */
import { describe, expect, it } from 'vitest';
import { stateOf, stateUnits, type BehaviorState } from '../../../src/engine/behaviors/state';

describe('stateUnits', () => {
  it('counts 4 for a DataSource and 4 plus one per output for a Multiplexer', () => {
    expect(stateUnits({ kind: 'DataSource', generated: 5 })).toBe(4);
    expect(stateUnits({ kind: 'Multiplexer', routed: [3, 1, 2], next: 1 })).toBe(7);
  });

  it('counts a ProcessNode’s waiting tokens over every input, the last one included', () => {
    const base = { kind: 'ProcessNode', transformed: 9, passed: 2, errors: 1 } as const;
    expect(stateUnits({ ...base, waiting: null })).toBe(4);
    expect(stateUnits({ ...base, waiting: [[1, 2], [], [3]] })).toBe(4 + 3);
  });

  it('counts an FSM’s counters, variable names, instances with their variables and armed timers', () => {
    const state: BehaviorState = {
      kind: 'FSM',
      instances: [
        { key: 'a', state: 0, vars: { x: 1, y: 2 }, enteredAt: 1, timerDue: -1 },
        { key: 'b', state: 1, vars: {}, enteredAt: 2, timerDue: 5 },
        { key: 'c', state: 1, vars: { x: 3 }, enteredAt: 3, timerDue: 7 },
      ],
      counts: [1, 2, 0],
      fired: [2, 1],
      entered: [3, 2, 0],
      varNames: ['x', 'y'],
      timers: [
        [5, [1]],
        [7, [2, 0]],
      ],
      armed: 2,
    };
    // 8 + 3 counts + 2 firings + 3 entries + 2 names = 18; instances (6+2) + (6+0) + (6+1) = 21; timers (2+1) + (2+2) = 7.
    expect(stateUnits(state)).toBe(18 + 21 + 7);
  });

  it('counts 8 per Aggregator group plus 3 per held token', () => {
    const group = (key: string, tokens: number[]) => ({
      key,
      tokens,
      values: tokens,
      arrivals: tokens,
      sum: 0,
      numbers: 0,
      min: 0,
      max: 0,
    });
    const state: BehaviorState = {
      kind: 'Aggregator',
      groups: [group('p', [4, 5]), group('q', []), group('r', [6])],
      held: 3,
      arrivals: 3,
      emitted: 0,
      dropped: 0,
      wakeScheduled: -1,
    };
    // 8 + (8 + 6) + (8 + 0) + (8 + 3)
    expect(stateUnits(state)).toBe(41);
    expect(stateUnits({ ...state, groups: [] })).toBe(8);
  });

  it('counts 2 plus 2 per state for a Sink', () => {
    expect(stateUnits({ kind: 'Sink', perState: [] })).toBe(2);
    expect(
      stateUnits({
        kind: 'Sink',
        perState: [
          ['a', 1],
          ['b', 4],
          ['c', 2],
        ],
      }),
    ).toBe(8);
  });

  it('refuses a state of no known kind, naming it', () => {
    const odd = { kind: 'Teleporter', range: 3 } as unknown as BehaviorState;
    expect(() => stateUnits(odd)).toThrow('unknown behaviour state {"kind":"Teleporter","range":3}');
  });
});

describe('stateOf', () => {
  it('returns a state of the asked kind as it is', () => {
    const state: BehaviorState = { kind: 'Sink', perState: [['a', 1]] };
    expect(stateOf(state, 'Sink')).toBe(state);
  });

  it('refuses a state of another kind, naming both', () => {
    expect(() => stateOf({ kind: 'Sink', perState: [] }, 'FSM')).toThrow('cannot restore a Sink state into a FSM node');
  });
});
