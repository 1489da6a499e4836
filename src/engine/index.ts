/**
 * The engine's public surface: the engine object, the ledger, the loader and the vocabulary types.
 * Everything here is pure TypeScript over ES2022 — no DOM, no Node — so it runs the same in the
 * worker, in Node (CLI, benchmarks) and in tests.
 */
export { Engine, type EngineOptions, type RunQueue, type StepReport } from './engine';
export { Ledger, NONE, type LedgerNodeInfo } from './ledger';
export { ExternalEventQueue, type AddEventsResult } from './externalQueue';
export { OP, operationName, type OpCode } from './operations';
export { canonicalJson } from './canonical';
export { loadScenario } from './dsl';
export type * from './types';
export { LEDGER_OPERATIONS, NODE_KINDS } from './types';
