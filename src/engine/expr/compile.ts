/**
 * Compiles a syntax tree once into a tree of JavaScript closures, one per node, each
 * `(scope, state) => value`. Evaluation then only calls closures: no switch on node types, no
 * tree walking, no generated code. Every closure counts one step before doing its work; functions that walk
 * data count more (see `LIMITS.maxEvalSteps`).
 */
import { assertNever, type CallNode, type ExprNode, type JsCallNode, type MethodNode } from './ast';
import { lookupFunction } from './functions';
import { lookupJsFunction, lookupJsMethod, merge, type Callback } from './jsFunctions';
import { LIMITS } from './limits';
import { compileBinary, compileUnary } from './operators';
import { compileRegex } from './regex';
import { fail, failSteps, type Thunk } from './state';
import { readIndex, readMember, readVariable } from './values';

const MAX_STEPS = LIMITS.maxEvalSteps;
const NO_ARGS: readonly unknown[] = Object.freeze([]);

/** Pure. The closure computing `node`'s value. The tree's height is bounded by the parser, so is this recursion. */
export function compile(node: ExprNode): Thunk {
  switch (node.type) {
    case 'Literal': {
      const value = node.value;
      return (_s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        return value;
      };
    }
    case 'Identifier': {
      const name = node.name;
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        return readVariable(s, name);
      };
    }
    case 'Array': {
      const items = node.elements.map(compile);
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const out: unknown[] = [];
        for (let i = 0; i < items.length; i++) out.push(items[i](s, st));
        return out;
      };
    }
    case 'Object': {
      // Keys were checked by the parser: none is `__proto__`, so plain assignment only creates own properties.
      const keys = node.properties.map((p) => p.key);
      const values = node.properties.map((p) => compile(p.value));
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) out[keys[i]] = values[i](s, st);
        return out;
      };
    }
    case 'Unary':
      return compileUnary(node.operator, compile(node.argument));
    case 'Binary':
      return compileBinary(node.operator, compile(node.left), compile(node.right));
    case 'Logical': {
      const l = compile(node.left);
      const r = compile(node.right);
      // Like JavaScript: the operand that decided the outcome, not a coerced boolean.
      return node.operator === '&&'
        ? (s, st) => {
            if (++st.steps > MAX_STEPS) failSteps();
            const a = l(s, st);
            return a ? r(s, st) : a;
          }
        : (s, st) => {
            if (++st.steps > MAX_STEPS) failSteps();
            const a = l(s, st);
            return a ? a : r(s, st);
          };
    }
    case 'Conditional': {
      const test = compile(node.test);
      const yes = compile(node.consequent);
      const no = compile(node.alternate);
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        return test(s, st) ? yes(s, st) : no(s, st);
      };
    }
    case 'Member':
      return compileMember(node.object, node.property);
    case 'Index': {
      const object = compile(node.object);
      const index = compile(node.index);
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        return readIndex(object(s, st), index(s, st));
      };
    }
    case 'Call':
      return compileCall(node);
    case 'Local': {
      const slot = node.slot;
      return (_s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const v = st.locals[slot];
        return v === undefined ? null : v;
      };
    }
    case 'Let': {
      const slot = node.slot;
      const init = compile(node.init);
      const body = compile(node.body);
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        st.locals[slot] = init(s, st);
        return body(s, st);
      };
    }
    case 'Lambda':
      // The translator places arrow functions only as method arguments, where `compileMethod` takes them.
      return () => fail('a function is not a value here');
    case 'Method':
      return compileMethod(node);
    case 'JsCall':
      return compileJsCall(node);
    case 'Regex': {
      const compiled = compileRegex(node.pattern, node.flags);
      if (!compiled.ok) throw new Error(`compile: the translator accepted a pattern RE2 refuses: ${compiled.message}`);
      const re = compiled.regex;
      return (_s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        return re;
      };
    }
    case 'Merge': {
      const kind = node.kind;
      const parts = node.parts.map(compile);
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const values: unknown[] = [];
        for (let i = 0; i < parts.length; i++) values.push(parts[i](s, st));
        return merge(kind, values, st);
      };
    }
    default:
      return assertNever(node);
  }
}

