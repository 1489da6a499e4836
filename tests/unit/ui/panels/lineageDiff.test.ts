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
  it('diffs each entry against the previous entry that carried data, skipping a timer transition', () => {
    const rows = lineageRows([
      el('source', 1, { value: 5 }),
      el('double', 2, { value: 10 }, { operation: 'TOKEN_TRANSFORMED' }),
      el('fsm', 3, null, { operation: 'STATE_TRANSITION', tokenId: null, from: 'a', to: 'b' }),
      el('sink', 4, { value: 10, state: 'done' }, { operation: 'TOKEN_COLLECTED' }),
    ]);
    expect(rows.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expect(rows[0]!.changes).toEqual([{ path: 'value', kind: 'added', after: '5' }]);
    expect(rows[1]!.changes).toEqual([{ path: 'value', kind: 'changed', before: '5', after: '10' }]);
    expect(rows[2]!.changes).toEqual([]);
    expect(rows[3]!.changes.filter((c) => c.kind !== 'same')).toEqual([
      { path: 'state', kind: 'added', after: '"done"' },
    ]);
  });

  it('pathNodes lists the nodes in the order the path reaches them', () => {
    expect(pathNodes([el('a', 1, {}), el('b', 2, {}), el('a', 3, {}), el('c', 4, {})])).toEqual(['a', 'b', 'c']);
  });
});
