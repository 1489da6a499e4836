/**
 * A template cluster of the mining tree and the wildcard its templates use: the shape shared by the
 * tree (drain.ts) and the index of a leaf's clusters (leafIndex.ts).
 */

export const WILDCARD = '<*>';

export interface Cluster {
  /** Creation number, from 1. */
  readonly id: number;
  /** Current template tokens; positions that varied hold `<*>`. */
  tokens: string[];
  /** Spacing of the tokens (see `tokens.ts`), from the line that created the cluster. */
  readonly glue: boolean[];
  /** `vars[i]`: the template's token i looks variable (kept so similarity need not re-test it). */
  readonly vars: boolean[];
  /** Lines added (for a merged cluster: lines added before the merge). */
  size: number;
  /** The cluster this one was merged into, or null while it is live. */
  mergedInto: Cluster | null;
  /**
   * `values[i]`: the different words seen at position i, or null once there are more than the miner's
   * `maxValues` of them (an open vocabulary: the position is a parameter). With fewer than
   * `variableAfter` words the final pass splits the event by its word; from `variableAfter` to
   * `maxValues` it splits only when the words are an enumeration (each frequent: merge.ts).
   */
  values: (Set<string> | null)[];
  /** The cluster's lines by their words at its few-valued positions (null: too many to keep apart). */
  variants: Variant[] | null;
  /** `variants` by key (see `variantKey`). */
  variantIndex: Map<string, Variant>;
}

/**
 * Lines of a cluster that agree at every position with few values (when they were added): the words
 * of the first such line and how many lines there are. The final split reads `tokens` at the
 * positions that still have few values at the end.
 */
export interface Variant {
  readonly tokens: readonly string[];
  count: number;
  /**
   * The variant this one was folded into when one of its key positions became a parameter (its lines
   * now count there), or null. Its `tokens` stay right at the positions that still have few words.
   */
  into: Variant | null;
}

/** Pure: the variant `v`'s lines count in now (itself, or the one it was folded into). */
export function liveVariant(v: Variant): Variant {
  let x = v;
  while (x.into !== null) x = x.into;
  return x;
}
