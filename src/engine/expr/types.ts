/**
 * The public contract of the expression language: what parsing returns, what evaluation needs and
 * returns. Both entry points report failure as a value; neither throws for any input.
 */
import type { ExprNode } from './ast';

/** A parse-time (load-time) problem: a syntax error, an unknown function or a forbidden name. */
export interface ExprError {
  message: string;
  /** 0-based offset in the source */
  position: number;
}

export type ParseResult = { ok: true; expr: CompiledExpr } | { ok: false; error: ExprError };

/** What an evaluation may read. Nothing else is reachable: no globals, no host objects. */
export interface EvalContext {
  /** Variables; only own properties are visible, a missing one reads as `null`. */
  scope: Record<string, unknown>;
  /** Simulated time for `now()`; default 0. */
  now?: () => number;
  /** Seeded stream for `rand()`, floats in [0, 1); without it `rand()` is a runtime error. */
  rand?: () => number;
  /** Set by `evaluate`: the steps the evaluation used (a run's work bound counts them). */
  steps?: number;
}

/** A runtime error (wrong argument type, step limit, …) is a value with a human sentence. */
export type EvalResult = { ok: true; value: unknown } | { ok: false; error: string };

export interface CompiledExpr {
  source: string;
  ast: ExprNode;
  /** Never throws; deterministic for the same scope, `now` and `rand` stream. */
  evaluate(ctx: EvalContext): EvalResult;
  /** free variable names read at top level (e.g. `value`, `data`, `input1`) — for validation hints */
  variables: readonly string[];
  /** true if the expression calls rand() */
  usesRand: boolean;
}
