/**
 * The expressions of a scenario, each with the JSON Pointer it was written at and the scope it
 * will be evaluated in. The normaliser lists them while it resolves aliases (so a formula found in
 * `formulas[0]` is reported there); `expressions.ts` parses them all.
 */

/** Which names an expression can read: see `EXPRESSION_SCOPES` in expressions.ts. */
export type ScopeKind = 'process' | 'fsm' | 'aggregator' | 'multiplexer';

export interface ExprSite {
  /** JSON Pointer of the expression in the document. */
  path: string;
  /** What it is, for messages: "formula", "condition", "guard", "transform of \"total\""… */
  what: string;
  source: string;
  scope: ScopeKind;
}

/** Pure: a non-blank string (an empty formula means "none", as in the original tool's files). */
export function present(text: unknown): text is string {
  return typeof text === 'string' && text.trim() !== '';
}

/** Collects the expressions of one node. */
export class SiteList {
  readonly sites: ExprSite[] = [];
  constructor(private readonly scope: ScopeKind) {}

  /** Not pure: records `source` written at `path` if it is a non-blank expression; returns it (or undefined). */
  add(path: string, what: string, source: string | undefined): string | undefined {
    if (!present(source)) return undefined;
    this.sites.push({ path, what, source, scope: this.scope });
    return source;
  }
}
