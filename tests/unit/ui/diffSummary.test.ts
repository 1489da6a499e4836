import { describe, expect, it } from 'vitest';
import type { LedgerDiff } from '../../../src/contract/diff';
import type { ExecutionRecord } from '../../../src/contract/wire';
import { diffCandidates, runLabel, runNumbers } from '../../../src/ui/state/diff/candidates';
import { runDiff } from '../../../src/ui/state/diff/runDiff';
import {
  differenceRows,
  fieldRows,
  headline,
  nodeChangeSentences,
  overlayLines,
  signed,
  valueText,
  whySentences,
} from '../../../src/ui/state/diff/summary';

// A hand-built diff: two runs of one template with seeds 1 and 2, parting at step 6.
const diverging: LedgerDiff = {
  identical: false,
  firstDivergentStep: 6,
  at: {
    step: 6,
    seq: 20,
    nodeId: { a: 'canary', b: 'canary' },
    operation: { a: 'TOKEN_ROUTED', b: 'TOKEN_ROUTED' },
    differences: [
      { path: '/details/output', a: 'canary', b: 'stable' },
      { path: '/extra', a: 1 },
    ],
    a: null,
    b: null,
  },
  ledgers: { a: { events: 10, lastStep: 8 }, b: { events: 11, lastStep: 8 } },
  nodes: [
    { nodeId: 'src', nodeType: 'DataSource', a: 5, b: 5, delta: 0 },
    { nodeId: 'new', nodeType: 'ProcessNode', a: null, b: 2, delta: 2 },
  ],
  sinks: [
    {
      sinkId: 'out',
      a: { count: 22, sum: 287, values: [] },
      b: { count: 20, sum: 276, values: [] },
      delta: { count: -2, sum: -11 },
    },
  ],
  fsm: [{ nodeId: 'door', state: 'open', a: 1, b: 3, delta: 2 }],
  nodeChanges: { added: ['new'], removed: ['old'], renamed: [{ a: 'p1', b: 'p2', nodeType: 'ProcessNode' }] },
  why: {
    differ: ['seed', 'events', 'template'],
    sameTemplate: true,
    seed: { a: 1, b: 2 },
    events: { index: 0, a: { v: 1 }, countA: 1, countB: 0 },
    template: { paths: [{ path: '/nodes/2/name', a: 'x', b: 'y' }], more: 2 },
  },
};

const names: Record<string, string> = { src: 'Requests', out: 'Metrics', door: 'Door' };
const nameOf = (id: string) => names[id] ?? id;

describe('compare summary', () => {
  it('heads a diverging pair with its step, an identical pair as identical', () => {
    expect(headline(diverging)).toBe('The runs diverge at step 6.');
    const same = { ...diverging, identical: true, firstDivergentStep: null, at: null };
    expect(headline(same)).toBe('The two runs are identical: their ledgers have the same lines.');
  });

  it('says why: the seeds, the first differing event (1-based), the changed template paths with the rest counted', () => {
    expect(whySentences(diverging)).toEqual([
      'Seed 1 in run a, seed 2 in run b.',
      'External event 1 differs (run a: {"v":1}; run b: —; 1 and 0 events fed).',
      'The template changed at 3 paths: /nodes/2/name and 2 more.',
    ]);
    expect(whySentences({ ...diverging, why: null })).toEqual([]);
  });

  it('lists the differing fields with a dash for a missing side', () => {
    expect(fieldRows(diverging.at!.differences)).toEqual([
      { path: '/details/output', a: '"canary"', b: '"stable"' },
      { path: '/extra', a: '1', b: '—' },
    ]);
  });

  it('cuts long values and signs deltas', () => {
    expect(valueText('x'.repeat(200))).toHaveLength(120);
    expect(valueText('x'.repeat(200)).endsWith('…')).toBe(true);
    expect([signed(3), signed(-2), signed(0)]).toEqual(['+3', '−2', '0']);
  });

  it('makes one row per node, two per Sink (count, sum) and one per FSM state, named by display name', () => {
    expect(differenceRows(diverging, nameOf).map((r) => [r.group, r.label, r.a, r.b, r.delta])).toEqual([
      ['nodes', 'Requests', 5, 5, 0],
      ['nodes', 'new', null, 2, 2],
      ['sinks', 'Metrics count', 22, 20, -2],
      ['sinks', 'Metrics sum', 287, 276, -11],
      ['fsm', 'Door → open', 1, 3, 2],
    ]);
  });

  it('labels on the graph only the nodes whose counts differ', () => {
    const d = {
      ...diverging,
      nodes: [
        ...diverging.nodes,
        { nodeId: 'gone', nodeType: 'Sink', a: 4, b: null, delta: -4 },
        { nodeId: 'lb', nodeType: 'Multiplexer', a: 30, b: 27, delta: -3 },
      ],
    };
    expect(overlayLines(d)).toEqual({ new: 'only in b (2)', gone: 'only in a (4)', lb: 'Δ −3 (a 30 · b 27)' });
  });

  it('names added, removed and renamed nodes', () => {
    expect(nodeChangeSentences(diverging)).toEqual([
      'Only in run b: new.',
      'Only in run a: old.',
      'p1 in run a reads as p2 in run b (ProcessNode).',
    ]);
  });
});

