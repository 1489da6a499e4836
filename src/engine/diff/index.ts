/**
 * Comparing two runs (docs/compare.md): where their ledgers first diverge, what differs there and in
 * the totals after it, and which input — seed, events, scenario — explains it. Pure and streaming.
 */
export { diffRuns, type LedgerColumns } from './diffRuns';
export { diffLedgers, ledgerLineBatches, type DiffOutcome, type LineSource } from './diffLedgers';
export { LedgerDiffer, LedgerLineError, parseEvent, type DiffOptions, type Side } from './ledgerDiffer';
export { inputDifferences, type RunInputs } from './inputDifferences';
export { jsonDifferences, pointerSegment, type JsonDifferences } from './jsonDifferences';
export { RunTally, type DeclaredNode, type ParsedEvent } from './runTally';
export { summaryRows, nodeChanges, type SummaryRows } from './summaryRows';
export type * from '../../contract/diff';
