/**
 * Sink (DSL.md §5.6): its aggregates count collected tokens per `data.state`; a token whose state
 * is missing or null is collected and counted in tokensProcessed only. Non-text states are keyed
 * by their JSON text.
 */
import { describe, expect, it } from 'vitest';
import { collected, run, scenario, sink, source } from './helpers';

describe('Sink', () => {
  it('counts tokens per state, leaving out tokens whose state is missing or null', () => {
    // Tokens 1…6: null, 'open', missing, 2, 'open', missing.
    const formula =
      "value % 3 == 1 ? (value == 1 ? { state: null } : { state: 2 }) : value % 3 == 2 ? { state: 'open' } : {}";
    const engine = run(
      scenario([
        source('src', 'p', { count: 6 }),
        { nodeId: 'p', type: 'ProcessNode', formula, outputs: [{ destinationNodeId: 'sink' }] },
        sink(),
      ]),
    );
    expect(collected(engine)).toEqual([1, 2, 3, 4, 5, 6]);
    const state = engine.getNodeState('sink')!;
    expect(state.aggregates).toEqual({ open: 2, '2': 1 });
    expect(state.tokensProcessed).toBe(6);
    expect(state.currentState).toBeNull();
  });

  it('has empty aggregates when no token has a state', () => {
    const engine = run(scenario([source('src', 'sink', { count: 2 }), sink()]));
    expect(engine.getNodeState('sink')!.aggregates).toEqual({});
  });
});
