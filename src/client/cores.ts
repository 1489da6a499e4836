/**
 * What the page runs of the pure cores in its own thread, rather than asking a worker: compiling a
 * breakpoint's condition with the engine's expression language, and checking a regular expression as
 * the person types it with the parser's safe-regex rules. Each is pure and fast; the UI reaches them
 * here, never in the cores directly.
 */
export { parseExpression, type CompiledExpr } from '../engine/expr';
export { userRegex } from '../parser/regex/safeRegex';
