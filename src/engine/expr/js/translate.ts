/**
 * Translates a JavaScript formula (an acorn syntax tree) into the expression language's own syntax
 * tree, construct by construct. Whatever is not in the subset below is refused with the construct's
 * name and its place; nothing of the source is ever run as JavaScript.
 *
 * The subset: literals, template literals, arrays and objects (with spread), member access
 * (optional chaining too), the arithmetic, comparison and logical operators, `??`, `typeof`, the
 * conditional operator, `const`/`let` (also destructuring), `if … else`, `return`, blocks;
 * arrow functions (and `function` expressions) called in place or named with `const`, written in
 * place where they are called or passed as callbacks of the array methods in `jsFunctions.ts` (a
 * function cannot name itself, so every call ends and there is no loop to bound); regular
 * expression literals where a method takes a pattern, checked for RE2 (`regex.ts`); the built-ins
 * there (`Math.*`, `Date.now()`, `new Date()`, `Object.keys`, …), and an arrow or function wrapper
 * around the whole formula.
 */
import type * as js from 'acorn';
import type { ExprNode, LambdaNode, LiteralValue, RegexNode } from '../ast';
import { lookupJsFunction, lookupJsMethod, type JsFunctionName, type JsMethodName } from '../jsFunctions';
import { forbiddenMessage, isForbiddenName } from '../limits';
import { compileRegex } from '../regex';

/** A construct outside the subset: what it is, where (0-based offset) and, optionally, why. */
export class Refusal {
  constructor(
    readonly construct: string,
    readonly position: number,
    readonly message?: string,
  ) {}
}

/** Most syntax-tree nodes one formula may translate to (bounds memory of `if` chains copying their continuation). */
export const MAX_NODES = 20_000;

/**
 * What a local name stands for: a value in a slot; or, known when translating, an arrow function
 * (`const f = (x) => …`, inlined where it is called or passed to an array method, in the scope it
 * was written in, so it cannot reach itself and every call ends) or a regular expression
 * (`const re = /…/`, placed where a method takes one). Functions and patterns are never values.
 */
type Binding = number | FunctionBinding | RegexBinding | { kind: 'itself' };

interface FunctionBinding {
  kind: 'function';
  fn: js.ArrowFunctionExpression | js.FunctionExpression;
  /** The names in scope where it was written. */
  env: Env;
}

interface RegexBinding {
  kind: 'regex';
  node: RegexNode;
}

type Env = ReadonlyMap<string, Binding>;

/** The string methods whose first argument may be a regular expression. */
const PATTERN_METHODS = new Set(['match', 'matchAll', 'replace', 'replaceAll', 'split', 'search']);

/** The methods of a regular expression. */
const REGEX_RECEIVER_METHODS = new Set(['test', 'exec']);

/** What follows a block once it falls through: the rest of the enclosing statement list. */
interface Continuation {
  stmts: readonly js.Statement[];
  index: number;
  env: Env;
  after: Continuation | null;
}

/** Names that are JavaScript's or the host's globals: never readable, whatever the scope holds. */
const GLOBALS = new Set([
  'window',
  'self',
  'globalThis',
  'global',
  'document',
  'process',
  'require',
  'module',
  'exports',
  'eval',
  'Function',
  'Reflect',
  'Proxy',
  'Symbol',
  'Promise',
  'fetch',
  'XMLHttpRequest',
  'importScripts',
  'setTimeout',
  'setInterval',
  'queueMicrotask',
  'console',
  'arguments',
  'Math',
  'Date',
  'JSON',
  'Object',
  'Array',
  'Number',
  'String',
  'Boolean',
  'RegExp',
  'Error',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'Intl',
  'WebAssembly',
  'Atomics',
  'SharedArrayBuffer',
  'ArrayBuffer',
  'location',
  'navigator',
  'localStorage',
  'indexedDB',
]);

/** Global names that are values: `undefined` reads as null, `NaN` and `Infinity` as those numbers. */
const VALUE_NAMES = new Set(['undefined', 'NaN', 'Infinity']);

/** The global functions `jsFunctions.ts` offers under their own names. */
const GLOBAL_FUNCTIONS = new Set(['Number', 'String', 'Boolean', 'parseFloat', 'parseInt', 'isNaN', 'isFinite']);

/** The namespaces whose functions `jsFunctions.ts` offers (`Math.max`, `Object.keys`, …). */
const NAMESPACES = new Set(['Math', 'Date', 'Number', 'Object', 'Array', 'JSON', 'String']);

