/**
 * The syntax tree of an expression: a tagged union on `type`. The parser normalises spelling
 * variants (`and` → `&&`, `or` → `||`, `not` → `!`, `===` → `==`, `!==` → `!=`), so a consumer
 * handles one operator per meaning. Every node carries its source span `[start, end)` for hints.
 */
import type { FunctionName } from './functions';
import type { JsFunctionName, JsMethodName } from './jsFunctions';

export type LiteralValue = number | string | boolean | null;

export type UnaryOperator = '-' | '+' | '!';

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';
export type ComparisonOperator = '<' | '<=' | '>' | '>=';
export type EqualityOperator = '==' | '!=';
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | EqualityOperator;

export type LogicalOperator = '&&' | '||';

interface Span {
  /** 0-based offset of the node's first character. */
  start: number;
  /** 0-based offset just past the node's last character. */
  end: number;
}

export interface LiteralNode extends Span {
  type: 'Literal';
  value: LiteralValue;
}

/** A variable, looked up in the evaluation scope. */
export interface IdentifierNode extends Span {
  type: 'Identifier';
  name: string;
}

export interface ArrayNode extends Span {
  type: 'Array';
  elements: ExprNode[];
}

export interface ObjectProperty {
  key: string;
  value: ExprNode;
}

export interface ObjectNode extends Span {
  type: 'Object';
  properties: ObjectProperty[];
}

export interface UnaryNode extends Span {
  type: 'Unary';
  operator: UnaryOperator;
  argument: ExprNode;
}

export interface BinaryNode extends Span {
  type: 'Binary';
  operator: BinaryOperator;
  left: ExprNode;
  right: ExprNode;
}

/** `&&` and `||`: short-circuit, so kept apart from the strict binary operators. */
export interface LogicalNode extends Span {
  type: 'Logical';
  operator: LogicalOperator;
  left: ExprNode;
  right: ExprNode;
}

export interface ConditionalNode extends Span {
  type: 'Conditional';
  test: ExprNode;
  consequent: ExprNode;
  alternate: ExprNode;
}

/** `a.b` and `a["b"]`: a member whose name is known when parsing (already checked not forbidden). */
export interface MemberNode extends Span {
  type: 'Member';
  object: ExprNode;
  property: string;
}

/** `a[expr]`: an array index or an object key computed at run time (checked at run time). */
export interface IndexNode extends Span {
  type: 'Index';
  object: ExprNode;
  index: ExprNode;
}

/** A call of a built-in function; the parser has checked the name and the argument count. */
export interface CallNode extends Span {
  type: 'Call';
  callee: FunctionName;
  arguments: ExprNode[];
}

/**
 * The nodes below come only from translated JavaScript formulas (`expr/js`); the expression
 * language's own parser never builds them.
 */

/** A local name (`const`/`let` binding or a callback's parameter), read from its slot. */
export interface LocalNode extends Span {
  type: 'Local';
  name: string;
  /** Index into the evaluation's local slots; every binding site has its own. */
  slot: number;
}

/** `const name = init; body`: evaluates `init` once into `slot`, then `body`. */
export interface LetNode extends Span {
  type: 'Let';
  name: string;
  slot: number;
  init: ExprNode;
  body: ExprNode;
}

/** An arrow callback: valid only as an argument of a `Method` node (functions are not values). */
export interface LambdaNode extends Span {
  type: 'Lambda';
  /** One slot per parameter; missing arguments read as null. */
  params: { name: string; slot: number }[];
  body: ExprNode;
}

/** `object.method(args)` for a method of the fixed table (`jsFunctions.ts`); `a?.m()` is `optional`. */
export interface MethodNode extends Span {
  type: 'Method';
  object: ExprNode;
  method: JsMethodName;
  arguments: ExprNode[];
  optional: boolean;
}

/** A JavaScript built-in of the fixed table (`Math.max`, `Date.now`, `Object.keys`, `typeof`, …). */
export interface JsCallNode extends Span {
  type: 'JsCall';
  callee: JsFunctionName;
  arguments: ExprNode[];
}

/** Spread: `{...a, b: 1}` (kind `object`) or `[...a, b]` (kind `array`), as the concatenation of `parts`. */
export interface MergeNode extends Span {
  type: 'Merge';
  kind: 'object' | 'array';
  parts: ExprNode[];
}

/**
 * A regular-expression literal (`/\d+/g`), checked for RE2 when loaded (`regex.ts`). Placed only
 * where a method takes a pattern (`s.match(/…/)`, `/…/.test(s)`): a pattern is not a value.
 */
export interface RegexNode extends Span {
  type: 'Regex';
  pattern: string;
  flags: string;
}

export type ExprNode =
  | RegexNode
  | LocalNode
  | LetNode
  | LambdaNode
  | MethodNode
  | JsCallNode
  | MergeNode
  | LiteralNode
  | IdentifierNode
  | ArrayNode
  | ObjectNode
  | UnaryNode
  | BinaryNode
  | LogicalNode
  | ConditionalNode
  | MemberNode
  | IndexNode
  | CallNode;

export type ExprNodeType = ExprNode['type'];

/** Not pure: throws. Marks a `switch` over a closed union as exhaustive (reached only on a broken invariant). */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
