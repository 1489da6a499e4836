/**
 * The mutable state of one evaluation and the way a runtime error leaves it. Compiled closures share
 * one small state object per evaluation; counting a step is an increment and a comparison on it.
 */
import { LIMITS } from './limits';

/** The variables an evaluation reads (`EvalContext.scope`). */
export type Scope = Record<string, unknown>;

/** A compiled syntax-tree node: computes its value from the scope, counting steps in `st`. */
export type Thunk = (scope: Scope, st: EvalState) => unknown;

/** Per-evaluation state threaded through every compiled closure. */
export interface EvalState {
  /** Work done so far, in the units of `LIMITS.maxEvalSteps`. */
  steps: number;
  now: (() => number) | undefined;
  rand: (() => number) | undefined;
  /** Slots of a translated JavaScript formula's local names (`LocalNode`); empty otherwise. */
  locals: unknown[];
}

/**
 * A runtime error raised inside compiled code and turned into `{ok: false}` by `evaluate`.
 * Deliberately not an `Error`: no stack trace is captured, so a formula that fails on every token
 * stays cheap.
 */
export class EvalFailure {
  constructor(readonly message: string) {}
}

/** A syntax error raised inside the lexer or parser and turned into `{ok: false}` by `parseExpression`. */
export class ParseFailure {
  constructor(
    readonly message: string,
    readonly position: number,
  ) {}
}

/** Not pure: throws an `EvalFailure` with `message`. */
export function fail(message: string): never {
  throw new EvalFailure(message);
}

/** Not pure: adds `n` steps to `st` and throws once the evaluation's step budget is spent. */
export function charge(st: EvalState, n: number): void {
  st.steps += n;
  if (st.steps > LIMITS.maxEvalSteps) failSteps();
}

/** Not pure: charges the steps of scanning or building `chars` characters (one per `LIMITS.charsPerStep`). */
export function scan(st: EvalState, chars: number): void {
  if (chars >= LIMITS.charsPerStep) charge(st, Math.floor(chars / LIMITS.charsPerStep));
}

/** Not pure: throws the step-limit error. Kept out of line so each closure's hot path stays tiny. */
export function failSteps(): never {
  throw new EvalFailure(`expression needs too many steps (more than ${LIMITS.maxEvalSteps})`);
}

/** Not pure: throws if `text` is longer than `LIMITS.maxStringLength`; returns it otherwise. */
export function checkedText(text: string): string {
  if (text.length > LIMITS.maxStringLength) failTooLong();
  return text;
}

/** Not pure: throws the string-length error. */
export function failTooLong(): never {
  throw new EvalFailure(`text is too long (more than ${LIMITS.maxStringLength} characters)`);
}