/** The constants of `Math` and `Number` a formula may read. */
const CONSTANTS: Record<string, number> = {
  'Math.PI': Math.PI,
  'Math.E': Math.E,
  'Math.LN2': Math.LN2,
  'Math.LN10': Math.LN10,
  'Math.LOG2E': Math.LOG2E,
  'Math.LOG10E': Math.LOG10E,
  'Math.SQRT2': Math.SQRT2,
  'Math.SQRT1_2': Math.SQRT1_2,
  'Number.MAX_SAFE_INTEGER': Number.MAX_SAFE_INTEGER,
  'Number.MIN_SAFE_INTEGER': Number.MIN_SAFE_INTEGER,
  'Number.EPSILON': Number.EPSILON,
  'Number.MAX_VALUE': Number.MAX_VALUE,
  'Number.MIN_VALUE': Number.MIN_VALUE,
  'Number.POSITIVE_INFINITY': Infinity,
  'Number.NEGATIVE_INFINITY': -Infinity,
  'Number.NaN': NaN,
};

/** Readable names for the statement and expression kinds outside the subset. */
const CONSTRUCT_NAMES: Record<string, string> = {
  ForStatement: 'for loop',
  ForInStatement: 'for…in loop',
  ForOfStatement: 'for…of loop',
  WhileStatement: 'while loop',
  DoWhileStatement: 'do…while loop',
  SwitchStatement: 'switch statement',
  TryStatement: 'try statement',
  ThrowStatement: 'throw statement',
  LabeledStatement: 'label',
  BreakStatement: 'break',
  ContinueStatement: 'continue',
  WithStatement: 'with statement',
  DebuggerStatement: 'debugger statement',
  ClassDeclaration: 'class',
  ClassExpression: 'class',
  FunctionDeclaration: 'function declaration',
  ImportDeclaration: 'import',
  ExportNamedDeclaration: 'export',
  ExportDefaultDeclaration: 'export',
  ExportAllDeclaration: 'export',
  AssignmentExpression: 'assignment',
  UpdateExpression: 'increment or decrement',
  SequenceExpression: 'comma operator',
  ThisExpression: 'this',
  Super: 'super',
  AwaitExpression: 'await',
  YieldExpression: 'yield',
  TaggedTemplateExpression: 'tagged template',
  MetaProperty: 'new.target or import.meta',
  ImportExpression: 'import()',
  ArrowFunctionExpression: 'function as a value',
  FunctionExpression: 'function as a value',
  NewExpression: 'new',
  PrivateIdentifier: 'private name',
};

export interface Translation {
  ast: ExprNode;
  /** Scope variables read, in order of first use. */
  variables: string[];
  usesRand: boolean;
  /** How many local slots evaluation needs. */
  slots: number;
  notes: string[];
}

export class Translator {
  private slots = 0;
  private nodes = 0;
  private readonly variables = new Set<string>();
  private usesRand = false;
  private readonly notes = new Set<string>();

  constructor(private readonly params: readonly string[] | undefined) {}

  /** The translation of a whole program (statements, one expression or a wrapper function). */
  program(body: readonly js.Statement[]): Translation {
    let ast: ExprNode;
    const only = body.length === 1 ? body[0] : undefined;
    if (only?.type === 'ExpressionStatement' && isFunction(only.expression)) {
      ast = this.wrapper(only.expression);
    } else if (only?.type === 'FunctionDeclaration') {
      ast = this.wrapper(only);
    } else if (only?.type === 'ExpressionStatement') {
      ast = this.expr(only.expression, new Map());
    } else {
      if (body.length === 0) throw new Refusal('empty formula', 0, 'the formula is empty');
      ast = this.seq(body, 0, new Map(), null);
    }
    return this.result(ast);
  }

  private result(ast: ExprNode): Translation {
    return { ast, variables: [...this.variables], usesRand: this.usesRand, slots: this.slots, notes: [...this.notes] };
  }

  private node<T extends ExprNode>(n: T): T {
    if (++this.nodes > MAX_NODES) {
      throw new Refusal(
        'formula size',
        n.start,
        `the formula is too large once translated (more than ${MAX_NODES} nodes)`,
      );
    }
    return n;
  }

  private lit(value: LiteralValue, at: js.Node): ExprNode {
    return this.node({ type: 'Literal', value, start: at.start, end: at.end });
  }

  private newSlot(): number {
    return this.slots++;
  }

