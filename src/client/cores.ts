/**
 * What the page runs of the pure cores in its own thread, rather than asking a worker: compiling a
 * breakpoint's condition with the engine's expression language, checking a regular expression as the
 * person types it with the parser's safe-regex rules, and the closed list of ledger operations.
 * Each is pure and fast; the UI reaches them here, never in the cores directly.
 */
export { parseExpression, type CompiledExpr } from '../engine/expr';
export { LEDGER_OPERATIONS } from '../engine/types';
export { userRegex } from '../parser/safeRegex';
