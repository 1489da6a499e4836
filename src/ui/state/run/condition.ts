/**
 * "Run until" conditions: an expression in the project's own language (src/engine/expr, DSL.md §7)
 * over node states, e.g. `sink("invoices").count >= 5` or `node("approval").states.approved > 2`.
 * The engine's parser is imported here, in the page, on purpose: it is pure and small, and only
 * parsing in the page can show a syntax error as the person types, without a round trip. It runs
 * over the read-only step view the workspace already holds; nothing here advances a run.
 *
 * The language has no user-defined functions, so `sink("x")` and `node("x")` are rewritten to the
 * index expressions `sink["x"]` / `node["x"]` over scope objects — the rewrite keeps every character
 * position, so parse errors point at the right column of what the person wrote.
 */
import { parseExpression, type CompiledExpr } from '../../../client/engineCore';
import type { NodeStateLike } from '../../controllers/graph/stepState';

export type ConditionParse = { ok: true; condition: Condition } | { ok: false; message: string; position: number };

export interface Condition {
  source: string;
  /** true / false, or an error message when evaluation failed. */
  test(
    nodeStates: Record<string, NodeStateLike>,
    step: number,
  ): { ok: true; value: boolean } | { ok: false; error: string };
}

const CALL = /\b(sink|node)(\s*)\((\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')(\s*)\)/g;

/** Pure. `sink("x")`/`node("x")` → `sink["x"]`/`node["x"]`, same length, same positions. */
export function rewriteCalls(source: string): string {
  return source.replace(
    CALL,
    (_m, fn: string, a: string, b: string, lit: string, c: string) => `${fn}${a}[${b}${lit}${c}]`,
  );
}

/** Pure. The scope a condition sees: `sink[id]` = {count, states}, `node[id]` = {state, processed, states}, `step`. */
export function conditionScope(nodeStates: Record<string, NodeStateLike>, step: number): Record<string, unknown> {
  const node: Record<string, unknown> = Object.create(null);
  const sink: Record<string, unknown> = Object.create(null);
  for (const [id, s] of Object.entries(nodeStates)) {
    const entry = {
      state: s.currentState,
      processed: s.tokensProcessed,
      count: s.tokensProcessed,
      states: s.aggregates,
    };
    node[id] = entry;
    sink[id] = { count: s.tokensProcessed, states: s.aggregates };
  }
  return { node, sink, step };
}

/** Pure. Parses `source`; a syntax error comes back with its message and 0-based position. */
export function parseCondition(source: string): ConditionParse {
  const parsed = parseExpression(rewriteCalls(source));
  if (!parsed.ok) return { ok: false, message: parsed.error.message, position: parsed.error.position };
  const expr: CompiledExpr = parsed.expr;
  return {
    ok: true,
    condition: {
      source,
      test(nodeStates, step) {
        const r = expr.evaluate({ scope: conditionScope(nodeStates, step) });
        return r.ok ? { ok: true, value: r.value === true } : { ok: false, error: r.error };
      },
    },
  };
}