  /** `(a, b) => body` or `function (a) {…}` around the whole formula: its parameters read the scope. */
  private wrapper(fn: js.ArrowFunctionExpression | js.FunctionExpression | js.FunctionDeclaration): ExprNode {
    if (fn.async || fn.generator) throw new Refusal(fn.async ? 'async function' : 'generator function', fn.start);
    const bindings: { pattern: js.Pattern; source: string }[] = [];
    fn.params.forEach((p, k) => {
      if (p.type === 'Identifier' && (this.params === undefined || this.params.includes(p.name))) {
        this.checkBindingName(p);
        this.notes.add(`the wrapper's parameter "${p.name}" reads the variable "${p.name}"`);
        return;
      }
      const source = this.params?.[k];
      if (source === undefined) {
        throw new Refusal('wrapper parameter', p.start, `the wrapper's parameter ${k + 1} has no value to read`);
      }
      this.notes.add(`the wrapper's parameter ${k + 1} reads the variable "${source}"`);
      bindings.push({ pattern: p, source });
    });
    const body = (env: Env): ExprNode =>
      fn.body.type === 'BlockStatement' ? this.seq(fn.body.body, 0, env, null) : this.expr(fn.body, env);
    const bindAll = (i: number, env: Env): ExprNode => {
      if (i === bindings.length) return body(env);
      const { pattern, source } = bindings[i];
      this.variables.add(source);
      const init = this.node<ExprNode>({ type: 'Identifier', name: source, start: pattern.start, end: pattern.end });
      return this.bind(pattern, init, env, (e) => bindAll(i + 1, e));
    };
    return bindAll(0, new Map());
  }

  /** A statement list from `index` on, then `after`; falling off the end is `undefined` (null). */
  private seq(stmts: readonly js.Statement[], index: number, env: Env, after: Continuation | null): ExprNode {
    for (let i = index; i < stmts.length; i++) {
      const st = stmts[i];
      switch (st.type) {
        case 'EmptyStatement':
          continue;
        case 'ExpressionStatement': {
          if (st.directive !== undefined) continue;
          const e = st.expression;
          if (e.type === 'AssignmentExpression' || e.type === 'UpdateExpression' || e.type === 'SequenceExpression') {
            throw new Refusal(CONSTRUCT_NAMES[e.type], e.start);
          }
          if (i === stmts.length - 1 && after === null) {
            this.notes.add("the last statement's value is the formula's value");
            return this.expr(e, env);
          }
          throw new Refusal(
            'expression statement',
            st.start,
            'a statement whose value is not used has no effect in a formula',
          );
        }
        case 'VariableDeclaration': {
          if (st.kind !== 'const' && st.kind !== 'let') throw new Refusal(`${st.kind} declaration`, st.start);
          const decls = st.declarations;
          const declare = (d: number, e: Env): ExprNode => {
            if (d === decls.length) return this.seq(stmts, i + 1, e, after);
            const decl = decls[d];
            if (decl.id.type === 'Identifier' && decl.init && (isFunction(decl.init) || isRegexLiteral(decl.init))) {
              this.checkBindingName(decl.id);
              const inner = new Map(e);
              if (isFunction(decl.init)) {
                // Translated once here too, so that a function never called is still checked.
                this.notes.add('a function is written where it is called or passed (it cannot call itself)');
                // Inside its own body, its name is refused: a function cannot call itself, so every call ends.
                const own = new Map(e);
                own.set(decl.id.name, { kind: 'itself' });
                this.lambda(decl.init, own);
                inner.set(decl.id.name, { kind: 'function', fn: decl.init, env: own });
              } else inner.set(decl.id.name, { kind: 'regex', node: this.regex(decl.init) });
              return declare(d + 1, inner);
            }
            const init = decl.init ? this.expr(decl.init, e) : this.lit(null, decl);
            return this.bind(decl.id, init, e, (e2) => declare(d + 1, e2));
          };
          return declare(0, env);
        }
        case 'ReturnStatement':
          return st.argument ? this.expr(st.argument, env) : this.lit(null, st);
        case 'IfStatement': {
          const rest: Continuation = { stmts, index: i + 1, env, after };
          const test = this.expr(st.test, env);
          const yes = this.seq(blockOf(st.consequent), 0, env, rest);
          const no = st.alternate ? this.seq(blockOf(st.alternate), 0, env, rest) : this.seq(stmts, i + 1, env, after);
          return this.node({ type: 'Conditional', test, consequent: yes, alternate: no, start: st.start, end: st.end });
        }
        case 'BlockStatement':
          return this.seq(st.body, 0, env, { stmts, index: i + 1, env, after });
        default:
          throw new Refusal(CONSTRUCT_NAMES[st.type] ?? st.type, st.start);
      }
    }
    return after
      ? this.seq(after.stmts, after.index, after.env, after.after)
      : this.lit(null, stmts[stmts.length - 1] ?? { start: 0, end: 0, type: 'EmptyStatement' });
  }

  private checkBindingName(id: js.Identifier): void {
    if (isForbiddenName(id.name)) throw forbidden(id.name, id.start);
  }

