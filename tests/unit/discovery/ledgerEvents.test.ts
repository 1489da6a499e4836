/**
 * A run's ledger as process-mining events (docs/discovery.md, "A run's ledger"): which lines
 * `export-xes` takes for ledger lines, and the event each ledger event becomes — its case, its
 * name, and its attributes — read from the golden ledgers of the bundled examples, exactly as the
 * command reads a `run --ledger` file (one JSON value per line). Expected values are by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isLedgerLine, ledgerEventToEvent } from '../../../src/engine/discovery';
import type { LedgerEvent } from '../../../src/contract/vocabulary';

const root = new URL('../../../', import.meta.url);

/** The lines of an NDJSON file of the repository, parsed. */
function ndjson(path: string): Record<string, unknown>[] {
  return readFileSync(new URL(path, root), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Ledger event `seq` of a golden ledger. */
function ledgerEvent(name: string, seq: number): LedgerEvent {
  const line = ndjson(`tests/fixtures/golden/${name}.ledger.ndjson`)[seq - 1]!;
  expect(line['seq']).toBe(seq);
  return line as unknown as LedgerEvent;
}

describe('isLedgerLine', () => {
  it('takes every line of a run’s ledger, and no external event, non-object or line lacking seq, operation or nodeId', () => {
    const ledger = ndjson('tests/fixtures/golden/approval-fsm.ledger.ndjson');
    expect(ledger).toHaveLength(32);
    for (const line of ledger) expect(isLedgerLine(line), JSON.stringify(line)).toBe(true);
    // External events (what `parse` writes, what a run takes with --events) are no ledger lines.
    for (const event of ndjson('examples/ssh-sessions.events.ndjson')) expect(isLedgerLine(event)).toBe(false);
    for (const value of [null, undefined, 'seq', 7, true, []]) expect(isLedgerLine(value), String(value)).toBe(false);
    // Each of the three fields missing, or of the wrong kind, while the other two are right.
    const line = { seq: 1, operation: 'TOKEN_GENERATED', nodeId: 'requests' };
    expect(isLedgerLine(line)).toBe(true);
    for (const field of ['seq', 'operation', 'nodeId'] as const) {
      const { [field]: _left, ...rest } = line;
      expect(isLedgerLine(rest), `without ${field}`).toBe(false);
    }
    expect(isLedgerLine({ ...line, seq: '1' })).toBe(false);
    expect(isLedgerLine({ ...line, operation: 3 })).toBe(false);
    expect(isLedgerLine({ ...line, nodeId: null })).toBe(false);
    expect(isLedgerLine({ nodeId: 'requests' })).toBe(false);
  });
});

describe('ledgerEventToEvent', () => {
  it('makes each ledger event an event of its token’s first correlation id, named by its state or operation', () => {
    // approval-fsm: e1 the source makes requests#1 (ids [requests-1]); e2 the FSM "desk" takes it
    // (input) and emits desk#1 (output) going ready → approved; e4 desk's timer fires approved →
    // ready with no token at all (node mode); e5 the sink "paid" collects desk#1 (input only).
    // The examples start at the default startTime, 2025-01-01T00:00:00Z (1,735,689,600,000 ms), with tickMs 1000.
    const time = (step: number): number => 1735689600000 + step * 1000;
    expect(ledgerEventToEvent(ledgerEvent('approval-fsm', 1))).toStrictEqual({
      correlationId: 'requests-1',
      event: 'requests:TOKEN_GENERATED',
      timestamp: time(2),
      seq: 1,
      step: 2,
      nodeId: 'requests',
      operation: 'TOKEN_GENERATED',
      tokenId: 'requests#1',
    });
    // A transition is named by the state it enters, keeps the state it left, and its token is the
    // output one (the token the transition made), not the one it consumed.
    expect(ledgerEventToEvent(ledgerEvent('approval-fsm', 2))).toStrictEqual({
      correlationId: 'requests-1',
      event: 'desk:approved',
      timestamp: time(3),
      seq: 2,
      step: 3,
      nodeId: 'desk',
      operation: 'STATE_TRANSITION',
      tokenId: 'desk#1',
      from: 'ready',
    });
    // No token: no token id, and the case is the node's id.
    expect(ledgerEventToEvent(ledgerEvent('approval-fsm', 4))).toStrictEqual({
      correlationId: 'desk',
      event: 'desk:ready',
      timestamp: time(4),
      seq: 4,
      step: 4,
      nodeId: 'desk',
      operation: 'STATE_TRANSITION',
      from: 'approved',
    });
    expect(ledgerEventToEvent(ledgerEvent('approval-fsm', 5))).toStrictEqual({
      correlationId: 'requests-1',
      event: 'paid:TOKEN_COLLECTED',
      timestamp: time(4),
      seq: 5,
      step: 4,
      nodeId: 'paid',
      operation: 'TOKEN_COLLECTED',
      tokenId: 'desk#1',
    });
  });

  it('keeps every correlation id of a token that carries two, the first as the case', () => {
    // order-pipeline e7: "enrich" joins orders#1 and customers#1 into enrich#1, ids [orders-1, customers-1].
    expect(ledgerEventToEvent(ledgerEvent('order-pipeline', 7))).toStrictEqual({
      correlationId: 'orders-1',
      correlationIds: ['orders-1', 'customers-1'],
      event: 'enrich:TOKEN_TRANSFORMED',
      timestamp: 1735689600000 + 2 * 1000, // step 2 of 1 s steps from 2025-01-01T00:00:00Z
      seq: 7,
      step: 2,
      nodeId: 'enrich',
      operation: 'TOKEN_TRANSFORMED',
      tokenId: 'enrich#1',
    });
  });
});
