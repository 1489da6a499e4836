/**
 * The expression language of formulas and conditions (DSL.md §7): parsed once at load time into a
 * tree of closures, then evaluated per token. Safe by construction: no code generation at run time, no
 * access to globals, prototypes or host objects, and bounded length, depth and work.
 */
export type * from './ast';
export type { CompiledExpr, EvalContext, EvalResult, ExprError, ParseResult } from './types';
export { FUNCTION_NAMES } from './functions';
export { LIMITS, FORBIDDEN_NAMES } from './limits';
export { parseExpression } from './expression';
export { parseFormula, type FormulaResult } from './formula';
export { parseJsFormula, type JsFormulaError, type JsParseResult } from './js';