  /** Binds `pattern` to `init`'s value, then translates the rest with the new names in scope. */
  private bind(pattern: js.Pattern, init: ExprNode, env: Env, rest: (env: Env) => ExprNode): ExprNode {
    switch (pattern.type) {
      case 'Identifier': {
        this.checkBindingName(pattern);
        const slot = this.newSlot();
        const inner = new Map(env);
        inner.set(pattern.name, slot);
        const body = rest(inner);
        return this.node({ type: 'Let', name: pattern.name, slot, init, body, start: pattern.start, end: pattern.end });
      }
      case 'AssignmentPattern': {
        this.notes.add('a default value applies when the value is null or missing');
        const fallback = this.expr(pattern.right, env);
        const withDefault = this.node<ExprNode>({
          type: 'Call',
          callee: 'coalesce',
          arguments: [init, fallback],
          start: pattern.start,
          end: pattern.end,
        });
        return this.bind(pattern.left, withDefault, env, rest);
      }
      case 'ObjectPattern':
      case 'ArrayPattern': {
        // The value once, in a hidden slot; each name then reads its part.
        const slot = this.newSlot();
        const whole = (): ExprNode =>
          this.node({ type: 'Local', name: '(destructured)', slot, start: pattern.start, end: pattern.end });
        const parts: { target: js.Pattern; read: () => ExprNode }[] = [];
        if (pattern.type === 'ObjectPattern') {
          for (const p of pattern.properties) {
            if (p.type === 'RestElement') throw new Refusal('rest element', p.start);
            const key = this.propertyKey(p);
            parts.push({
              target: p.value,
              read: () => this.member(whole(), key, p),
            });
          }
        } else {
          pattern.elements.forEach((el, k) => {
            if (el === null) return;
            if (el.type === 'RestElement') throw new Refusal('rest element', el.start);
            parts.push({
              target: el,
              read: () =>
                this.node({ type: 'Index', object: whole(), index: this.lit(k, el), start: el.start, end: el.end }),
            });
          });
        }
        const bindParts = (k: number, e: Env): ExprNode =>
          k === parts.length ? rest(e) : this.bind(parts[k].target, parts[k].read(), e, (e2) => bindParts(k + 1, e2));
        const body = bindParts(0, env);
        return this.node({
          type: 'Let',
          name: '(destructured)',
          slot,
          init,
          body,
          start: pattern.start,
          end: pattern.end,
        });
      }
      default:
        throw new Refusal(pattern.type === 'RestElement' ? 'rest element' : pattern.type, pattern.start);
    }
  }

  /** The key of a non-computed (or literal) property, refused if forbidden. */
  private propertyKey(p: js.Property | js.AssignmentProperty): string {
    let key: string;
    if (!p.computed && p.key.type === 'Identifier') key = p.key.name;
    else if (p.key.type === 'Literal' && (typeof p.key.value === 'string' || typeof p.key.value === 'number')) {
      key = String(p.key.value);
    } else throw new Refusal('computed property key', p.key.start);
    if (isForbiddenName(key)) throw forbidden(key, p.key.start);
    return key;
  }

  /** `object.key`: `.length` as JavaScript reads it; other names as fields. */
  private member(object: ExprNode, key: string, at: js.Node): ExprNode {
    if (key === 'length') {
      return this.node({ type: 'JsCall', callee: 'length', arguments: [object], start: at.start, end: at.end });
    }
    return this.node({ type: 'Member', object, property: key, start: at.start, end: at.end });
  }

  /** True if `name` is neither a local nor a variable of the scope, so a namespace like `Math` is meant. */
  private isGlobalName(name: string, env: Env): boolean {
    return !env.has(name) && !(this.params?.includes(name) ?? false);
  }

