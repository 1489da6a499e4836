/**
 * Turning valibot's issues into sentences a person can act on: `"seed" must be an integer; got "x"`,
 * `required field "from" is missing`, `"method" must be one of "sum", …; got "avg" (did you mean
 * "average"?)`. The path of each issue becomes a JSON Pointer under the node's (or document's) path.
 */
import type * as v from 'valibot';
import { didYouMean } from '../suggest';
import type { Issue } from '../types';
import { hint, listOf, pointer, showValue } from './issues';

type AnyIssue = v.BaseIssue<unknown>;
type Segment = string | number;

/** Pure: one sentence per problem in `issues`, with paths under `base`. */
export function schemaIssues(issues: readonly AnyIssue[], base: string): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) collect(issue, [], base, out);
  return out;
}

function collect(issue: AnyIssue, prefix: Segment[], base: string, out: Issue[]): void {
  const segments = [...prefix, ...(issue.path ?? []).map((item) => item.key as Segment)];
  // A union (e.g. a state that is a name or an object) whose input matched one option's type but
  // failed inside it: report that option's specific problems rather than "must be a string or an object".
  if (issue.type === 'union' && issue.issues) {
    const specific = issue.issues.filter((sub) => (sub.path?.length ?? 0) > 0);
    if (specific.length > 0) {
      for (const sub of specific) collect(sub, segments, base, out);
      return;
    }
  }
  out.push({ path: pointer(base, ...segments), message: sentence(issue, segments) });
}

function sentence(issue: AnyIssue, segments: Segment[]): string {
  const field = fieldLabel(segments);
  const got = `; got ${showValue(issue.input)}`;
  if (isMissingKey(issue)) return `required field ${field} is missing`;
  switch (issue.type) {
    case 'integer':
    case 'safe_integer':
      return `${field} must be a whole number${got}`;
    case 'min_value':
      return `${field} must be at least ${bound(issue.expected)}${got}`;
    case 'gt_value':
      return `${field} must be greater than ${bound(issue.expected)}${got}`;
    case 'regex':
      return `${field} is not a valid id (${issue.message})${got}`;
    case 'literal':
    case 'picklist':
    case 'variant': {
      const options = quotedOptions(issue.expected);
      if (options.length === 0) return `${field} must be ${expectedLabel(issue.expected)}${got}`;
      const suggestion = typeof issue.input === 'string' ? didYouMean(issue.input, options) : undefined;
      const what = options.length === 1 ? JSON.stringify(options[0]) : `one of ${listOf(options)}`;
      return `${field} must be ${what}${got}${hint(suggestion)}`;
    }
    default:
      return `${field} must be ${expectedLabel(issue.expected)}${got}`;
  }
}

/** valibot reports a missing object key as a schema issue whose input is undefined and whose path ends at the key. */
function isMissingKey(issue: AnyIssue): boolean {
  return issue.kind === 'schema' && issue.input === undefined && issue.received === 'undefined';
}

/** Pure: `"seed"`, or `element 2 of "states"`, or `the document`. */
function fieldLabel(segments: Segment[]): string {
  const last = segments[segments.length - 1];
  if (last === undefined) return 'the document';
  if (typeof last === 'string') return JSON.stringify(last);
  const owner = segments[segments.length - 2];
  return owner === undefined ? `element ${last}` : `element ${last} of ${JSON.stringify(String(owner))}`;
}

function bound(expected: string | null): string {
  return (expected ?? '').replace(/^[<>]=?/, '');
}

/** Pure: the quoted literals in valibot's `expected`, e.g. `("a" | ("b" | "c"))` → a, b, c. */
function quotedOptions(expected: string | null): string[] {
  const out: string[] = [];
  for (const match of (expected ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g))
    out.push(JSON.parse(`"${match[1]}"`) as string);
  return out;
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  Array: 'an array',
  Object: 'an object',
  null: 'null',
};

/** Pure: valibot's `expected` (`number`, `(string | Object)`) in words (`a number`, `a string or an object`). */
function expectedLabel(expected: string | null): string {
  if (!expected) return 'something else';
  const parts = expected.replace(/^\(|\)$/g, '').split(' | ');
  return parts.map((p) => TYPE_WORDS[p] ?? p).join(' or ');
}
