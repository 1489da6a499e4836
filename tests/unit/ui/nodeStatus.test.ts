/**
 * The Nodes table's State column for every kind: an FSM's state, a Multiplexer's routing counts,
 * a source emitting, done or waiting, a join, an Aggregator buffering, a ProcessNode's errors.
 */
import { describe, expect, it } from 'vitest';
import { nodeStatus } from '../../../src/ui/controllers/panels/nodeStatus';
import type { NodeRow } from '../../../src/ui/controllers/graph/stepState';

const row = (kind: NodeRow['kind'], extra: Partial<NodeRow> = {}): NodeRow => ({
  id: 'n',
  name: 'n',
  kind,
  state: '',
  processed: 0,
  held: '',
  acted: false,
  ...extra,
});
const st = (aggregates: Record<string, unknown>, tokensProcessed = 1) => ({
  currentState: null,
  tokensProcessed,
  aggregates,
});

describe('nodeStatus', () => {
  it("keeps an FSM's own state text", () => {
    expect(nodeStatus(row('FSM', { state: 'approved' }), st({}))).toBe('approved');
  });
  it('lists a Multiplexer’s tokens per output, largest first', () => {
    expect(nodeStatus(row('Multiplexer'), st({ small: 2, large: 5, none: 0 }))).toBe('large: 5, small: 2');
    expect(nodeStatus(row('Multiplexer'), st({}, 0))).toBe('nothing routed yet');
  });
  it('says whether a DataSource is emitting, done or waiting for events', () => {
    expect(nodeStatus(row('DataSource'), st({ mode: 'generated', remaining: 3 }))).toBe('emitting');
    expect(nodeStatus(row('DataSource'), st({ mode: 'generated', remaining: 0 }))).toBe('done');
    expect(nodeStatus(row('DataSource'), st({ mode: 'external', remaining: 0 }, 0))).toBe('waiting for events');
  });
  it('names a join, a buffer and errors', () => {
    expect(nodeStatus(row('ProcessNode', { held: '2 waiting' }), st({ errors: 0 }))).toBe('joining');
    expect(nodeStatus(row('ProcessNode', { acted: true }), st({ errors: 1 }))).toBe('working, 1 error');
    expect(nodeStatus(row('ProcessNode'), st({ errors: 3 }))).toBe('idle, 3 errors');
    expect(nodeStatus(row('Aggregator'), st({ buffered: 2 }))).toBe('buffering');
    expect(nodeStatus(row('Aggregator'), st({ buffered: 0 }))).toBe('idle');
  });
  it('gives a Sink its per-state counts, else what it is doing', () => {
    expect(nodeStatus(row('Sink'), st({ paid: 3, returned: 1 }))).toBe('paid: 3, returned: 1');
    expect(nodeStatus(row('Sink', { acted: true }), st({}))).toBe('collecting');
    expect(nodeStatus(row('Sink'), st({}, 0))).toBe('nothing collected yet');
  });
});
