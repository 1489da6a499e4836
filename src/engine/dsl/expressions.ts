/**
 * Load-time checks of every formula and condition (DSL.md §7): a syntax error, an unknown function
 * or a forbidden name is an error at the expression's own path, with the parser's message and
 * position. A variable that is not in scope where the expression runs is a warning (it would read
 * as null), with a did-you-mean hint — `vlaue * 2` is almost always a typo.
 */
import { parseFormula } from '../expr';
import { didYouMean } from '../suggest';
import type { NodeSpec } from '../types';
import { hint, IssueList, quote } from './issues';
import type { ExprSite, ScopeKind } from './sites';

/**
 * The names an expression can read, per place (besides per-node extras: a joining ProcessNode's
 * input bindings, an FSM's variables). The engine binds exactly these; keep the two in step.
 * - process: ProcessNode formulas, transforms and per-output formulas (DSL.md §5.2).
 * - fsm: transition conditions and action formulas; `variables` and each variable by name,
 *   `state` = the instance's current state.
 * - aggregator: an Aggregator's `formula` method (§5.4); `key` = the groupBy key.
 * - multiplexer: conditional routing (§5.5).
 */
export const EXPRESSION_SCOPES: Readonly<Record<ScopeKind, readonly string[]>> = {
  process: ['value', 'data', 'token', 'step', 'time', 'input'],
  fsm: ['value', 'data', 'token', 'step', 'time', 'state', 'variables'],
  aggregator: ['values', 'tokens', 'key', 'step', 'time'],
  multiplexer: ['value', 'data', 'token', 'step', 'time'],
};

/** Compat positional bindings `input1`, `input2`… of a ProcessNode (§5.2). */
const POSITIONAL_INPUT = /^input\d+$/;

/** Pure: the names in scope for `site` in `node` (the scope's own names plus the node's extras). */
export function namesInScope(scope: ScopeKind, node: NodeSpec): string[] {
  const names = [...EXPRESSION_SCOPES[scope]];
  if (node.type === 'FSM') names.push(...Object.keys(node.fsm.variables));
  if (node.type === 'ProcessNode') {
    const bindings = joinBindings(node);
    // A join also binds *(compat)* `inputs`: each input's data by its binding name.
    if (bindings.length > 0) names.push('inputs', ...bindings.map((b) => b.name));
  }
  return names;
}

/**
 * Pure: the names a joining ProcessNode binds its inputs' data to (alias, else input name, else
 * source node id), with each input's index. Empty when the node does not join (fewer than two
 * required inputs).
 */
export function joinBindings(
  node: NodeSpec,
): Array<{ name: string; input: number; field: 'alias' | 'name' | 'nodeId' }> {
  const required = node.inputs.filter((i) => i.required);
  if (node.type !== 'ProcessNode' || required.length < 2) return [];
  const out: Array<{ name: string; input: number; field: 'alias' | 'name' | 'nodeId' }> = [];
  node.inputs.forEach((input, k) => {
    if (!input.required) return;
    if (input.alias !== undefined) out.push({ name: input.alias, input: k, field: 'alias' });
    else if (input.name !== undefined) out.push({ name: input.name, input: k, field: 'name' });
    else if (input.nodeId !== undefined) out.push({ name: input.nodeId, input: k, field: 'nodeId' });
  });
  return out;
}

/** Not pure (records issues). Parses every expression of `node`. */
export function checkExpressions(sites: readonly ExprSite[], node: NodeSpec, issues: IssueList): void {
  for (const site of sites) {
    const parsed = parseFormula(site.source);
    if (!parsed.ok) {
      const { message, position } = parsed.error;
      // The parser's messages usually say where already ("… at 21"); add the position when they do not.
      const where =
        'line' in parsed.error || new RegExp(`\\bat ${position}\\b`).test(message) ? '' : ` (at position ${position})`;
      issues.error(site.path, `${site.what} ${quote(site.source)} does not parse: ${message}${where}`);
      continue;
    }
    if (parsed.language === 'javascript') {
      const how = parsed.notes.length > 0 ? `; ${parsed.notes.join('; ')}` : '';
      issues.warning(site.path, `${site.what} is read as a JavaScript formula (the original tool's)${how}`);
    }
    const known = namesInScope(site.scope, node);
    for (const name of parsed.expr.variables) {
      if (known.includes(name) || (site.scope === 'process' && POSITIONAL_INPUT.test(name))) continue;
      issues.warning(
        site.path,
        `${site.what} reads ${JSON.stringify(name)}, which is not defined here, so it will be null${hint(didYouMean(name, known))}`,
      );
    }
  }
}
