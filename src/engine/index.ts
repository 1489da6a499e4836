/**
 * The engine's public surface: the engine object, the ledger, the loader and the vocabulary types.
 * Everything here is pure TypeScript over ES2022 — no DOM, no Node — so it runs the same in the
 * worker, in Node (CLI, benchmarks) and in tests.
 */
export {
  Engine,
  type EngineOptions,
  type EngineSettings,
  type ExternalQueueView,
  type LedgerView,
  type RunQueue,
  type StepReport,
} from './engine';
export { Ledger, NONE, type LedgerNodeInfo } from './ledger/ledger';
export { ExternalEventQueue, type AddEventsResult, type InputBatch } from './run/externalQueue';
export { defaultHasher, type HasherFactory, type IncrementalHash } from './ledger/hashing';
export { CHECKPOINT_SPACING } from './replay/checkpoints';
export { RUN_FORMAT, RUN_FORMAT_VERSION, type RunHeader } from './query/runExport';
export { reexecute, type ReexecutionBatch, type ReexecutionProblem } from './run/reexecute';
export { waitingClause } from './run/waiting';
export { SINK_FORMULAS } from '../contract/queries';
export { LEDGER_PAGE, type LedgerPageQuery } from './query/ledgerPage';
export { DEFAULT_HISTOGRAM_BUCKETS } from './query/histogram';
export { scenarioGraph } from './query/graph';
export { activityWarnings, RESULT_SINK_VALUES } from './query/runResult';
export type * from '../contract/queries';
export { OP, operationName, type OpCode } from './ledger/operations';
export { canonicalJson } from './ledger/canonical';
export { loadScenario } from './dsl';
export type * from './types';
export { LEDGER_OPERATIONS, NODE_KINDS } from './types';
