/**
 * The safety rules of the expression language: how big an expression and its work may get, and
 * which names can never be read. Scenarios are user input, and a formula runs once per token, so
 * every limit here bounds time, memory or stack depth for any input.
 */

/**
 * - `maxLength`: characters of source. Checked before lexing.
 * - `maxDepth`: levels of nesting of the syntax tree. Every operator, member access, call, bracket
 *   and parenthesis nests one level, so `a + b + c` is 3 levels deep and `((a))` is 3 too. This
 *   bounds the parser's and the evaluator's recursion, so even 100,000 `(` cannot exhaust the stack.
 * - `maxEvalSteps`: work units per evaluation. One step per syntax-tree node visited, plus one per
 *   element a function walks through (`sum` over a 1,000-element array costs about 1,000 steps).
 * - `maxStringLength`: characters of any string an evaluation builds (`+`, `concat`, `join`,
 *   `string`, `upper`, …), so that a formula cannot allocate unbounded memory from a large input.
 * - `charsPerStep`: characters an operation may scan or build per step it is charged. Every
 *   operation that walks text (`upper`, `contains`, `split`, `+` on text, comparing strings, …)
 *   charges one step per `charsPerStep` characters, so a formula cannot spend its steps cheaply on
 *   calls that each scan a million characters: an evaluation scans at most
 *   `maxEvalSteps × charsPerStep` characters (6.4 M).
 */
export const LIMITS = {
  maxLength: 10_000,
  maxDepth: 64,
  maxEvalSteps: 100_000,
  maxStringLength: 1_000_000,
  charsPerStep: 64,
} as const satisfies Record<string, number>;

/**
 * Names that reach JavaScript's object machinery. They are refused as variables, as member names
 * (`a.constructor`, `a["constructor"]`, `{constructor: 1}`) at parse time, and as computed keys
 * (`a[k]` with `k` = "constructor") at run time.
 */
export const FORBIDDEN_NAMES: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** Pure. True if `name` may never be read or written by an expression. */
export function isForbiddenName(name: string): boolean {
  return name === '__proto__' || name === 'constructor' || name === 'prototype';
}

/** Pure. The message for a forbidden name, shared by the parser and the evaluator. */
export function forbiddenMessage(name: string): string {
  return `"${name}" is not allowed`;
}

/** Pure. The message for input nested beyond `LIMITS.maxDepth`. */
export function tooDeepMessage(): string {
  return `expression is nested too deeply (more than ${LIMITS.maxDepth} levels)`;
}