describe('compare candidates', () => {
  const rec = (id: string, seed: number, createdAt: string) => ({ id, seed, createdAt }) as ExecutionRecord;
  const list = [
    rec('x1', 99, '2026-01-01T00:00:00Z'),
    rec('x2', 1, '2026-01-02T00:00:00Z'),
    rec('x3', 2, '2026-01-03T00:00:00Z'),
  ];

  it('offers the other runs of the template, newest first', () => {
    expect(diffCandidates(list, 'x2').map((e) => e.id)).toEqual(['x3', 'x1']);
    expect(diffCandidates(list, null).map((e) => e.id)).toEqual(['x3', 'x2', 'x1']);
  });

  it('labels a run by creation order: #1 is the first run, whatever order the list comes in', () => {
    expect(runLabel(list, 'x1')).toBe('#1 · seed 99');
    expect(runLabel(list, 'x3')).toBe('#3 · seed 2');
    expect(runLabel([...list].reverse(), 'x1')).toBe('#1 · seed 99');
    expect(runLabel(list, 'gone')).toBe('gone');
  });

  it('a new run takes the next number and never shifts the others (issue 41, item 4)', () => {
    const before = runNumbers(list);
    const after = runNumbers([rec('x4', 5, '2026-01-04T00:00:00Z'), ...list]);
    for (const [id, n] of before) expect(after.get(id)).toBe(n);
    expect(after.get('x4')).toBe(4);
    // Runs made in the same millisecond keep one order (by id).
    const tied = runNumbers([rec('b', 1, '2026-01-05T00:00:00Z'), rec('a', 1, '2026-01-05T00:00:00Z')]);
    expect([tied.get('a'), tied.get('b')]).toEqual([1, 2]);
  });
});

describe('runDiff', () => {
  it('steps both runs to their end before asking for the diff, a against b', async () => {
    const calls: string[] = [];
    let release!: () => void;
    const aDone = new Promise<void>((r) => (release = r));
    const api = {
      executeStep: async (templateId: string, executionId: string, target: unknown) => {
        calls.push(`step ${templateId}/${executionId} ${String(target)}`);
        return {} as never;
      },
      diffExecutions: async (a: string, b: string) => {
        calls.push(`diff ${a} ${b}`);
        return diverging;
      },
    };
    const side = {
      templateId: 't1',
      executionId: 'x2',
      runToEnd: async () => {
        await aDone;
        calls.push('a ran to end');
      },
    };
    const answer = runDiff(api, side, 'x3');
    await new Promise((r) => setTimeout(r, 5));
    // Side a has not reached its end yet: no diff asked for.
    expect(calls).toEqual(['step t1/x3 end']);
    release();
    expect(await answer).toBe(diverging);
    expect(calls).toEqual(['step t1/x3 end', 'a ran to end', 'diff x2 x3']);
  });
});
