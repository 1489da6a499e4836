/**
 * Issue 21, item 11: an FSM's `eventField` read inherited properties — `constructor` or
 * `__proto__` yielded native values (a function, `Object.prototype`), and a transition whose
 * trigger equals their text fired. Only the token data's own fields are read now.
 */
import { describe, expect, it } from 'vitest';
import { events, run, scenario, sink, type Json } from './helpers';

function machine(eventField: string, trigger: string): Json {
  return {
    nodeId: 'f',
    type: 'FSM',
    fsm: {
      eventField,
      states: ['idle', 'fired'],
      transitions: [{ from: 'idle', to: 'fired', trigger }],
    },
    outputs: [{ destinationNodeId: 'sink' }],
  };
}

const src = (value: unknown): Json => ({
  nodeId: 'src',
  type: 'DataSource',
  count: 1,
  generation: { type: 'constant', value },
  outputs: [{ destinationNodeId: 'f' }],
});

describe('an FSM reads only own fields of the token data as its event', () => {
  for (const [field, trigger] of [
    ['constructor', 'function Object() { [native code] }'],
    ['__proto__', '[object Object]'],
    ['toString', 'function toString() { [native code] }'],
    ['hasOwnProperty', 'function hasOwnProperty() { [native code] }'],
  ] as const) {
    it(`"${field}" is not an event of a token that has no such field`, () => {
      const engine = run(scenario([src(1), machine(field, trigger), sink()]));
      expect(events(engine).some((e) => e.operation === 'STATE_TRANSITION')).toBe(false);
      expect(engine.getNodeState('f')!.currentState).toBe('idle');
    });
  }

  it('an own field of that name is still read', () => {
    // {value: "go"} has an own "value": the event field "value" reads it as before.
    const engine = run(scenario([src('go'), machine('value', 'go'), sink()]));
    expect(engine.getNodeState('f')!.currentState).toBe('fired');
  });
});
