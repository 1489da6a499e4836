/**
 * One entry point for a formula as a scenario writes it: the expression language first, then, for
 * what it cannot read, JavaScript as the original V3 tool's files write it (`js/`). Both compile to
 * the same closures under the same safety rules.
 */
import { parseJsFormula } from './js';
import type { CompiledExpr, ExprError } from './types';
import { parseExpression } from './expression';

export type FormulaResult =
  | { ok: true; expr: CompiledExpr; language: 'expression' }
  | { ok: true; expr: CompiledExpr; language: 'javascript'; notes: string[] }
  | { ok: false; error: ExprError };

/** Statement keywords, arrows and `;` that only JavaScript formulas use: their errors are JavaScript's. */
const JS_MARKERS = /\b(?:return|const|let|var|if|function|for|while)\b|=>|;|`|\?\?|\?\.(?!\d)/;

/**
 * Pure, never throws. `source` as an expression of the language, else as a JavaScript formula.
 * When neither reads it, the error of the one the source looks written for.
 */
export function parseFormula(source: string): FormulaResult {
  const native = parseExpression(source);
  // `xs.length` reads as null in the expression language (arrays have no fields; it has `len`),
  // but is what JavaScript formulas mean by it: such a formula is read as JavaScript.
  if (native.ok && !readsLength(native.expr.ast)) return { ok: true, expr: native.expr, language: 'expression' };
  const js = parseJsFormula(source);
  if (js.ok) return { ok: true, expr: js.expr, language: 'javascript', notes: js.notes };
  if (native.ok) return { ok: true, expr: native.expr, language: 'expression' };
  return { ok: false, error: JS_MARKERS.test(source) ? js.error : native.error };
}

/** Pure. True if the tree reads a member named `length` anywhere. */
function readsLength(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(readsLength);
  const n = node as Record<string, unknown>;
  if (n['type'] === 'Member' && n['property'] === 'length') return true;
  return Object.values(n).some((v) => typeof v === 'object' && readsLength(v));
}
