/**
 * The frequency test that tells an enumeration of events (a few words, each frequent: state names,
 * an intent's actions) from an open vocabulary (a long tail of rare words): docs/parser.md,
 * "Constants or variables".
 */

export interface ConstantRule {
  /** Most words an enumeration has (the miner's `maxValues`, `mining.constantMaxValues`). */
  maxValues: number;
  /** Each word holds at least this share of the lines (`mining.constantMinShare`). */
  minShare: number;
  /** … and at least this many lines (`mining.constantMinLines`). */
  minLines: number;
}

/** The configuration's defaults (parserConfig.ts `MINING_DEFAULTS`). */
export const DEFAULT_CONSTANTS: ConstantRule = { maxValues: 8, minShare: 0.02, minLines: 3 };

/**
 * Pure: the frequency test of an enumeration: every word holds at least `minLines` lines and
 * `minShare` of all (a long tail of rare words is an open vocabulary).
 */
export function isEnumeration(counts: ReadonlyMap<string, number>, rule: ConstantRule): boolean {
  let total = 0;
  for (const n of counts.values()) total += n;
  if (counts.size < 2) return false;
  for (const n of counts.values()) if (n < rule.minLines || n < rule.minShare * total) return false;
  return true;
}

/**
 * Pure: two positions with `k` and `m` words seen in `pairs` different pairs vary apart — more pairs
 * than a forest holds (k + m − 1: one word following from the other, or a chain of transitions) plus
 * one cycle (merge.ts `variesApart`).
 */
export function crossed(pairs: number, k: number, m: number): boolean {
  return pairs > k + m;
}
