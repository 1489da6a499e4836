/**
 * Parsing and compiling one expression of the language (DSL.md §7) into a closure tree, and the
 * evaluation guard around it: bounded work, no re-entry, no exception escaping. Its own module so
 * `formula.ts` and the folder's index both import it without a circle.
 */
import { compile } from './compile';
import { parse } from './parser';
import { EvalFailure, ParseFailure, type EvalState, type Scope } from './state';
import type { CompiledExpr, EvalContext, EvalResult, ParseResult } from './types';

const EMPTY_SCOPE: Scope = Object.freeze(Object.create(null) as Scope);

/**
 * Pure. Parses and compiles `source`; never throws. Syntax errors, unknown functions, wrong
 * argument counts, forbidden names and the length and depth limits are reported as
 * `{ok: false, error: {message, position}}` with `0 <= position <= source.length`.
 */
export function parseExpression(source: string): ParseResult {
  try {
    if (typeof source !== 'string')
      return { ok: false, error: { message: 'expression must be a string', position: 0 } };
    const { ast, variables, usesRand } = parse(source);
    const root = compile(ast);
    let running = false;
    const expr: CompiledExpr = {
      source,
      ast,
      variables: Object.freeze(variables),
      usesRand,
      evaluate(ctx: EvalContext): EvalResult {
        if (running) return { ok: false, error: 'expression evaluated again while it was being evaluated' };
        const scope =
          ctx !== null && typeof ctx === 'object' && ctx.scope !== null && typeof ctx.scope === 'object'
            ? ctx.scope
            : EMPTY_SCOPE;
        const st: EvalState = { steps: 0, now: ctx?.now, rand: ctx?.rand, locals: [] };
        running = true;
        try {
          return { ok: true, value: root(scope, st) };
        } catch (e) {
          return { ok: false, error: e instanceof EvalFailure ? e.message : `internal error: ${describe(e)}` };
        } finally {
          running = false;
          if (ctx !== null && typeof ctx === 'object') ctx.steps = st.steps;
        }
      },
    };
    return { ok: true, expr };
  } catch (e) {
    if (e instanceof ParseFailure) return { ok: false, error: { message: e.message, position: e.position } };
    return { ok: false, error: { message: `internal error: ${describe(e)}`, position: 0 } };
  }
}

/** Pure. A message for an exception that is not one of ours (a bug, or a callback from the context throwing). */
function describe(e: unknown): string {
  try {
    return e instanceof Error ? e.message : String(e);
  } catch {
    return 'unknown error';
  }
}
