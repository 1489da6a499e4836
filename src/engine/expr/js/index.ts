/**
 * JavaScript formulas, as the original V3 tool's files write them: parsed with acorn (a JavaScript
 * parser written in plain JavaScript; it builds a syntax tree and runs nothing), translated into the
 * expression language's own syntax tree (`translate.ts`) and evaluated by its closures under the same
 * safety rules: no globals, no prototypes, bounded steps (callbacks included), bounded text. Nothing
 * here generates or runs code. `Date.now()` and `new Date()` read the simulation clock (`now`), so a
 * run stays deterministic.
 */
import { getLineInfo, parse, parseExpressionAt, type Expression, type Statement } from 'acorn';
import { compile } from '../compile';
import { LIMITS } from '../limits';
import { EvalFailure, type EvalState, type Scope } from '../state';
import type { CompiledExpr, EvalContext, EvalResult, ExprError } from '../types';
import { Refusal, Translator, type Translation } from './translate';

export interface JsFormulaError extends ExprError {
  /** 1-based line of the construct. */
  line: number;
  /** 1-based column of the construct. */
  column: number;
  /** What was refused: `for loop`, `assignment`, `global "window"`, `syntax error`, … */
  construct: string;
}

export type JsParseResult = { ok: true; expr: CompiledExpr; notes: string[] } | { ok: false; error: JsFormulaError };

/** Height of the translated tree beyond which a formula is refused, so evaluation never recurses deeply. */
const MAX_HEIGHT = 4 * LIMITS.maxDepth;

const ACORN_OPTIONS = {
  ecmaVersion: 2022,
  sourceType: 'script',
  allowReturnOutsideFunction: true,
  allowHashBang: false,
} as const;

const EMPTY_SCOPE: Scope = Object.freeze(Object.create(null) as Scope);

/**
 * Pure, never throws. `source` is a JavaScript expression, a statement body using `return`, or an
 * arrow/function wrapper; `params` are the names the formula may read (they become the scope's
 * variables, e.g. ['ledgerEntries'] or ['input', 'inputs', 'value', 'data', 'variables', ...]).
 * Without `params`, any name that is not a JavaScript or host global reads the scope.
 */
export function parseJsFormula(source: string, options?: { params?: readonly string[] }): JsParseResult {
  if (typeof source !== 'string') return refuse('', new Refusal('formula', 0, 'a formula must be a string'));
  try {
    if (source.length > LIMITS.maxLength) {
      return refuse(
        source,
        new Refusal(
          'formula length',
          0,
          `the formula is too long (${source.length} characters, at most ${LIMITS.maxLength})`,
        ),
      );
    }
    const params = options?.params === undefined ? undefined : [...options.params];
    const translation = translateSource(source, params);
    if (height(translation.ast, 0) > MAX_HEIGHT) {
      return refuse(
        source,
        new Refusal('nesting', 0, `the formula is nested too deeply (more than ${MAX_HEIGHT} levels)`),
      );
    }
    return { ok: true, expr: compiled(source, translation), notes: translation.notes };
  } catch (e) {
    if (e instanceof Refusal) return refuse(source, e);
    if (isAcornError(e)) {
      const message = e.message.replace(/ \(\d+:\d+\)$/, '');
      return refuse(source, new Refusal('syntax error', e.pos, `syntax error: ${message}`));
    }
    if (e instanceof RangeError) {
      return refuse(source, new Refusal('nesting', 0, 'the formula is nested too deeply'));
    }
    return refuse(source, new Refusal('internal error', 0, `internal error: ${describe(e)}`));
  }
}

function translateSource(source: string, params: string[] | undefined): Translation {
  const lead = /^\s*/.exec(source)?.[0].length ?? 0;
  if (source[lead] === '{' || source.startsWith('function', lead)) {
    // `{ a: 1, b: 2 }` alone is an object, as a formula means it, not a block with labels; and
    // `function (x) {…}` alone is a wrapper, not a declaration missing its name.
    const asObject = tryExpression(source, lead);
    if (asObject !== undefined)
      return new Translator(params).program([
        { type: 'ExpressionStatement', expression: asObject, start: asObject.start, end: asObject.end },
      ]);
  }
  const program = parse(source, ACORN_OPTIONS);
  return new Translator(params).program(program.body as Statement[]);
}

function tryExpression(source: string, at: number): Expression | undefined {
  try {
    const e = parseExpressionAt(source, at, ACORN_OPTIONS);
    return /^[\s;]*$/.test(source.slice(e.end)) ? e : undefined;
  } catch {
    return undefined;
  }
}

function compiled(source: string, t: Translation): CompiledExpr {
  const root = compile(t.ast);
  let running = false;
  return {
    source,
    ast: t.ast,
    variables: Object.freeze(t.variables),
    usesRand: t.usesRand,
    evaluate(ctx: EvalContext): EvalResult {
      if (running) return { ok: false, error: 'formula evaluated again while it was being evaluated' };
      const scope =
        ctx !== null && typeof ctx === 'object' && ctx.scope !== null && typeof ctx.scope === 'object'
          ? ctx.scope
          : EMPTY_SCOPE;
      const st: EvalState = {
        steps: 0,
        now: ctx?.now,
        rand: ctx?.rand,
        locals: new Array<unknown>(t.slots).fill(null),
      };
      running = true;
      try {
        const value = root(scope, st);
        return { ok: true, value: value === undefined ? null : value };
      } catch (e) {
        if (e instanceof EvalFailure) return { ok: false, error: e.message };
        if (e instanceof RangeError) return { ok: false, error: 'formula needs too much memory or stack' };
        return { ok: false, error: `internal error: ${describe(e)}` };
      } finally {
        running = false;
        if (ctx !== null && typeof ctx === 'object') ctx.steps = st.steps;
      }
    },
  };
}

/** Pure. The tree's height, stopping early past the limit. */
function height(node: unknown, depth: number): number {
  if (depth > MAX_HEIGHT) return depth;
  let best = depth;
  if (node === null || typeof node !== 'object') return best;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const v of value) {
        if (v !== null && typeof v === 'object') best = Math.max(best, height(v, depth + 1));
      }
    } else if (value !== null && typeof value === 'object') best = Math.max(best, height(value, depth + 1));
    if (best > MAX_HEIGHT) return best;
  }
  return best;
}

function refuse(source: string, r: Refusal): JsParseResult {
  const position = Math.max(0, Math.min(r.position, source.length));
  const { line, column } = source === '' ? { line: 1, column: 0 } : getLineInfo(source, position);
  const where = `line ${line}, column ${column + 1}`;
  const message = r.message ?? `${r.construct} is not supported in a formula`;
  return {
    ok: false,
    error: { message: `${message} (${where})`, position, line, column: column + 1, construct: r.construct },
  };
}

function isAcornError(e: unknown): e is SyntaxError & { pos: number } {
  return e instanceof SyntaxError && typeof (e as { pos?: unknown }).pos === 'number';
}

function describe(e: unknown): string {
  try {
    return e instanceof Error ? e.message : String(e);
  } catch {
    return 'unknown error';
  }
}
