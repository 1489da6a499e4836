/**
 * Issue 10, item 4: `maxEvents` did not bound one step. A broadcast Multiplexer whose outputs point
 * back to itself multiplies its tokens within a step, so the check between steps let fan-out 30
 * write millions of events and fan-out 1000 never stop. The bound now holds at every event and at
 * every delivery queued for the next step.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { engineFor, scenario, source, stepOnce } from '../engine/helpers';

function selfBroadcast(fanOut: number, maxEvents: number) {
  return scenario(
    [
      source('src', 'router', { count: 1 }),
      {
        nodeId: 'router',
        type: 'Multiplexer',
        multiplexing: { strategy: 'broadcast' },
        outputs: Array.from({ length: fanOut }, (_, i) => ({ name: `o${i}`, destinationNodeId: 'router' })),
      },
    ],
    { maxEvents },
  );
}

describe('maxEvents bounds every step', () => {
  it.each([
    [30, 1000],
    [1000, 10_000],
  ])('a self-broadcast of fan-out %d stops at maxEvents %d, truncated, with a message', (fanOut, maxEvents) => {
    const engine = engineFor(selfBroadcast(fanOut, maxEvents));
    // Deliveries are bounded like events: a queue longer than maxEvents could never be processed.
    let steps = 0;
    while (stepOnce(engine)) {
      steps++;
      expect(engine.ledger.size).toBeLessThanOrEqual(maxEvents);
    }
    expect(steps).toBeLessThan(10);
    expect(engine.status).toBe('truncated');
    expect(engine.truncatedBy).toBe('maxEvents');
    const last = engine.stepResult(engine.getCurrentTick());
    expect(last.ok && last.value.message).toContain(`truncated: maxEvents (${maxEvents}) was reached`);
    // The cut step replays and re-imports to the same run.
    const earlier = engine.stateAt(engine.getCurrentTick() - 1);
    expect(earlier.ok).toBe(true);
    const back = Engine.importRun(engine.exportRun());
    expect(back.ok && back.value.ledgerHash()).toBe(engine.ledgerHash());
    expect(back.ok && back.value.ledger.size).toBe(engine.ledger.size);
  });
});