  private expr(node: js.Expression | js.Super | js.PrivateIdentifier | js.SpreadElement, env: Env): ExprNode {
    const at = { start: node.start, end: node.end };
    switch (node.type) {
      case 'Literal': {
        if ('regex' in node && node.regex) {
          this.regex(node);
          throw new Refusal(
            'regular expression as a value',
            node.start,
            'a regular expression can be given to .match(), .matchAll(), .replace(), .replaceAll(), .split() or .search(), or tested with .test()/.exec(); it is not a value',
          );
        }
        if ('bigint' in node && node.bigint !== undefined) throw new Refusal('BigInt literal', node.start);
        const v = node.value;
        if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
          return this.lit(v, node);
        throw new Refusal('literal', node.start);
      }
      case 'Identifier':
        return this.identifier(node, env);
      case 'TemplateLiteral': {
        let out: ExprNode = this.lit(node.quasis[0].value.cooked ?? '', node.quasis[0]);
        node.expressions.forEach((e, k) => {
          out = this.node({ type: 'Binary', operator: '+', left: out, right: this.expr(e, env), ...at });
          const q = node.quasis[k + 1];
          const text = q.value.cooked ?? '';
          if (text !== '')
            out = this.node({ type: 'Binary', operator: '+', left: out, right: this.lit(text, q), ...at });
        });
        if (node.expressions.length > 0) this.notes.add('a template literal writes arrays and objects as JSON');
        return out;
      }
      case 'ArrayExpression': {
        const parts: ExprNode[] = [];
        let chunk: ExprNode[] = [];
        let spread = false;
        for (const el of node.elements) {
          if (el === null) throw new Refusal('array hole', node.start);
          if (el.type === 'SpreadElement') {
            spread = true;
            if (chunk.length > 0) parts.push(this.node({ type: 'Array', elements: chunk, ...at }));
            chunk = [];
            parts.push(this.expr(el.argument, env));
          } else chunk.push(this.expr(el, env));
        }
        if (!spread) return this.node({ type: 'Array', elements: chunk, ...at });
        if (chunk.length > 0) parts.push(this.node({ type: 'Array', elements: chunk, ...at }));
        return this.node({ type: 'Merge', kind: 'array', parts, ...at });
      }
      case 'ObjectExpression': {
        const parts: ExprNode[] = [];
        let chunk: { key: string; value: ExprNode }[] = [];
        let spread = false;
        for (const p of node.properties) {
          if (p.type === 'SpreadElement') {
            spread = true;
            if (chunk.length > 0) parts.push(this.node({ type: 'Object', properties: chunk, ...at }));
            chunk = [];
            parts.push(this.expr(p.argument, env));
            continue;
          }
          if (p.kind !== 'init' || p.method)
            throw new Refusal(p.kind !== 'init' ? `${p.kind}ter` : 'method definition', p.start);
          const key = this.propertyKey(p);
          chunk.push({ key, value: this.expr(p.value as js.Expression, env) });
        }
        if (!spread) return this.node({ type: 'Object', properties: chunk, ...at });
        if (chunk.length > 0) parts.push(this.node({ type: 'Object', properties: chunk, ...at }));
        return this.node({ type: 'Merge', kind: 'object', parts, ...at });
      }
      case 'UnaryExpression': {
        const arg = this.expr(node.argument, env);
        if (node.operator === '-' || node.operator === '+' || node.operator === '!') {
          return this.node({ type: 'Unary', operator: node.operator, argument: arg, ...at });
        }
        if (node.operator === 'typeof') {
          this.notes.add('typeof of null or a missing value is "undefined"');
          return this.node({ type: 'JsCall', callee: 'typeof', arguments: [arg], ...at });
        }
        throw new Refusal(`operator "${node.operator}"`, node.start);
      }
      case 'BinaryExpression': {
        if (node.left.type === 'PrivateIdentifier') throw new Refusal('private name', node.left.start);
        const op = node.operator;
        const left = this.expr(node.left, env);
        const right = this.expr(node.right, env);
        switch (op) {
          case '+':
          case '-':
          case '*':
          case '/':
          case '%':
          case '<':
          case '<=':
          case '>':
          case '>=':
            return this.node({ type: 'Binary', operator: op, left, right, ...at });
          case '==':
          case '===':
            return this.node({ type: 'Binary', operator: '==', left, right, ...at });
          case '!=':
          case '!==':
            return this.node({ type: 'Binary', operator: '!=', left, right, ...at });
          case '**':
            return this.node({ type: 'Call', callee: 'pow', arguments: [left, right], ...at });
          default:
            throw new Refusal(`operator "${op}"`, node.start);
        }
      }
      case 'LogicalExpression': {
        const left = this.expr(node.left, env);
        const right = this.expr(node.right, env);
        if (node.operator === '??')
          return this.node({ type: 'Call', callee: 'coalesce', arguments: [left, right], ...at });
        return this.node({ type: 'Logical', operator: node.operator, left, right, ...at });
      }
      case 'ConditionalExpression':
        return this.node({
          type: 'Conditional',
          test: this.expr(node.test, env),
          consequent: this.expr(node.consequent, env),
          alternate: this.expr(node.alternate, env),
          ...at,
        });
      case 'ChainExpression':
        return this.expr(node.expression, env);
      case 'MemberExpression':
        return this.memberExpr(node, env);
      case 'CallExpression':
        return this.call(node, env);
      case 'NewExpression': {
        if (node.callee.type === 'Identifier' && node.callee.name === 'Date' && this.isGlobalName('Date', env)) {
          if (node.arguments.length > 1) throw new Refusal('new Date with more than one argument', node.start);
          this.notes.add('new Date() reads the simulation clock and is its time as a number');
          return this.node({ type: 'JsCall', callee: 'new Date', arguments: this.args(node.arguments, env), ...at });
        }
        const name = node.callee.type === 'Identifier' ? ` ${node.callee.name}` : '';
        throw new Refusal(`new${name}`, node.start);
      }
      default:
        throw new Refusal(CONSTRUCT_NAMES[node.type] ?? node.type, node.start);
    }
  }

