/**
 * Closures for the unary and binary operators. Operators never coerce: arithmetic needs numbers
 * (`+` also joins text when either side is a string), ordering needs two numbers or two strings,
 * and anything else is a runtime error naming both types. Each operator gets its own closure body
 * rather than a shared one taking a callback, so every call site in the hot path stays monomorphic.
 */
import { assertNever, type BinaryNode, type UnaryNode } from './ast';
import { LIMITS } from './limits';
import { checkedText, fail, failSteps, scan, type EvalState, type Thunk } from './state';
import { deepEqual, toText, typeName } from './values';

const MAX_STEPS = LIMITS.maxEvalSteps;

function badOperands(operator: string, a: unknown, b: unknown): never {
  return fail(`cannot apply "${operator}" to ${typeName(a)} and ${typeName(b)}`);
}

function badComparison(operator: string, a: unknown, b: unknown): never {
  return fail(
    `cannot compare ${typeName(a)} and ${typeName(b)} with "${operator}" (both must be numbers or both strings)`,
  );
}

function badOperand(operator: string, v: unknown): never {
  return fail(`cannot apply "${operator}" to ${typeName(v)}`);
}

/** Charges comparing two strings (up to the shorter one's length); always true, to chain with `&&`. */
function textCompare(a: string, b: string, st: EvalState): true {
  scan(st, a.length < b.length ? a.length : b.length);
  return true;
}

/** `+` when not both numbers: text if either side is a string, else an error. */
function plusSlow(a: unknown, b: unknown, st: EvalState): string {
  if (typeof a !== 'string' && typeof b !== 'string') badOperands('+', a, b);
  const text = checkedText(toText(a, st) + toText(b, st));
  scan(st, text.length);
  return text;
}

/** Pure. The closure of a unary operator over its compiled argument. */
export function compileUnary(operator: UnaryNode['operator'], arg: Thunk): Thunk {
  switch (operator) {
    case '-':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const v = arg(s, st);
        return typeof v === 'number' ? -v : badOperand('-', v);
      };
    case '+':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const v = arg(s, st);
        return typeof v === 'number' ? v : badOperand('+', v);
      };
    case '!':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        return !arg(s, st);
      };
    default:
      return assertNever(operator);
  }
}

/** Pure. The closure of a binary (non-short-circuit) operator over its compiled operands. */
export function compileBinary(operator: BinaryNode['operator'], l: Thunk, r: Thunk): Thunk {
  switch (operator) {
    case '+':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        return typeof a === 'number' && typeof b === 'number' ? a + b : plusSlow(a, b, st);
      };
    case '-':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        return typeof a === 'number' && typeof b === 'number' ? a - b : badOperands('-', a, b);
      };
    case '*':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        return typeof a === 'number' && typeof b === 'number' ? a * b : badOperands('*', a, b);
      };
    case '/':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        return typeof a === 'number' && typeof b === 'number' ? a / b : badOperands('/', a, b);
      };
    case '%':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        return typeof a === 'number' && typeof b === 'number' ? a % b : badOperands('%', a, b);
      };
    case '<':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        if (typeof a === 'number' && typeof b === 'number') return a < b;
        return typeof a === 'string' && typeof b === 'string'
          ? textCompare(a, b, st) && a < b
          : badComparison('<', a, b);
      };
    case '<=':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        if (typeof a === 'number' && typeof b === 'number') return a <= b;
        return typeof a === 'string' && typeof b === 'string'
          ? textCompare(a, b, st) && a <= b
          : badComparison('<=', a, b);
      };
    case '>':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        if (typeof a === 'number' && typeof b === 'number') return a > b;
        return typeof a === 'string' && typeof b === 'string'
          ? textCompare(a, b, st) && a > b
          : badComparison('>', a, b);
      };
    case '>=':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        if (typeof a === 'number' && typeof b === 'number') return a >= b;
        return typeof a === 'string' && typeof b === 'string'
          ? textCompare(a, b, st) && a >= b
          : badComparison('>=', a, b);
      };
    case '==':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        if (typeof a === 'string' && typeof b === 'string') return textCompare(a, b, st) && a === b;
        return a === b || (typeof a === 'object' && typeof b === 'object' && deepEqual(a, b, st));
      };
    case '!=':
      return (s, st) => {
        if (++st.steps > MAX_STEPS) failSteps();
        const a = l(s, st);
        const b = r(s, st);
        if (typeof a === 'string' && typeof b === 'string') return !(textCompare(a, b, st) && a === b);
        return !(a === b || (typeof a === 'object' && typeof b === 'object' && deepEqual(a, b, st)));
      };
    default:
      return assertNever(operator);
  }
}
