/**
 * Collecting validation issues: JSON Pointers into the document as the user wrote it, and short
 * renderings of user values for sentences ("got \"x\"", "got an array").
 */
import type { Issue } from '../types';

/** Pure: `base` extended by `segments`, each escaped per RFC 6901 (`~` → `~0`, `/` → `~1`). */
export function pointer(base: string, ...segments: ReadonlyArray<string | number>): string {
  let out = base;
  for (const s of segments) out += '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1');
  return out;
}

/** The errors and warnings of one load, in the order they were found. */
export class IssueList {
  readonly errors: Issue[] = [];
  readonly warnings: Issue[] = [];

  /** Not pure: records an error at `path`. */
  error(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  /** Not pure: records a warning at `path`. */
  warning(path: string, message: string): void {
    this.warnings.push({ path, message });
  }
}

/** Pure: true for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Pure: a short rendering of a user value for a message: `"abc"`, `-1`, `true`, `null`, `an object`, `an array`. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'a number that is not finite';
  if (typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** Pure: `text` in double quotes, shortened to about 60 characters. */
export function quote(text: string): string {
  const short = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return JSON.stringify(short);
}

/** Pure: `"a", "b" or "c"`. */
export function listOf(names: readonly string[], conjunction = 'or'): string {
  const quoted = names.map((n) => JSON.stringify(n));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted[quoted.length - 1]}`;
}

/** Ids a message names before it says how many more there are. */
export const IDS_SHOWN = 12;

/** Pure: `"a", "b" and "c"`; past `IDS_SHOWN` ids, the first ones and `… and N more`. */
export function idsText(ids: readonly string[]): string {
  if (ids.length <= IDS_SHOWN) return listOf(ids, 'and');
  const shown = ids.slice(0, IDS_SHOWN - 1).map((n) => JSON.stringify(n));
  return `${shown.join(', ')} and ${ids.length - shown.length} more`;
}

/** Pure: ` (did you mean "x"?)` or the empty string. */
export function hint(suggestion: string | undefined): string {
  return suggestion === undefined ? '' : ` (did you mean ${JSON.stringify(suggestion)}?)`;
}
