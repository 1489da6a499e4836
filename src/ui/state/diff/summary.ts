/**
 * What the Compare view says about a ledger diff, as plain text and rows: the headline (identical, or
 * where the runs part ways), the sentences of why (seed, first differing event, changed template
 * paths), the differing fields at the divergence and the rows of the `Differences` table. Pure, so the
 * wording is unit-tested without a page; the components only lay these out.
 */
import type { LedgerDiff, ValueDifference } from '../../../contract/diff';

/** One row of the `Differences` table: a label and the two sides (null: not in that run) with b − a. */
export interface DifferenceRow {
  key: string;
  group: 'nodes' | 'sinks' | 'fsm';
  label: string;
  a: number | null;
  b: number | null;
  delta: number;
}

/** A differing field at the divergence, its two sides as short text ('—': missing on that side). */
export interface FieldRow {
  path: string;
  a: string;
  b: string;
}

const MAX_TEXT = 120;

/** Pure. A JSON value as short text for a cell ('—' for a missing one; long text is cut with '…'). */
export function valueText(v: unknown): string {
  if (v === undefined) return '—';
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}

/** Pure. A signed number for a delta column ('+3', '−2', '0'). */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${Math.abs(n)}`;
  return '0';
}

/** Pure. The one-line answer: identical, or the step where the runs diverge. */
export function headline(diff: LedgerDiff): string {
  if (diff.identical || diff.firstDivergentStep === null)
    return 'The two runs are identical: their ledgers have the same lines.';
  return `The runs diverge at step ${diff.firstDivergentStep}.`;
}

/** Pure. Why the runs differ, one sentence per input that differs (empty: unknown, or the same inputs). */
export function whySentences(diff: LedgerDiff): string[] {
  const why = diff.why;
  if (!why) return [];
  const out: string[] = [];
  if (why.seed) out.push(`Seed ${why.seed.a} in run a, seed ${why.seed.b} in run b.`);
  if (why.events) {
    const e = why.events;
    out.push(
      `External event ${e.index + 1} differs (run a: ${valueText(e.a)}; run b: ${valueText(e.b)}; ` +
        `${e.countA} and ${e.countB} events fed).`,
    );
  }
  if (why.template) {
    const n = why.template.paths.length + why.template.more;
    const shown = why.template.paths.map((p) => p.path).join(', ');
    out.push(
      `${why.sameTemplate ? 'The template changed' : 'The templates differ'} at ${n} path${n === 1 ? '' : 's'}: ` +
        `${shown}${why.template.more > 0 ? ` and ${why.template.more} more` : ''}.`,
    );
  }
  if (out.length === 0 && why.differ.length === 0 && !diff.identical) out.push('The two runs had the same inputs.');
  return out;
}

/** Pure. The differing fields at the divergence as text rows. */
export function fieldRows(differences: readonly ValueDifference[]): FieldRow[] {
  return differences.map((d) => ({ path: d.path, a: valueText(d.a), b: valueText(d.b) }));
}

/**
 * Pure. The summary rows: each node's ledger events, each Sink's count and sum, each FSM state's
 * entries. `nameOf` gives a node's display name.
 */
export function differenceRows(diff: LedgerDiff, nameOf: (id: string) => string = (id) => id): DifferenceRow[] {
  const rows: DifferenceRow[] = diff.nodes.map((n) => ({
    key: `node:${n.nodeId}`,
    group: 'nodes' as const,
    label: nameOf(n.nodeId),
    a: n.a,
    b: n.b,
    delta: n.delta,
  }));
  for (const s of diff.sinks) {
    const name = nameOf(s.sinkId);
    rows.push(
      {
        key: `sink:${s.sinkId}:count`,
        group: 'sinks',
        label: `${name} count`,
        a: s.a?.count ?? null,
        b: s.b?.count ?? null,
        delta: s.delta.count,
      },
      {
        key: `sink:${s.sinkId}:sum`,
        group: 'sinks',
        label: `${name} sum`,
        a: s.a?.sum ?? null,
        b: s.b?.sum ?? null,
        delta: s.delta.sum,
      },
    );
  }
  for (const f of diff.fsm)
    rows.push({
      key: `fsm:${f.nodeId}:${f.state}`,
      group: 'fsm',
      label: `${nameOf(f.nodeId)} → ${f.state}`,
      a: f.a,
      b: f.b,
      delta: f.delta,
    });
  return rows;
}

/** Pure. The node changes as sentences (added, removed, renamed), empty when the node sets match. */
export function nodeChangeSentences(diff: LedgerDiff): string[] {
  const c = diff.nodeChanges;
  const out: string[] = [];
  if (c.added.length) out.push(`Only in run b: ${c.added.join(', ')}.`);
  if (c.removed.length) out.push(`Only in run a: ${c.removed.join(', ')}.`);
  for (const r of c.renamed) out.push(`${r.a} in run a reads as ${r.b} in run b (${r.nodeType}).`);
  return out;
}

/** Pure. The graph's extra label line per node whose ledger events differ: `Δ +3 (a 30 · b 33)`; a node in one run only says so. */
export function overlayLines(diff: LedgerDiff): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of diff.nodes) {
    if (n.a === n.b) continue;
    if (n.a === null) out[n.nodeId] = `only in b (${n.b})`;
    else if (n.b === null) out[n.nodeId] = `only in a (${n.a})`;
    else out[n.nodeId] = `Δ ${signed(n.delta)} (a ${n.a} · b ${n.b})`;
  }
  return out;
}
