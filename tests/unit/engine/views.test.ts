import { describe, expect, it } from 'vitest';
import { engineFor, run, scenario, sink, source } from './helpers';

/**
 * The engine hands out read-only facades (API.md 4.5 names `getExternalEventQueue().addEvent` and
 * the ledger reads): a caller that casts them still finds no way to append to the ledger, mint a
 * token or take an external event.
 */
describe('sealed engine views', () => {
  const doc = scenario([source('src', 'out'), sink('out')]);

  it('the ledger view reads the run but has no writing member, even through a cast', () => {
    const engine = run(doc);
    const ledger = engine.ledger as unknown as Record<string, unknown>;
    for (const write of ['append', 'appendEvent', 'beginStep', 'createToken', 'postCorrelation', 'table'])
      expect(ledger[write], write).toBeUndefined();
    expect(Object.isFrozen(ledger)).toBe(true);
    expect(engine.ledger.size).toBeGreaterThan(0);
    expect(engine.ledger.get(1).seq).toBe(1);
    expect(engine.ledger.hash()).toBe(engine.ledgerHash());
  });

  it('the view follows the run as it advances', () => {
    const engine = engineFor(doc);
    const view = engine.ledger;
    expect(view.size).toBe(0);
    engine.advance('end');
    expect(view.size).toBe(engine.ledger.size);
    expect(view.size).toBeGreaterThan(0);
  });

  it('the external queue view adds events and never takes one', () => {
    const engine = engineFor(doc);
    const queue = engine.getExternalEventQueue() as unknown as Record<string, unknown>;
    expect(queue.take).toBeUndefined();
    expect(queue.dataOf).toBeUndefined();
    expect(Object.isFrozen(queue)).toBe(true);
    const added = engine.getExternalEventQueue().addEvent({ targetDataSourceId: 'src', data: { value: 1 } });
    expect(added).toEqual({ ok: true, added: 1 });
    expect(engine.getExternalEventQueue().size()).toBe(1);
    expect(engine.getExternalEventQueue().inputLog()).toHaveLength(1);
  });

  it('stepping is advance(to | "end") beside the seed\'s step() and runToEnd()', () => {
    const engine = engineFor(doc) as unknown as Record<string, unknown>;
    expect(engine.runUntil).toBeUndefined();
    expect(engine.stepSync).toBeUndefined();
    const a = engineFor(doc);
    expect(a.advance(1)).toBe('running');
    expect(a.getCurrentTick()).toBe(1);
    const b = engineFor(doc);
    b.runToEnd();
    a.advance('end');
    expect(a.ledgerHash()).toBe(b.ledgerHash());
  });
});
