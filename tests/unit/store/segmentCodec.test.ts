import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import {
  SEGMENT_SIZE,
  checksumOf,
  encodeSegment,
  ledgerFromSegments,
  segmentCount,
} from '../../../src/store/segmentCodec';
import type { LedgerSegmentRow } from '../../../src/store/AppDB';

/** A run touching every column: generated and external tokens, an FSM (from/to), an aggregator (consumed tokens), details. */
function busyRun(tokens: number): Engine {
  const engine = new Engine();
  const loaded = engine.initialize({
    version: '3.0',
    name: 'busy',
    seed: 3,
    nodes: [
      {
        nodeId: 'gen',
        type: 'DataSource',
        generation: { type: 'random', valueMin: 1, valueMax: 50 },
        count: tokens,
        outputs: [{ destinationNodeId: 'router' }],
      },
      { nodeId: 'ext', type: 'DataSource', outputs: [{ destinationNodeId: 'router' }] },
      {
        nodeId: 'router',
        type: 'Multiplexer',
        multiplexing: { strategy: 'round_robin' },
        outputs: [{ destinationNodeId: 'fsm' }, { destinationNodeId: 'agg' }],
      },
      {
        nodeId: 'fsm',
        type: 'FSM',
        fsm: {
          states: ['idle', 'busy'],
          transitions: [
            { from: 'idle', to: 'busy', trigger: 'token_received' },
            { from: 'busy', to: 'idle', trigger: 'token_received' },
          ],
        },
        outputs: [{ destinationNodeId: 'sink' }],
      },
      {
        nodeId: 'agg',
        type: 'Aggregator',
        aggregation: { method: 'sum', field: 'value', trigger: { type: 'count', window: 3 } },
        outputs: [{ destinationNodeId: 'sink' }],
      },
      { nodeId: 'sink', type: 'Sink' },
    ],
  });
  expect(loaded.errors).toEqual([]);
  const events = Array.from({ length: 40 }, (_, i) => ({
    targetDataSourceId: 'ext',
    correlationId: `c-${i % 7}`,
    value: i,
    note: `é ${i}`,
  }));
  expect(engine.getExternalEventQueue().addEvents(events).ok).toBe(true);
  return engine;
}

function encodeAll(engine: Engine): LedgerSegmentRow[] {
  const rows: LedgerSegmentRow[] = [];
  let tokenStart = 0;
  for (let s = 0; s < segmentCount(engine.ledger.size); s++) {
    const { row, checkpoint } = encodeSegment(engine.ledger, 'x', s, tokenStart);
    expect(checkpoint.checksum).toBe(checksumOf(row));
    rows.push(row);
    tokenStart = row.tokenEnd;
  }
  return rows;
}

const nodesOf = (engine: Engine) => engine.scenario.nodes.map((n) => ({ nodeId: n.nodeId, nodeType: n.type }));

describe('segmentCodec', () => {
  it('stores a ledger in segments of SEGMENT_SIZE events that decode to the same canonical ledger', () => {
    const engine = busyRun(1500);
    engine.runToEnd();
    const rows = encodeAll(engine);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.slice(0, -1).every((r) => r.count === SEGMENT_SIZE)).toBe(true);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(engine.ledger.size);
    const { startTime, tickMs } = engine.scenario;
    const restored = ledgerFromSegments(rows, nodesOf(engine), startTime, tickMs);
    expect(restored.size).toBe(engine.ledger.size);
    expect(restored.hash()).toBe(engine.ledgerHash());
  });

  it('encodes a ledger prefix the same whenever it is encoded (the open segment grows, sealed ones never change)', () => {
    const partial = busyRun(1500);
    partial.advance(400);
    const early = encodeAll(partial);
    const full = busyRun(1500);
    full.runToEnd();
    const late = encodeAll(full);
    const sealed = early.filter((r) => r.count === SEGMENT_SIZE);
    expect(sealed.length).toBeGreaterThan(0);
    for (const row of sealed) expect(checksumOf(row)).toBe(checksumOf(late[row.segment]!));
    const open = early[early.length - 1]!;
    expect(open.count).toBeLessThan(SEGMENT_SIZE);
    expect(checksumOf(open)).not.toBe(checksumOf(late[open.segment]!));
  });

  it('gives different checksums to runs that differ', () => {
    const a = busyRun(300);
    a.runToEnd();
    const b = new Engine();
    b.start(a.scenario, 4);
    b.runToEnd();
    expect(checksumOf(encodeAll(a)[0]!)).not.toBe(checksumOf(encodeAll(b)[0]!));
  });
});