  private identifier(node: js.Identifier, env: Env): ExprNode {
    const name = node.name;
    const slot = env.get(name);
    if (typeof slot === 'number') return this.node({ type: 'Local', name, slot, start: node.start, end: node.end });
    if (slot?.kind === 'function') {
      throw new Refusal(
        'function as a value',
        node.start,
        `the function "${name}" can be called or passed to an array method; it is not a value`,
      );
    }
    if (slot?.kind === 'itself') throw recursion(name, node.start);
    if (slot?.kind === 'regex') {
      throw new Refusal(
        'regular expression as a value',
        node.start,
        `the regular expression "${name}" can be given to .match(), .matchAll(), .replace(), .replaceAll(), .split() or .search(), or tested with .test()/.exec(); it is not a value`,
      );
    }
    if (isForbiddenName(name)) throw forbidden(name, node.start);
    const isParam =
      this.params === undefined ? !GLOBALS.has(name) && !VALUE_NAMES.has(name) : this.params.includes(name);
    if (!isParam) {
      if (name === 'undefined') return this.lit(null, node);
      if (name === 'NaN') return this.lit(NaN, node);
      if (name === 'Infinity') return this.lit(Infinity, node);
      const readable =
        this.params === undefined ? '' : `: a formula here may read ${this.params.join(', ') || 'no variables'}`;
      throw new Refusal(`global "${name}"`, node.start, `"${name}" is not defined${readable}`);
    }
    this.variables.add(name);
    return this.node({ type: 'Identifier', name, start: node.start, end: node.end });
  }

  /** The name of a member access that is not computed or is computed from a text or number literal. */
  private staticKey(node: js.MemberExpression): string | undefined {
    if (!node.computed) {
      if (node.property.type === 'PrivateIdentifier') throw new Refusal('private name', node.property.start);
      return (node.property as js.Identifier).name;
    }
    const p = node.property;
    if (p.type === 'Literal' && typeof p.value === 'string') return p.value;
    return undefined;
  }

  private memberExpr(node: js.MemberExpression, env: Env): ExprNode {
    if (node.object.type === 'Super') throw new Refusal('super', node.object.start);
    const key = this.staticKey(node);
    if (key !== undefined && isForbiddenName(key)) throw forbidden(key, node.property.start);
    if (key !== undefined && node.object.type === 'Identifier' && this.isGlobalName(node.object.name, env)) {
      const full = `${node.object.name}.${key}`;
      if (Object.hasOwn(CONSTANTS, full)) return this.lit(CONSTANTS[full], node);
      if (NAMESPACES.has(node.object.name)) throw new Refusal(full, node.start);
    }
    const object = this.expr(node.object, env);
    if (key !== undefined) return this.member(object, key, node);
    return this.node({
      type: 'Index',
      object,
      index: this.expr(node.property as js.Expression, env),
      start: node.start,
      end: node.end,
    });
  }

  private args(list: readonly (js.Expression | js.SpreadElement)[], env: Env): ExprNode[] {
    return list.map((a) => {
      if (a.type === 'SpreadElement') throw new Refusal('spread in a call', a.start);
      if (isFunction(a)) throw new Refusal('function as a value', a.start);
      return this.expr(a, env);
    });
  }

