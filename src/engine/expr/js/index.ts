/**
 * TEMPORARY stand-in for the JavaScript formula translator (same interface), until the real one
 * arrives: it accepts only what the project's own expression language already parses.
 */
import { parseExpression } from '../index';
import type { CompiledExpr, ExprError } from '../types';

export interface JsFormulaError extends ExprError {
  line: number;
  column: number;
  construct: string;
}
export type JsParseResult = { ok: true; expr: CompiledExpr; notes: string[] } | { ok: false; error: JsFormulaError };

/** Pure, never throws. */
export function parseJsFormula(source: string, _options?: { params?: readonly string[] }): JsParseResult {
  const r = parseExpression(source);
  if (r.ok) return { ok: true, expr: r.expr, notes: [] };
  return { ok: false, error: { ...r.error, line: 1, column: r.error.position + 1, construct: 'unknown' } };
}
