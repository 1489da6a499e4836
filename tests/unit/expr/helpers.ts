// Shared helpers for the expression-language tests: parse-and-evaluate shortcuts that fail loudly,
// and a printer that parenthesises every node so precedence can be asserted as text.
import {
  parseExpression,
  type CompiledExpr,
  type EvalContext,
  type ExprError,
  type ExprNode,
} from '../../../src/engine/expr';

export function compileOrThrow(source: string): CompiledExpr {
  const r = parseExpression(source);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to parse, got: ${r.error.message}`);
  return r.expr;
}

/** The value of `source`; throws if parsing or evaluation fails. */
export function run(
  source: string,
  scope: Record<string, unknown> = {},
  ctx: Omit<EvalContext, 'scope'> = {},
): unknown {
  const r = compileOrThrow(source).evaluate({ scope, ...ctx });
  if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to evaluate, got: ${r.error}`);
  return r.value;
}

/** The runtime error of `source`; throws if it parses with an error or evaluates fine. */
export function runError(
  source: string,
  scope: Record<string, unknown> = {},
  ctx: Omit<EvalContext, 'scope'> = {},
): string {
  const r = compileOrThrow(source).evaluate({ scope, ...ctx });
  if (r.ok) throw new Error(`expected ${JSON.stringify(source)} to fail, got value ${JSON.stringify(r.value)}`);
  return r.error;
}

/** The parse error of `source`; throws if it parses. */
export function parseError(source: string): ExprError {
  const r = parseExpression(source);
  if (r.ok) throw new Error(`expected ${JSON.stringify(source)} not to parse`);
  return r.error;
}

/** The message of whichever failure `source` meets first: at parse time or at run time. */
export function failureOf(
  source: string,
  scope: Record<string, unknown> = {},
  ctx: Omit<EvalContext, 'scope'> = {},
): string {
  const r = parseExpression(source);
  if (!r.ok) return r.error.message;
  const v = r.expr.evaluate({ scope, ...ctx });
  if (v.ok) throw new Error(`expected ${JSON.stringify(source)} to fail, got value ${JSON.stringify(v.value)}`);
  return v.error;
}

/** The tree as text with every compound node in parentheses: `1 + 2 * 3` → `(1 + (2 * 3))`. */
export function show(node: ExprNode): string {
  switch (node.type) {
    case 'Literal':
      return JSON.stringify(node.value);
    case 'Identifier':
      return node.name;
    case 'Array':
      return `[${node.elements.map(show).join(', ')}]`;
    case 'Object':
      return `{${node.properties.map((p) => `${JSON.stringify(p.key)}: ${show(p.value)}`).join(', ')}}`;
    case 'Unary':
      return `(${node.operator}${show(node.argument)})`;
    case 'Binary':
    case 'Logical':
      return `(${show(node.left)} ${node.operator} ${show(node.right)})`;
    case 'Conditional':
      return `(${show(node.test)} ? ${show(node.consequent)} : ${show(node.alternate)})`;
    case 'Member':
      return /^[A-Za-z_$][\w$]*$/.test(node.property)
        ? `(${show(node.object)}.${node.property})`
        : `(${show(node.object)}[${JSON.stringify(node.property)}])`;
    case 'Index':
      return `(${show(node.object)}[${show(node.index)}])`;
    case 'Call':
      return `${node.callee}(${node.arguments.map(show).join(', ')})`;
    case 'Local':
      return node.name;
    case 'Let':
      return `(let ${node.name} = ${show(node.init)} in ${show(node.body)})`;
    case 'Lambda':
      return `((${node.params.map((p) => p.name).join(', ')}) => ${show(node.body)})`;
    case 'Method':
      return `(${show(node.object)}${node.optional ? '?.' : '.'}${node.method}(${node.arguments.map(show).join(', ')}))`;
    case 'JsCall':
      return `${node.callee}(${node.arguments.map(show).join(', ')})`;
    case 'Merge':
      return `${node.kind}(${node.parts.map(show).join(', ')})`;
    case 'Regex':
      return `/${node.pattern}/${node.flags}`;
  }
}

export function shape(source: string): string {
  return show(compileOrThrow(source).ast);
}
