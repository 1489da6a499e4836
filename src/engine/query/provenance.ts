/**
 * Provenance (DSL.md §6): the ancestors of a token — the DAG through the tokens each token was
 * made from — and, inversely, its descendants. A token's parents are read from the event that
 * created it (the first event whose output is the token): its `inputToken` and the tokens a merge
 * consumed (`inputTokens`). So the provenance of an aggregate reaches every token that contributed
 * to it, down to the generated tokens at the sources (its roots).
 *
 * Both directions use the same parent relation, so a ∈ ancestors(b) ⇔ b ∈ descendants(a). Each is
 * a breadth-first walk over the ledger's token index: the cost is the size of the DAG.
 */
import type { Ledger } from '../ledger/ledger';
import type { LiveRun } from '../replay/liveRun';
import { operationName } from '../ledger/operations';
import type { Provenance, QueryResult } from '../../contract/queries';
import { failure, ok } from './queryErrors';

type Direction = 'ancestors' | 'descendants';

/** Reads only: the ancestor DAG of token `tokenId`; `roots` are the source tokens reached. */
export function provenance(run: LiveRun, tokenId: string): QueryResult<Provenance> {
  return walk(run.ledger, tokenId, 'ancestors');
}

/** Reads only: the descendant DAG of token `tokenId` (edges still point parent → child); `leaves` are the end products. */
export function descendants(run: LiveRun, tokenId: string): QueryResult<Provenance> {
  return walk(run.ledger, tokenId, 'descendants');
}

function walk(ledger: Ledger, tokenId: string, direction: Direction): QueryResult<Provenance> {
  const start = typeof tokenId === 'string' ? ledger.tokenIndexOf(tokenId) : -1;
  // A token made in the step that filled the ledger (maxEvents) has no event: the run does not hold it.
  if (start < 0 || ledger.seqsOfToken(start).length === 0)
    return failure('UNKNOWN_TOKEN', `no token "${String(tokenId)}" in this run`, { tokenId });
  const seen = new Set<number>([start]);
  const order = [start];
  const edges: Provenance['edges'] = [];
  const hasParent = new Set<number>();
  const hasChild = new Set<number>();
  for (let i = 0; i < order.length; i++) {
    const t = order[i]!;
    const next = direction === 'ancestors' ? parentsOf(ledger, t) : childrenOf(ledger, t);
    for (const n of next) {
      const [parent, child] = direction === 'ancestors' ? [n, t] : [t, n];
      edges.push({ from: ledger.tokens.id(parent), to: ledger.tokens.id(child) });
      hasParent.add(child);
      hasChild.add(parent);
      if (seen.has(n)) continue;
      seen.add(n);
      order.push(n);
    }
  }
  const nodes = order.map((t) => {
    const seq = creatorOf(ledger, t);
    return {
      tokenId: ledger.tokens.id(t),
      nodeId: ledger.nodes[ledger.nodeOf(seq)]!.nodeId,
      operation: operationName(ledger.opOf(seq)),
      step: ledger.stepOf(seq),
      seq,
    };
  });
  return ok({
    tokenId,
    nodes,
    edges,
    roots: order.filter((t) => !hasParent.has(t)).map((t) => ledger.tokens.id(t)),
    leaves: order.filter((t) => !hasChild.has(t)).map((t) => ledger.tokens.id(t)),
  });
}

/** Seq of the event that created token `t`: the first event whose output it is. */
function creatorOf(ledger: Ledger, t: number): number {
  const seqs = ledger.seqsOfToken(t);
  for (const seq of seqs) if (ledger.outputOf(seq) === t) return seq;
  // A token read back from storage without its creating event: its first event stands in.
  if (seqs.length === 0) throw new Error(`token ${ledger.tokens.id(t)} has no ledger event`);
  return seqs[0]!;
}

/** Tokens token `t` was made from (distinct, in event order). */
function parentsOf(ledger: Ledger, t: number): number[] {
  const seq = creatorOf(ledger, t);
  if (ledger.outputOf(seq) !== t) return [];
  const out = new Set<number>();
  const input = ledger.inputOf(seq);
  if (input >= 0 && input !== t) out.add(input);
  for (const c of ledger.inputTokensOf(seq) ?? []) if (c !== t) out.add(c);
  return [...out];
}

/** Tokens made from token `t` (distinct, in event order): outputs of events that consumed it and created them. */
function childrenOf(ledger: Ledger, t: number): number[] {
  const out = new Set<number>();
  for (const seq of ledger.seqsOfToken(t)) {
    const made = ledger.outputOf(seq);
    if (made < 0 || made === t || out.has(made)) continue;
    const consumed = ledger.inputOf(seq) === t || (ledger.inputTokensOf(seq)?.includes(t) ?? false);
    if (consumed && creatorOf(ledger, made) === seq) out.add(made);
  }
  return [...out];
}
