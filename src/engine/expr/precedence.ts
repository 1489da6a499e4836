/**
 * The operator table of the Pratt parser: JavaScript's precedence, from loosest to tightest:
 * `? :` (right-associative), `|| or`, `&& and`, `== != === !==`, `< <= > >=`, `+ -`, `* / %`,
 * prefix `- + ! not`, then member access `.`, `[ ]` and calls. All binary operators are
 * left-associative; there is no `**`. `not` is `!`, so `not a == b` means `(!a) == b` as in JavaScript.
 */
import type { BinaryOperator, LogicalOperator } from './ast';
import type { Token } from './lexer';

export type Infix =
  | { kind: 'binary'; bp: number; operator: BinaryOperator }
  | { kind: 'logical'; bp: number; operator: LogicalOperator }
  | { kind: 'conditional'; bp: number };

/** Left binding power of each infix token; higher binds tighter. */
const INFIX: Readonly<Record<string, Infix>> = {
  '?': { kind: 'conditional', bp: 2 },
  '||': { kind: 'logical', bp: 3, operator: '||' },
  or: { kind: 'logical', bp: 3, operator: '||' },
  '&&': { kind: 'logical', bp: 4, operator: '&&' },
  and: { kind: 'logical', bp: 4, operator: '&&' },
  '==': { kind: 'binary', bp: 5, operator: '==' },
  '===': { kind: 'binary', bp: 5, operator: '==' },
  '!=': { kind: 'binary', bp: 5, operator: '!=' },
  '!==': { kind: 'binary', bp: 5, operator: '!=' },
  '<': { kind: 'binary', bp: 6, operator: '<' },
  '<=': { kind: 'binary', bp: 6, operator: '<=' },
  '>': { kind: 'binary', bp: 6, operator: '>' },
  '>=': { kind: 'binary', bp: 6, operator: '>=' },
  '+': { kind: 'binary', bp: 7, operator: '+' },
  '-': { kind: 'binary', bp: 7, operator: '-' },
  '*': { kind: 'binary', bp: 8, operator: '*' },
  '/': { kind: 'binary', bp: 8, operator: '/' },
  '%': { kind: 'binary', bp: 8, operator: '%' },
};

/** Operands of prefix operators bind tighter than any infix operator, looser than member access. */
export const PREFIX_BP = 9;

/** Words with a meaning of their own; they cannot name variables (members and keys may use them). */
export const KEYWORDS: ReadonlySet<string> = new Set(['true', 'false', 'null', 'and', 'or', 'not']);

/** Pure. The infix meaning of `token` (an operator symbol or `and`/`or`), if it has one. */
export function infixOf(token: Token): Infix | undefined {
  if (token.kind !== 'punct' && token.kind !== 'name') return undefined;
  return Object.hasOwn(INFIX, token.value) ? INFIX[token.value] : undefined;
}
