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
 * Table cells (character comparisons) all the hints of one `Suggester` may cost together: about a
 * tenth of a second. A handful of typos in a scenario of 65,535 nodes costs far less; thousands of
 * unknown ids that share a long prefix with every node id would otherwise cost the product of both
 * counts and both lengths (4,000 such edges: over a minute).
 */
export const SUGGEST_BUDGET = 20_000_000;

/**
 * Not pure (spends its budget): `didYouMean` over one list of candidates asked many times (the node
 * ids, for every edge to an unknown node). Candidates are indexed by length — a candidate more than
 * two characters longer or shorter is never compared — each name is answered once, and all hints
 * together cost at most `budget` table cells: past it, names get no hint (the error stays).
 */
export class Suggester {
  private readonly byLength = new Map<number, Array<{ candidate: string; order: number }>>();
  private readonly answers = new Map<string, string | undefined>();
  private readonly cost = { cells: 0 };
  private readonly budget: number;

  constructor(candidates: readonly string[], budget = SUGGEST_BUDGET) {
    this.budget = budget;
    candidates.forEach((candidate, order) => {
      let bucket = this.byLength.get(candidate.length);
      if (bucket === undefined) this.byLength.set(candidate.length, (bucket = []));
      bucket.push({ candidate, order });
    });
  }

  /** Table cells spent so far. */
  get spent(): number {
    return this.cost.cells;
  }

  /** The hint for `name` as `didYouMean` gives it, or undefined once the budget is spent. */
  suggest(name: string): string | undefined {
    if (this.answers.has(name)) return this.answers.get(name);
    const limit = Math.min(MAX_DISTANCE, Math.floor(name.length / 2));
    let best: { candidate: string; order: number } | undefined;
    let bestDistance = limit + 1;
    for (let len = name.length - limit; len <= name.length + limit && this.cost.cells <= this.budget; len++) {
      for (const entry of this.byLength.get(len) ?? []) {
        if (this.cost.cells > this.budget) break;
        // Ties go to the earliest candidate, as in `didYouMean`: a later one must be strictly closer.
        const bound = best !== undefined && entry.order < best.order ? bestDistance : bestDistance - 1;
        const d = boundedDistance(name, entry.candidate, bound, this.cost);
        if (d < bestDistance || (d === bestDistance && best !== undefined && entry.order < best.order)) {
          best = entry;
          bestDistance = d;
        }
      }
    }
    const answer = this.cost.cells > this.budget ? undefined : best?.candidate;
    this.answers.set(name, answer);
    return answer;
  }
}

/**
 * Pure (but for adding to `cost.cells` the characters it compares). Levenshtein distance between
 * `a` and `b` when it is at most `bound`; otherwise any number greater than `bound`. A common
 * prefix and suffix do not change the distance, so they are skipped first (ids that share a long
 * prefix compare in time linear in it); then the table stops as soon as its rows pass the bound.
 */
function boundedDistance(a: string, b: string, bound: number, cost?: { cells: number }): number {
  if (bound < 0) return bound + 1;
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let from = 0;
  while (from < a.length && from < b.length && a.charCodeAt(from) === b.charCodeAt(from)) from++;
  let endA = a.length;
  let endB = b.length;
  while (endA > from && endB > from && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const n = endB - from;
  if (cost !== undefined) cost.cells += a.length - endA + from + n + 1;
  // Two rows of the classic dynamic-programming table over prefixes of what is left of `a` (rows) and `b` (columns).
  let previous = new Array<number>(n + 1);
  let current = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= endA - from; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(from + i - 1);
    for (let j = 1; j <= n; j++) {
      const substitution = previous[j - 1]! + (ca === b.charCodeAt(from + j - 1) ? 0 : 1);
      const deletion = previous[j]! + 1;
      const insertion = current[j - 1]! + 1;
      const d = Math.min(substitution, deletion, insertion);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (cost !== undefined) cost.cells += n;
    // Every later row is at least this row's minimum, so the bound can no longer be met.
    if (rowMin > bound) return bound + 1;
    [previous, current] = [current, previous];
  }
  return previous[n]!;
}
