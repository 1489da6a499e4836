/**
 * What a formula reads, as far as sharding cares: an allow-list over its parsed tree (either
 * dialect: the expression language and JavaScript formulas both become `expr/ast.ts` trees), so a
 * formula is accepted only when every use of the names that hold whole tokens is a read the
 * analysis can prove is the same in a shard as in the single run (docs/scale.md).
 *
 * A token is `{id, correlationIds, data}` (contract/vocabulary.ts). In a shard run every token is
 * the single run's token with the same `data` and `correlationIds`, but its `id` (`<node>#<n>`) is
 * numbered among the shard's tokens only; the merge renumbers ids where the ledger writes them, not
 * where a formula copied one into data or used one to choose a route. So:
 *
 * - `token` is accepted only as `token.data` or `token.correlationIds` (also `token["data"]`,
 *   `token?.data`), whatever is done with that value afterwards;
 * - `tokens` (an Aggregator group's tokens, in arrival order, the same per id) only as
 *   `tokens[i].data` / `tokens[i].correlationIds` (any index, itself checked), `tokens.length` and
 *   `len(tokens)`;
 * - every other use is refused, naming the form: the whole token as a value (an argument, an
 *   operand, an element, a template literal, a return value), its id or another field, a computed
 *   key, spread, a binding or destructuring that aliases it, a method or callback over it;
 * - `rand()` and `Math.random()` are refused: they draw from the node's one random stream;
 * - a formula that does not parse is refused: nothing about it can be proved.
 *
 * The other names a formula sees (`value`, `data`, `input`…, `state`, `variables` and an FSM's
 * variables, `values`, `key`, `step`, `time`, locals) hold only data of the correlation id's own
 * tokens, or the step and time, which a shard run keeps as the single run's; they are not limited.
 */
import { parseFormula, type ExprNode } from '../expr';
import { assertNever } from '../expr/ast';

/** The names of a scope bound to whole tokens: `token` (one token) and `tokens` (an Aggregator group's). */
export type TokenName = 'token' | 'tokens';

/** What the analysis found in one formula: whether it draws random numbers, and why its token reads are refused. */
export interface FormulaReads {
  random: boolean;
  /** Each refused use of a token name, in source order; or the parse failure. */
  refused: string[];
}

/** The fields of a token that a shard run gives exactly as the single run does. */
const PER_ID_FIELDS: ReadonlySet<string> = new Set(['data', 'correlationIds']);

const NUMBERED = 'numbered across all correlation ids';

/** Longest quotation of a formula's text in a reason. */
const QUOTE_MAX = 60;

/** Pure, never throws: the reads of `source` when the scope binds `names` to tokens. */
export function formulaReads(source: string, names: readonly TokenName[]): FormulaReads {
  const parsed = parseFormula(source);
  if (!parsed.ok)
    return {
      random: false,
      refused: [`its formula \`${quote(source, 0, source.length)}\` does not parse, so what it reads cannot be proved`],
    };
  const out: FormulaReads = { random: false, refused: [] };
  const path: ExprNode[] = [];
  const visit = (node: ExprNode): void => {
    if ((node.type === 'Call' && node.callee === 'rand') || (node.type === 'JsCall' && node.callee === 'Math.random'))
      out.random = true;
    if (node.type === 'Identifier' && (names as readonly string[]).includes(node.name)) {
      const reason =
        node.name === 'token' ? tokenUse(node, path.length - 1, path, source) : listUse(node, path, source);
      if (reason !== null) out.refused.push(reason);
    }
    path.push(node);
    for (const child of children(node)) visit(child);
    path.pop();
  };
  visit(parsed.expr.ast);
  return out;
}

/**
 * Pure: why the use of `tok` (a node whose value is one whole token) is refused, or null if it is a
 * read of a per-id field. `path[at]` is its parent.
 */
function tokenUse(tok: ExprNode, at: number, path: readonly ExprNode[], source: string): string | null {
  const parent = path[at];
  if (parent?.type === 'Member' && parent.object === tok) {
    if (PER_ID_FIELDS.has(parent.property)) return null;
    const q = quote(source, parent.start, parent.end);
    if (parent.property === 'id') return `reads a token's id in \`${q}\`, which is ${NUMBERED}`;
    return `reads the token's field "${parent.property}" in \`${q}\`: only token.data and token.correlationIds are read the same in every shard`;
  }
  if (parent?.type === 'Index' && parent.object === tok)
    return `reads the token by a computed key in \`${quote(source, parent.start, parent.end)}\`, which may be its id, ${NUMBERED}`;
  return wholeUse(tok, parent, source, 'the whole token', 'its id');
}

/** Pure: why the use of `list` (the Identifier `tokens`, an Aggregator group's tokens) is refused, or null if allowed. */
function listUse(list: ExprNode, path: readonly ExprNode[], source: string): string | null {
  const at = path.length - 1;
  const parent = path[at];
  if (parent?.type === 'Index' && parent.object === list) return tokenUse(parent, at - 1, path, source);
  if (parent?.type === 'Member' && parent.object === list && parent.property === 'length') return null;
  if ((parent?.type === 'JsCall' && parent.callee === 'length') || (parent?.type === 'Call' && parent.callee === 'len'))
    return null;
  return wholeUse(list, parent, source, 'the whole token list', "the tokens' ids");
}

/** Pure: why a whole token (or the token list) is refused where `parent` uses it, by the form of `parent`. */
function wholeUse(node: ExprNode, parent: ExprNode | undefined, source: string, what: string, ids: string): string {
  const q = parent === undefined ? quote(source, node.start, node.end) : quote(source, parent.start, parent.end);
  if (parent === undefined) return `is ${what} (\`${q}\`), which carries ${ids}, ${NUMBERED}`;
  switch (parent.type) {
    case 'Merge':
      return `spreads ${what} in \`${q}\`, copying ${ids}, ${NUMBERED}`;
    case 'Let':
      if (parent.init === node)
        return `binds ${what} to \`${q}\`, an alias whose reads are not followed (read token.data or token.correlationIds instead)`;
      break;
    case 'Method':
      if (parent.object === node)
        return `calls .${parent.method}() on ${what} in \`${q}\`: a method or callback over it sees ${ids}, ${NUMBERED}`;
      break;
    default:
      break;
  }
  return `uses ${what} as a value in \`${q}\`, which carries ${ids}, ${NUMBERED}`;
}

/** Pure: the source text `[start, end)` on one line, cut to QUOTE_MAX characters. */
function quote(source: string, start: number, end: number): string {
  const text = source.slice(start, end).replace(/\s+/g, ' ').trim();
  return text.length <= QUOTE_MAX ? text : `${text.slice(0, QUOTE_MAX - 1)}…`;
}

/** Pure: the sub-expressions of `node`, in source order. */
function children(node: ExprNode): ExprNode[] {
  switch (node.type) {
    case 'Literal':
    case 'Identifier':
    case 'Local':
    case 'Regex':
      return [];
    case 'Array':
      return node.elements;
    case 'Object':
      return node.properties.map((p) => p.value);
    case 'Unary':
      return [node.argument];
    case 'Binary':
    case 'Logical':
      return [node.left, node.right];
    case 'Conditional':
      return [node.test, node.consequent, node.alternate];
    case 'Member':
      return [node.object];
    case 'Index':
      return [node.object, node.index];
    case 'Call':
    case 'JsCall':
      return node.arguments;
    case 'Let':
      return [node.init, node.body];
    case 'Lambda':
      return [node.body];
    case 'Method':
      return [node.object, ...node.arguments];
    case 'Merge':
      return node.parts;
    default:
      return assertNever(node);
  }
}
