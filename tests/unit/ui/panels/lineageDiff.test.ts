import { describe, expect, it } from 'vitest';
import type { LineageElement } from '../../../../src/contract/wire';
import { diffData, flatten, lineageRows, pathNodes } from '../../../../src/ui/controllers/panels/lineageDiff';

const el = (nodeId: string, step: number, data: unknown, over: Partial<LineageElement> = {}): LineageElement => ({
  nodeId,
  step,
  data,
  timestamp: step * 1000,
  operation: 'TOKEN_PROCESSED',
  tokenId: `${nodeId}#1`,
  seq: step,
  ...over,
});

describe('flatten', () => {
  it('turns nested objects into dotted paths with JSON values and a scalar into `value`', () => {
    expect([...flatten({ b: 1, a: { c: 'x', d: [1, 2] } })]).toEqual([
      ['a.c', '"x"'],
      ['a.d', '[1,2]'],
      ['b', '1'],
    ]);
    expect([...flatten(42)]).toEqual([['value', '42']]);
  });
});

describe('diffData', () => {
  it('names added, removed, changed and unchanged fields', () => {
    expect(diffData({ value: 1, keep: true, gone: 'x' }, { value: 2, keep: true, state: 'ok' })).toEqual([
      { path: 'gone', kind: 'removed', before: '"x"' },
      { path: 'keep', kind: 'same', before: 'true', after: 'true' },
      { path: 'state', kind: 'added', after: '"ok"' },
      { path: 'value', kind: 'changed', before: '1', after: '2' },
    ]);
  });

  it('treats no data before as every field added', () => {
    expect(diffData(null, { a: 1 })).toEqual([{ path: 'a', kind: 'added', after: '1' }]);
  });
});

describe('lineageRows', () => {
  it('diffs each entry against the token it came from, skipping a timer transition', () => {
    const rows = lineageRows([
      el('source', 1, { value: 5 }, { operation: 'TOKEN_GENERATED', tokenId: 'source#1' }),
      el(
        'double',
        2,
        { value: 10 },
        { operation: 'TOKEN_TRANSFORMED', tokenId: 'double#1', parentTokenIds: ['source#1'] },
      ),
      el('fsm', 3, null, { operation: 'STATE_TRANSITION', tokenId: null, from: 'a', to: 'b' }),
      el('sink', 4, { value: 10 }, { operation: 'TOKEN_COLLECTED', tokenId: 'double#1' }),
    ]);
    expect(rows.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expect(rows[0]!.changes).toEqual([{ path: 'value', kind: 'added', after: '5' }]);
    expect(rows[1]!.changes).toEqual([{ path: 'value', kind: 'changed', before: '5', after: '10' }]);
    expect(rows[2]!.changes).toEqual([]);
    // Collected as it came: nothing changed.
    expect(rows[3]!.changes.filter((c) => c.kind !== 'same')).toEqual([]);
  });

  it('after a fork, a Sink collecting a token unchanged shows no change from the other branch (issue 41, item 4)', () => {
    // A fork: the same request becomes a batch on one branch and a per-server record on the other;
    // the list interleaves them by step, so the row above the Sink's belongs to the other branch.
    const rows = lineageRows([
      el('requests', 1, { value: 7 }, { operation: 'TOKEN_GENERATED', tokenId: 'requests#1' }),
      el(
        'lastPerServer',
        3,
        { server: 'a', value: 7 },
        { operation: 'TOKEN_TRANSFORMED', tokenId: 'lastPerServer#1', parentTokenIds: ['requests#1'] },
      ),
      el(
        'latencyBatches',
        4,
        { value: [7, 9] },
        { operation: 'TOKEN_AGGREGATED', tokenId: 'latencyBatches#1', parentTokenIds: ['requests#1', 'requests#2'] },
      ),
      el('metrics', 4, { server: 'a', value: 7 }, { operation: 'TOKEN_COLLECTED', tokenId: 'lastPerServer#1' }),
    ]);
    expect(rows[2]!.changes.filter((c) => c.kind !== 'same')).toEqual([
      { path: 'value', kind: 'changed', before: '7', after: '[7,9]' },
    ]);
    expect(rows[3]!.changes.filter((c) => c.kind !== 'same')).toEqual([]);
    expect(rows[3]!.changes.map((c) => c.kind)).toEqual(['same', 'same']);
  });

  it('a token made from tokens the path has not shown has every field added', () => {
    const rows = lineageRows([
      el('join', 2, { value: 3 }, { operation: 'TOKEN_TRANSFORMED', tokenId: 'join#1', parentTokenIds: ['other#4'] }),
    ]);
    expect(rows[0]!.changes).toEqual([{ path: 'value', kind: 'added', after: '3' }]);
  });

  it('pathNodes lists the nodes in the order the path reaches them', () => {
    expect(pathNodes([el('a', 1, {}), el('b', 2, {}), el('a', 3, {}), el('c', 4, {})])).toEqual(['a', 'b', 'c']);
  });
});
