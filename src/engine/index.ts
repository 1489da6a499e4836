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
export { Ledger, NONE, type LedgerNodeInfo } from './ledger';
export { ExternalEventQueue, type AddEventsResult, type InputBatch } from './externalQueue';
export { defaultHasher, type HasherFactory, type IncrementalHash } from './hashing';
export { CHECKPOINT_SPACING } from './checkpoints';
export { RUN_FORMAT, RUN_FORMAT_VERSION, type RunHeader } from './runExport';
export { reexecute, type ReexecutionBatch, type ReexecutionProblem } from './reexecute';
export { SINK_FORMULAS } from './queryTypes';
export { LEDGER_PAGE, type LedgerPageQuery } from './ledgerPage';
export { DEFAULT_HISTOGRAM_BUCKETS } from './histogram';
export { scenarioGraph } from './graph';
export type * from './queryTypes';
export { OP, operationName, type OpCode } from './operations';
export { canonicalJson } from './canonical';
export { loadScenario } from './dsl';
export type * from './types';
export { LEDGER_OPERATIONS, NODE_KINDS } from './types';
