/**
 * Issue 21, item 6: 30,000 unconnected nodes made every step scan them all (~6 ms a step): every
 * DataSource was asked each step whether it was due, and every node with timers or buffers what
 * it held. The scheduler now keeps what they hold up to date as they act, and the DataSources'
 * due steps in a heap, so an idle node is not visited by the steps it sits out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BEHAVIORS } from '../../../src/engine/behaviors';
import type { NodeRuntime } from '../../../src/engine/behaviors';
import { engineFor, events, scenario, sink, source, type Json } from './helpers';

const IDLE = 300;
const STEPS = 200;

/** Counts every call a node's runtime gets, for the nodes whose id starts with "idle". */
const calls = new Map<string, number>();
const originals = { ...BEHAVIORS };

function counting<K extends keyof typeof BEHAVIORS>(kind: K): void {
  const make = originals[kind] as (spec: { nodeId: string }, ctx: unknown) => NodeRuntime;
  (BEHAVIORS as Record<string, unknown>)[kind] = (spec: { nodeId: string }, ctx: unknown) => {
    const rt = make(spec, ctx);
    if (!spec.nodeId.startsWith('idle')) return rt;
    return new Proxy(rt, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.set(spec.nodeId, (calls.get(spec.nodeId) ?? 0) + 1);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  };
}

afterEach(() => {
  Object.assign(BEHAVIORS, originals);
  calls.clear();
});

describe('idle nodes cost nothing per step', () => {
  it('DataSources that start late, Aggregators and FSMs that hold nothing are not visited by busy steps', () => {
    counting('DataSource');
    counting('Aggregator');
    counting('FSM');
    const nodes: Json[] = [source('busy', 'sink', { count: STEPS }), sink()];
    for (let i = 0; i < IDLE; i++) {
      nodes.push(source(`idleSrc${i}`, 'sink', { count: 1, startAt: 100_000 }));
      nodes.push({
        nodeId: `idleAgg${i}`,
        type: 'Aggregator',
        aggregation: { method: 'sum', trigger: { type: 'time', window: 5 } },
      });
      nodes.push({ nodeId: `idleFsm${i}`, type: 'FSM', fsm: { states: ['a'] } });
    }
    const engine = engineFor(scenario(nodes, { maxSteps: 200_000 }));
    engine.advance(STEPS + 1);
    expect(engine.getCurrentTick()).toBe(STEPS + 1);
    // Each idle node is read a bounded number of times (when the run starts), not once a step.
    const most = Math.max(...calls.values());
    expect(most).toBeLessThanOrEqual(4);
    // The late sources still emit, all at step 100,000, and the run completes.
    expect(engine.advance('end')).toBe('completed');
    const late = events(engine).filter((e) => e.nodeId.startsWith('idleSrc'));
    expect(late).toHaveLength(IDLE);
    expect(new Set(late.map((e) => e.step))).toEqual(new Set([100_000]));
  });
});
