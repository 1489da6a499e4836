/**
 * The lineage drawn as a graph: chains, forks (a token sent down two edges), joins (a merge of two
 * tokens), a buffered token linked to the merge that used it, layers and lanes — by hand — and
 * the order pipeline's first order, whose invoice forks to the revenue aggregator and the invoices.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Engine } from '../../../src/engine';
import { forkBranches, lineageGraph, type LineageEventLike } from '../../../src/ui/controllers/panels/lineageGraph';

const ev = (
  seq: number,
  nodeId: string,
  operation: string,
  input: string | null,
  output: string | null,
  inputTokens?: string[],
): LineageEventLike => ({
  seq,
  step: seq,
  nodeId,
  operation,
  ...(input ? { inputToken: { id: input } } : {}),
  ...(output ? { outputToken: { id: output } } : {}),
  ...(inputTokens ? { inputTokens } : {}),
});

describe('lineageGraph', () => {
  it('draws a fork when one token reaches two nodes, in two lanes of one layer', () => {
    const g = lineageGraph([
      ev(1, 'src', 'TOKEN_GENERATED', null, 't1'),
      ev(2, 'p', 'TOKEN_TRANSFORMED', 't1', 't2'),
      ev(3, 'a', 'TOKEN_COLLECTED', 't2', null),
      ev(4, 'b', 'TOKEN_COLLECTED', 't2', null),
    ]);
    expect(g.edges).toEqual([
      { from: 1, to: 2 },
      { from: 2, to: 3 },
      { from: 2, to: 4 },
    ]);
    expect(g.nodes.map((n) => [n.seq, n.layer, n.lane, n.fork, n.join])).toEqual([
      [1, 0, 0, false, false],
      [2, 1, 0, true, false],
      [3, 2, 0, false, false],
      [4, 2, 1, false, false],
    ]);
    expect(g).toMatchObject({ layers: 3, lanes: 2 });
    expect(forkBranches(g)).toEqual(new Map([[2, ['a', 'b']]]));
  });

  it('joins a merge to the operations that held its tokens, and links a buffer to its merge', () => {
    const g = lineageGraph([
      ev(1, 's1', 'TOKEN_GENERATED', null, 'x'),
      ev(2, 's2', 'TOKEN_GENERATED', null, 'y'),
      ev(3, 'agg', 'TOKEN_BUFFERED', 'x', null),
      ev(4, 'agg', 'TOKEN_AGGREGATED', 'y', 'z', ['x', 'y']),
      ev(5, 'out', 'TOKEN_COLLECTED', 'z', null),
    ]);
    // x was held by the buffer (3), y comes straight from its source (2).
    expect(g.nodes.find((n) => n.seq === 4)).toMatchObject({ parents: [2, 3], join: true, layer: 2 });
    expect(g.nodes.find((n) => n.seq === 5)).toMatchObject({ parents: [4], layer: 3 });
    expect(g.nodes.find((n) => n.seq === 3)!.children).toEqual([4]);
    expect(g.nodes.some((n) => n.fork)).toBe(false);
  });

  it('makes one box of the operations a node wrote in one step from one token, forking where its outputs go', () => {
    const g = lineageGraph([
      ev(1, 'src', 'TOKEN_GENERATED', null, 't'),
      { ...ev(2, 'split', 'TOKEN_TRANSFORMED', 't', 'a'), step: 2 },
      { ...ev(3, 'split', 'TOKEN_TRANSFORMED', 't', 'b'), step: 2 },
      ev(4, 'left', 'TOKEN_COLLECTED', 'a', null),
      ev(5, 'right', 'TOKEN_COLLECTED', 'b', null),
    ]);
    expect(g.nodes.map((n) => [n.seq, n.seqs, n.layer, n.lane])).toEqual([
      [1, [1], 0, 0],
      [2, [2, 3], 1, 0],
      [4, [4], 2, 0],
      [5, [5], 2, 1],
    ]);
    expect(forkBranches(g)).toEqual(new Map([[2, ['left', 'right']]]));
  });

  it("draws the order pipeline's first order with its invoice forking to revenue and invoices", () => {
    const doc = JSON.parse(readFileSync(new URL('../../../examples/order-pipeline.json', import.meta.url), 'utf8'));
    const engine = new Engine();
    engine.initialize(doc.scenario);
    engine.runToEnd();
    const page = engine.ledgerPage({ correlationId: 'orders-1', limit: 1000 });
    if (!page.ok) throw new Error(page.error.message);
    const g = lineageGraph(page.value.events);
    // 10 operations; the invoice's two formula outputs are one box.
    expect(g.nodes).toHaveLength(9);
    const forks = [...forkBranches(g).entries()].map(([seq, ids]) => [g.nodes.find((n) => n.seq === seq)!.nodeId, ids]);
    expect(forks).toEqual([['invoice', ['revenue', 'invoices']]]);
    expect(g.lanes).toBeGreaterThanOrEqual(2);
  });
});