/** `a.b`; `name.b` (the usual `data.total`) is fused into one closure that counts both steps. */
function compileMember(objectNode: ExprNode, key: string): Thunk {
  if (objectNode.type === 'Identifier') {
    const name = objectNode.name;
    return (s, st) => {
      st.steps += 2;
      if (st.steps > MAX_STEPS) failSteps();
      return readMember(readVariable(s, name), key);
    };
  }
  const object = compile(objectNode);
  return (s, st) => {
    if (++st.steps > MAX_STEPS) failSteps();
    return readMember(object(s, st), key);
  };
}

/**
 * A built-in call. Eager built-ins get their argument values in a buffer owned by this call site
 * and reused on every evaluation, so a call allocates nothing. That is safe because a call site is
 * never re-entered while its arguments are computed (the tree has no loops; `evaluate` refuses
 * re-entrant use) and built-ins never keep the buffer.
 */
function compileCall(node: CallNode): Thunk {
  const fn = lookupFunction(node.callee);
  if (fn === undefined) throw new Error(`compile: "${node.callee}" is not a built-in, but the parser accepted it`);
  const args = node.arguments.map(compile);
  const spec = fn.spec;
  if (spec.kind === 'lazy') {
    const call = spec.call;
    return (s, st) => {
      if (++st.steps > MAX_STEPS) failSteps();
      return call(args, s, st);
    };
  }
  const call = spec.call;
  const buffer: unknown[] = new Array<unknown>(args.length).fill(null);
  switch (args.length) {
    case 0:
      return (_s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        return call(NO_ARGS, st);
      };
    case 1: {
      const a0 = args[0];
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        buffer[0] = a0(s, st);
        return call(buffer, st);
      };
    }
    case 2: {
      const a0 = args[0];
      const a1 = args[1];
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        buffer[0] = a0(s, st);
        buffer[1] = a1(s, st);
        return call(buffer, st);
      };
    }
    default:
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        for (let i = 0; i < args.length; i++) buffer[i] = args[i](s, st);
        return call(buffer, st);
      };
  }
}

/** A JavaScript built-in of the fixed table (`jsFunctions.ts`); the translator checked name and argument count. */
function compileJsCall(node: JsCallNode): Thunk {
  const spec = lookupJsFunction(node.callee);
  if (spec === undefined) throw new Error(`compile: "${node.callee}" is not a JavaScript built-in`);
  const call = spec.call;
  const args = node.arguments.map(compile);
  return (s, st) => {
    if (++st.steps > MAX_STEPS) failSteps();
    const values: unknown[] = [];
    for (let i = 0; i < args.length; i++) values.push(args[i](s, st));
    return call(values, st);
  };
}

/**
 * `object.method(args)`: a method of the fixed table. A callback argument (the first, or the
 * replacement of `replace`/`replaceAll`; at most one) is compiled to its parameter slots and body,
 * and its position reads null among the values; calling a method on null is an error unless
 * written `?.`.
 */
function compileMethod(node: MethodNode): Thunk {
  const spec = lookupJsMethod(node.method);
  if (spec === undefined) throw new Error(`compile: ".${node.method}()" is not a JavaScript method`);
  const object = compile(node.object);
  let cb: Callback | undefined;
  // Values keep their positions around the callback: `reduce(cb, init)` sees `init` as `args[1]`.
  const args = node.arguments.map((a): Thunk | null => {
    if (a.type !== 'Lambda') return compile(a);
    cb = { slots: a.params.map((p) => p.slot), body: compile(a.body) };
    return null;
  });
  const call = spec.call;
  const method = node.method;
  const optional = node.optional;
  return (s, st) => {
    if (++st.steps > MAX_STEPS) failSteps();
    const recv = object(s, st);
    if (recv === null || recv === undefined) {
      return optional ? null : fail(`cannot call .${method}() on null`);
    }
    const values: unknown[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      values.push(a === null ? null : a(s, st));
    }
    return call(recv, values, cb, s, st);
  };
}