  private call(node: js.CallExpression, env: Env): ExprNode {
    const at = { start: node.start, end: node.end };
    const callee = node.callee;
    if (isFunction(callee)) return this.inline(callee, node.arguments, env, env, node);
    if (callee.type === 'Identifier') {
      const bound = env.get(callee.name);
      if (bound !== undefined && typeof bound !== 'number' && bound.kind === 'function') {
        return this.inline(bound.fn, node.arguments, env, bound.env, node);
      }
      if (bound !== undefined && typeof bound !== 'number' && bound.kind === 'itself') {
        throw recursion(callee.name, callee.start);
      }
      const spec = lookupJsFunction(callee.name);
      if (spec !== undefined && GLOBAL_FUNCTIONS.has(callee.name) && this.isGlobalName(callee.name, env)) {
        this.arity(`${callee.name}()`, spec, node.arguments.length, node);
        return this.node({
          type: 'JsCall',
          callee: callee.name as JsFunctionName,
          arguments: this.args(node.arguments, env),
          ...at,
        });
      }
      throw new Refusal(
        `call of "${callee.name}"`,
        node.start,
        `"${callee.name}" is not a function a formula may call`,
      );
    }
    if (callee.type !== 'MemberExpression') throw new Refusal('call of a computed function', node.start);
    if (callee.object.type === 'Super') throw new Refusal('super', callee.object.start);
    const name = this.staticKey(callee);
    if (name === undefined) throw new Refusal('call of a computed method', callee.property.start);
    if (isForbiddenName(name)) throw forbidden(name, callee.property.start);
    if (
      callee.object.type === 'Identifier' &&
      this.isGlobalName(callee.object.name, env) &&
      NAMESPACES.has(callee.object.name)
    ) {
      const full = `${callee.object.name}.${name}`;
      if ((full === 'Math.max' || full === 'Math.min') && node.arguments.some((a) => a.type === 'SpreadElement')) {
        // `Math.max(...xs, y)`: the arguments as one array, then the array form of the function.
        const all = this.expr(
          { type: 'ArrayExpression', elements: node.arguments, start: node.start, end: node.end },
          env,
        );
        return this.node({ type: 'JsCall', callee: `${full}(...)`, arguments: [all], ...at });
      }
      const spec = lookupJsFunction(full);
      if (spec === undefined)
        throw new Refusal(`${full}()`, node.start, `${full}() is not a function a formula may call`);
      this.arity(`${full}()`, spec, node.arguments.length, node);
      if (full === 'Math.random') {
        this.usesRand = true;
        this.notes.add("Math.random() reads the simulation's seeded random stream");
      }
      if (full === 'Date.now') this.notes.add('Date.now() reads the simulation clock');
      return this.node({
        type: 'JsCall',
        callee: full as JsFunctionName,
        arguments: this.args(node.arguments, env),
        ...at,
      });
    }
    const pattern = REGEX_RECEIVER_METHODS.has(name) ? this.patternOf(callee.object, env) : undefined;
    const object = pattern ?? this.expr(callee.object, env);
    const spec = lookupJsMethod(name);
    if (spec === undefined)
      throw new Refusal(`method .${name}()`, callee.property.start, `.${name}() is not a method a formula may call`);
    this.arity(`.${name}()`, spec, node.arguments.length, node);
    const first = node.arguments[0];
    const args: ExprNode[] = [];
    let rest = node.arguments;
    const callback = first === undefined ? undefined : this.functionOf(first, env);
    const firstPattern =
      first !== undefined && PATTERN_METHODS.has(name) && first.type !== 'SpreadElement'
        ? this.patternOf(first, env)
        : undefined;
    if (spec.callback !== 'none' && callback !== undefined) {
      args.push(this.lambda(callback.fn, callback.env));
      rest = node.arguments.slice(1);
    } else if (firstPattern !== undefined) {
      args.push(firstPattern);
      rest = node.arguments.slice(1);
    } else if (spec.callback === 'required') {
      throw new Refusal(
        `.${name}() without an arrow function`,
        node.start,
        `.${name}() needs an arrow function as its first argument`,
      );
    }
    // `s.replace(p, (m, g1) => …)`: the replacement function is the last argument (the pattern may already be taken).
    const replacement =
      (name === 'replace' || name === 'replaceAll') && node.arguments.length === 2 ? node.arguments[1] : undefined;
    const replacer = replacement === undefined ? undefined : this.functionOf(replacement, env);
    if (replacer !== undefined) {
      this.notes.add(
        'a replacement function gets the match, its groups, its index and the text; its value is written as text',
      );
      args.push(...this.args(rest.slice(0, -1), env), this.lambda(replacer.fn, replacer.env));
    } else args.push(...this.args(rest, env));
    if (name === 'sort') this.notes.add('.sort() returns a sorted copy and leaves the array as it was');
    return this.node({
      type: 'Method',
      object,
      method: name as JsMethodName,
      arguments: args,
      optional: callee.optional || node.optional,
      ...at,
    });
  }

  private arity(what: string, spec: { minArgs: number; maxArgs: number }, got: number, at: js.Node): void {
    if (got < spec.minArgs || got > spec.maxArgs) {
      const takes =
        spec.minArgs === spec.maxArgs
          ? `${spec.minArgs}`
          : spec.maxArgs === Infinity
            ? `at least ${spec.minArgs}`
            : `${spec.minArgs} to ${spec.maxArgs}`;
      throw new Refusal(`${what} with ${got} arguments`, at.start, `${what} takes ${takes} arguments, got ${got}`);
    }
  }

  /** `node` as a function known when translating (an arrow, or a name bound to one), with the scope it was written in. */
  private functionOf(node: js.Expression | js.SpreadElement, env: Env): FunctionBinding | undefined {
    if (isFunction(node)) return { kind: 'function', fn: node, env };
    if (node.type === 'Identifier') {
      const bound = env.get(node.name);
      if (bound !== undefined && typeof bound !== 'number' && bound.kind === 'function') return bound;
    }
    return undefined;
  }

