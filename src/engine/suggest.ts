/**
 * "Did you mean …?" hints for names a user mistyped: function names in expressions, node ids in
 * scenarios. A candidate is suggested when its edit distance to the name is small.
 */

/** Largest edit distance that still produces a suggestion. */
const MAX_DISTANCE = 2;

/**
 * Pure. The candidate closest to `name` by Levenshtein distance (insert, delete or substitute one
 * character), if that distance is at most 2 and at most half the name's length (so `x` does not
 * suggest `exp`); ties go to the earliest candidate. A candidate equal to `name` is returned as is.
 */
export function didYouMean(name: string, candidates: readonly string[]): string | undefined {
  const limit = Math.min(MAX_DISTANCE, Math.floor(name.length / 2));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const d = boundedDistance(name, candidate, bestDistance - 1);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      if (d === 0) break;
    }
  }
  return best;
}

/**
 * Pure. Levenshtein distance between `a` and `b` when it is at most `bound`; otherwise any number
 * greater than `bound`. Stopping early keeps long ids (hundreds of characters) cheap to compare.
 */
function boundedDistance(a: string, b: string, bound: number): number {
  if (bound < 0) return bound + 1;
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  // Two rows of the classic dynamic-programming table over prefixes of `a` (rows) and `b` (columns).
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const deletion = previous[j] + 1;
      const insertion = current[j - 1] + 1;
      const d = Math.min(substitution, deletion, insertion);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    // Every later row is at least this row's minimum, so the bound can no longer be met.
    if (rowMin > bound) return bound + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}
