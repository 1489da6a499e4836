/**
 * A page of the ledger through the engine (`Engine.ledgerPage`): the per-node index from a node's
 * first event, the step bounds, and the INVALID_FILTER answer that names the parameter. The API's
 * `GET …/ledger/events` tests cover the same through a whole service; these keep the engine's own
 * query under its unit tests.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerPage, QueryResult } from '../../../src/contract/queries';
import { events, processNode, run, scenario, sink, source } from './helpers';

function value<T>(r: QueryResult<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** `step node OPERATION` per event of the page. */
const lines = (page: LedgerPage): string[] => page.events.map((e) => `${e.step} ${e.nodeId} ${e.operation}`);

// src makes a token at steps 1, 2, 3; p passes each on one step later; the sink collects each one
// step after that (steps 3, 4, 5).
const doc = scenario([source('src', 'p'), processNode('p', 'sink'), sink()]);

describe('ledgerPage', () => {
  it('pages one node’s events from its first, within the step bounds asked for', () => {
    const engine = run(doc);
    const src = value(engine.ledgerPage({ nodeId: 'src' }));
    expect(src.total).toBe(3);
    expect(lines(src)).toEqual(['1 src TOKEN_GENERATED', '2 src TOKEN_GENERATED', '3 src TOKEN_GENERATED']);
    expect(src.events.map((e) => e.outputToken?.id)).toEqual(['src#1', 'src#2', 'src#3']);

    const late = value(engine.ledgerPage({ nodeId: 'sink', fromStep: 4 }));
    expect(late.total).toBe(2);
    expect(lines(late)).toEqual(['4 sink TOKEN_COLLECTED', '5 sink TOKEN_COLLECTED']);

    const early = value(engine.ledgerPage({ nodeId: 'sink', toStep: 3 }));
    expect(lines(early)).toEqual(['3 sink TOKEN_COLLECTED']);
  });

  it('pages the whole ledger without a filter, and a step range of it', () => {
    const engine = run(doc);
    const all = events(engine);
    // 3 generated + 3 passed by p + 3 collected (and whatever closes the run).
    expect(all.length).toBeGreaterThanOrEqual(9);
    const page = value(engine.ledgerPage({ offset: 2, limit: 3 }));
    expect(page).toEqual({ total: all.length, offset: 2, limit: 3, events: all.slice(2, 5) });
    const steps = value(engine.ledgerPage({ fromStep: 2, toStep: 3 }));
    expect(steps.events).toEqual(all.filter((e) => e.step >= 2 && e.step <= 3));
    expect(steps.total).toBe(steps.events.length);
  });

  it('is INVALID_FILTER naming the parameter and the value for a step bound that is not a whole number ≥ 0, or an unknown node', () => {
    const engine = run(doc);
    const cases: Array<[Record<string, unknown>, string, unknown, string]> = [
      [{ fromStep: -1 }, 'fromStep', -1, '"fromStep" must be a whole number of at least 0; got -1'],
      [{ toStep: 1.5 }, 'toStep', 1.5, '"toStep" must be a whole number of at least 0; got 1.5'],
      [{ fromStep: '2' }, 'fromStep', '2', '"fromStep" must be a whole number of at least 0; got "2"'],
      [{ nodeId: 'ghost' }, 'nodeId', 'ghost', '"nodeId" names no node of this scenario; got "ghost"'],
    ];
    for (const [query, parameter, given, message] of cases) {
      expect(engine.ledgerPage(query), JSON.stringify(query)).toEqual({
        ok: false,
        error: { code: 'INVALID_FILTER', message, details: { parameter, value: given } },
      });
    }
  });

  it('pages one correlation id’s events, narrowed to a node when one is asked for', () => {
    // docs/dsl.md: src#2 carries the generated correlation id "src-2"; p has no formula, so it
    // passes src#2 on unchanged (TOKEN_PROCESSED, step 3) and the sink collects it at step 4.
    const engine = run(doc);
    const all = value(engine.ledgerPage({ correlationId: 'src-2' }));
    expect(all.total).toBe(3);
    expect(lines(all)).toEqual(['2 src TOKEN_GENERATED', '3 p TOKEN_PROCESSED', '4 sink TOKEN_COLLECTED']);
    const atP = value(engine.ledgerPage({ correlationId: 'src-2', nodeId: 'p' }));
    expect(atP.total).toBe(1);
    expect(lines(atP)).toEqual(['3 p TOKEN_PROCESSED']);
  });

  it('is INVALID_FILTER naming toStep and fromStep for a step range whose end is before its start', () => {
    const engine = run(doc);
    expect(engine.ledgerPage({ fromStep: 3, toStep: 2 })).toEqual({
      ok: false,
      error: {
        code: 'INVALID_FILTER',
        message: '"toStep" is before fromStep (3); got 2',
        details: { parameter: 'toStep', value: 2 },
      },
    });
  });
});