  /** `node` as a regular expression (a literal, or a name bound to one), or undefined. */
  private patternOf(node: js.Expression | js.Super, env: Env): RegexNode | undefined {
    if (isRegexLiteral(node)) return this.regex(node);
    if (node.type === 'Identifier') {
      const bound = env.get(node.name);
      if (bound !== undefined && typeof bound !== 'number' && bound.kind === 'regex') return bound.node;
    }
    return undefined;
  }

  /** A regular-expression literal checked for RE2, refused with the construct at its place in the pattern. */
  private regex(node: js.Literal): RegexNode {
    const { pattern, flags } = (node as js.Literal & { regex: { pattern: string; flags: string } }).regex;
    const r = compileRegex(pattern, flags);
    if (!r.ok) {
      const position = r.offset < 0 ? node.end - flags.length : node.start + 1 + r.offset;
      throw new Refusal(r.construct, position, r.message);
    }
    this.notes.add('a regular expression runs on RE2 (linear time); .test() never keeps a lastIndex');
    return this.node({ type: 'Regex', pattern, flags, start: node.start, end: node.end });
  }

  /**
   * A call of a function known when translating — `(() => {…})()` or `f(x)` of `const f = …` —
   * written in place: each argument (in the caller's scope) binds its parameter, then the body runs
   * in the scope the function was written in. Inlining ends: a function cannot name itself.
   */
  private inline(
    fn: js.ArrowFunctionExpression | js.FunctionExpression,
    args: readonly (js.Expression | js.SpreadElement)[],
    callerEnv: Env,
    defEnv: Env,
    at: js.Node,
  ): ExprNode {
    if (fn.async || fn.generator) throw new Refusal(fn.async ? 'async function' : 'generator function', fn.start);
    if (fn.type === 'FunctionExpression' && fn.id) throw new Refusal('named function expression', fn.id.start);
    const values = this.args(args, callerEnv);
    const body = (e: Env): ExprNode =>
      fn.body.type === 'BlockStatement' ? this.seq(fn.body.body, 0, e, null) : this.expr(fn.body, e);
    const bindAll = (k: number, e: Env): ExprNode => {
      if (k === fn.params.length) return body(e);
      const p = fn.params[k];
      if (p.type === 'RestElement') throw new Refusal('rest parameter', p.start);
      const init = values[k] ?? this.lit(null, at);
      return this.bind(p, init, e, (e2) => bindAll(k + 1, e2));
    };
    return bindAll(0, defEnv);
  }

  private lambda(fn: js.ArrowFunctionExpression | js.FunctionExpression, env: Env): LambdaNode {
    if (fn.async || fn.generator) throw new Refusal(fn.async ? 'async function' : 'generator function', fn.start);
    const params: { name: string; slot: number }[] = [];
    const patterns: { pattern: js.Pattern; slot: number }[] = [];
    const inner = new Map(env);
    for (const p of fn.params) {
      const slot = this.newSlot();
      if (p.type === 'Identifier') {
        this.checkBindingName(p);
        inner.set(p.name, slot);
        params.push({ name: p.name, slot });
      } else {
        params.push({ name: '(destructured)', slot });
        patterns.push({ pattern: p, slot });
      }
    }
    const body = (e: Env): ExprNode =>
      fn.body.type === 'BlockStatement' ? this.seq(fn.body.body, 0, e, null) : this.expr(fn.body, e);
    const bindAll = (k: number, e: Env): ExprNode => {
      if (k === patterns.length) return body(e);
      const { pattern, slot } = patterns[k];
      const value = this.node<ExprNode>({
        type: 'Local',
        name: '(destructured)',
        slot,
        start: pattern.start,
        end: pattern.end,
      });
      return this.bind(pattern, value, e, (e2) => bindAll(k + 1, e2));
    };
    return this.node({ type: 'Lambda', params, body: bindAll(0, inner), start: fn.start, end: fn.end });
  }
}

function isFunction(n: js.Node): n is js.ArrowFunctionExpression | js.FunctionExpression {
  return n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression';
}

/** The refusal of a function calling itself (every call is written in place, so none may recur). */
function recursion(name: string, position: number): Refusal {
  return new Refusal('recursion', position, `the function "${name}" cannot call itself in a formula`);
}

function isRegexLiteral(n: js.Node): n is js.Literal {
  return n.type === 'Literal' && 'regex' in n && (n as js.Literal).regex !== undefined;
}

function blockOf(st: js.Statement): readonly js.Statement[] {
  return st.type === 'BlockStatement' ? st.body : [st];
}

/** The refusal of `__proto__`, `constructor` or `prototype`, wherever it is written. */
function forbidden(name: string, position: number): Refusal {
  return new Refusal(`the name "${name}"`, position, forbiddenMessage(name));
}
