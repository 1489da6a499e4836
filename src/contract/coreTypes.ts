/**
 * The cores' own shapes that cross into the page: ledger entries, node state, run status and
 * validation issues from the engine; the configuration pieces the ingestion form edits from the
 * parser. Types only, re-exported so the UI reaches the cores through the contract and nowhere
 * else; this is the one file to change when these shapes move into the contract itself.
 */
export type { ExternalEvent, Issue, LedgerEvent, LedgerOperation, NodeState, RunStatus } from '../engine/types';
export type { EventRule, MaskSpec, ParserConfig } from '../parser';
