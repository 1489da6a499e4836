/**
 * A static guard against catastrophic backtracking in user regular expressions (masks, the format
 * regex, event rules, the continuation pattern). JavaScript's engine backtracks, so `(a+)+$` on forty
 * `a`s and a `!` runs for hours and freezes the worker. The guard refuses the classic shape behind
 * it — an unbounded quantifier (`*`, `+`, `{n,}`) applied to a group that itself holds an unbounded
 * quantifier (star height above one), unless every pass must consume a single atom outside the inner
 * repeat (`([\w-]+\.)+`, `(\d+,)*` are kept) — e.g. `(a+)+`, `(\w*\s?)*`, `(?:x|y+){2,}` are refused
 * at save/parse time, with the reason. It does not compare character classes, so it is incomplete:
 * `(a+a)+`, overlapping alternatives such as `(a|a)*` and adjacent repeats such as `\d+\d+$` pass;
 * docs/limits.md says so.
 */

/** Pure: why `pattern` may backtrack catastrophically (a sentence naming the repeated group), or null. */
export function catastrophicReason(pattern: string): string | null {
  // Per open group: its start index and whether an unbounded quantifier occurs inside it.
  // `required`: a single atom matched exactly once (`\.`, `x`, `[.]`) that every pass through the group
  // must consume, which keeps the passes apart (`([\w-]+\.)+` is linear); `alt`: the group has `|`.
  const stack: { start: number; unbounded: boolean; required: boolean; alt: boolean }[] = [];
  let i = 0;
  const n = pattern.length;
  /** Reads a quantifier at `at`: its length and whether it is unbounded, or null if none. */
  const quantifier = (at: number): { length: number; unbounded: boolean; min: number } | null => {
    const c = pattern[at];
    if (c === '*') return { length: 1, unbounded: true, min: 0 };
    if (c === '+') return { length: 1, unbounded: true, min: 1 };
    if (c === '?') return { length: 1, unbounded: false, min: 0 };
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at, at + 40));
      if (m !== null) return { length: m[0].length, unbounded: m[2] !== undefined && m[3] === '', min: Number(m[1]) };
    }
    return null;
  };
  const markUnbounded = () => {
    for (const g of stack) g.unbounded = true;
  };
  while (i < n) {
    const c = pattern[i]!;
    if (c === '\\') {
      i += 2;
    } else if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < n && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '(') {
      stack.push({ start: i, unbounded: false, required: false, alt: false });
      i++;
      // The group's kind is no atom: `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`.
      const kind = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(pattern.slice(i, i + 80));
      if (kind !== null) i += kind[0].length;
      continue;
    } else if (c === ')') {
      const group = stack.pop();
      i++;
      const q = quantifier(i);
      if (group !== undefined && q !== null) {
        if (q.unbounded && group.unbounded && (!group.required || group.alt)) {
          const shown = pattern.slice(group.start, i + q.length);
          return `the group ${JSON.stringify(shown.length > 60 ? `${shown.slice(0, 57)}...` : shown)} repeats a repetition (nested quantifiers), which can backtrack for hours on a line that almost matches; repeat only one of the two, e.g. (a+)+ → a+`;
        }
        if (q.unbounded || group.unbounded) markUnbounded();
        // A group taken at least once that must consume an atom makes its parent consume it too.
        const parent = stack[stack.length - 1];
        if (parent !== undefined && q.min >= 1 && group.required && !group.alt) parent.required = true;
        i += q.length;
      } else if (group !== undefined) {
        if (group.unbounded) markUnbounded();
        const parent = stack[stack.length - 1];
        if (parent !== undefined && group.required && !group.alt) parent.required = true;
      }
      continue;
    } else if (c === '|') {
      const top = stack[stack.length - 1];
      if (top !== undefined) top.alt = true;
      i++;
      continue;
    } else if (c === '^' || c === '$') {
      i++;
      continue;
    } else {
      i++;
    }
    const q = quantifier(i);
    if (q !== null) {
      if (q.unbounded) markUnbounded();
      i += q.length;
    } else {
      const top = stack[stack.length - 1];
      if (top !== undefined) top.required = true;
    }
  }
  return null;
}
