/**
 * The comparison of two ledgers' lines, fed in lockstep (two ledger files; in-memory ledgers are
 * compared from their columns by diffRuns.ts, with the same answer): the first position whose lines
 * differ (as canonical JSON, so key order and spacing never count) is the divergence, and its step
 * — the lower of the two events' steps — is the first step whose ledger lines differ. Every line of
 * both sides also goes through a tally (runTally.ts), so the summary comes out of the same single
 * pass: time linear in the ledgers' length, memory constant (a line pair at a time).
 *
 * Up to the divergence, equal lines are parsed once for both sides.
 */
import { MAX_EVENT_DIFFERENCES, type Divergence, type InputDifferences, type LedgerDiff } from '../../contract/diff';
import type { LedgerEvent } from '../../contract/vocabulary';
import { canonicalJson } from '../ledger/canonical';
import { jsonDifferences } from './jsonDifferences';
import { RunTally, type DeclaredNode, type ParsedEvent } from './runTally';
import { summaryRows } from './summaryRows';

/** Which ledger: `a` (the run compared) or `b` (the run it is compared with). */
export type Side = 'a' | 'b';

/** What a comparison may know beyond the lines: each run's nodes in scenario order. */
export interface DiffOptions {
  nodesA?: readonly DeclaredNode[];
  nodesB?: readonly DeclaredNode[];
}

/** A line that is not a ledger event: which side, its 1-based position among the non-blank lines, and why. */
export class LedgerLineError extends Error {
  constructor(
    readonly side: Side,
    readonly position: number,
    readonly reason: string,
  ) {
    super(`ledger ${side}, event ${position}: ${reason}`);
  }
}

/** Not pure: a comparison in progress. */
export class LedgerDiffer {
  private readonly tallyA: RunTally;
  private readonly tallyB: RunTally;
  private position = 0;
  private divergence: Divergence | null = null;

  constructor(options: DiffOptions = {}) {
    this.tallyA = new RunTally(options.nodesA);
    this.tallyB = new RunTally(options.nodesB);
  }

  /** The next line of each ledger (undefined: that ledger has ended); throws LedgerLineError. */
  push(lineA: string | undefined, lineB: string | undefined): void {
    const position = ++this.position;
    if (this.divergence === null && lineA !== undefined && lineA === lineB) {
      const ev = parseEvent(lineA, 'a', position);
      this.tallyA.add(ev);
      this.tallyB.add(ev);
      return;
    }
    const a = lineA === undefined ? null : parseEvent(lineA, 'a', position);
    const b = lineB === undefined ? null : parseEvent(lineB, 'b', position);
    if (a) this.tallyA.add(a);
    if (b) this.tallyB.add(b);
    if (this.divergence === null && (a === null || b === null || canonicalJson(a) !== canonicalJson(b)))
      this.divergence = divergenceOf(a, b, position);
  }

  /** The answer, once both ledgers have ended; `why` is what differs in the runs' inputs, when known. */
  result(why: InputDifferences | null = null): LedgerDiff {
    const at = this.divergence;
    return {
      identical: at === null,
      firstDivergentStep: at === null ? null : at.step,
      at,
      ledgers: { a: this.tallyA.side, b: this.tallyB.side },
      ...summaryRows(this.tallyA, this.tallyB),
      why,
    };
  }
}

/** Pure: where two events differ (`seq`: their position) — at least one is present. */
export function divergenceOf(a: ParsedEvent | null, b: ParsedEvent | null, seq: number): Divergence {
  const step = a && b ? Math.min(a.step, b.step) : (a ?? b)!.step;
  return {
    step,
    seq,
    nodeId: { a: a?.nodeId ?? null, b: b?.nodeId ?? null },
    operation: { a: a?.operation ?? null, b: b?.operation ?? null },
    differences: a && b ? jsonDifferences(a, b, MAX_EVENT_DIFFERENCES).paths : [],
    a: a as LedgerEvent | null,
    b: b as LedgerEvent | null,
  };
}

/** Pure: the event of one ledger line; throws LedgerLineError when it is not one. */
export function parseEvent(line: string, side: Side, position: number): ParsedEvent {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new LedgerLineError(side, position, 'not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new LedgerLineError(side, position, 'not a JSON object');
  const ev = value as Record<string, unknown>;
  if (typeof ev['nodeId'] !== 'string') throw new LedgerLineError(side, position, 'no "nodeId" string');
  if (typeof ev['operation'] !== 'string') throw new LedgerLineError(side, position, 'no "operation" string');
  const step = ev['step'];
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0)
    throw new LedgerLineError(side, position, 'no "step" (a non-negative integer)');
  if (ev['nodeType'] !== undefined && typeof ev['nodeType'] !== 'string')
    throw new LedgerLineError(side, position, '"nodeType" is not a string');
  return ev as ParsedEvent;
}
