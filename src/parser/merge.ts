/**
 * The merge pass and final templates, run over all clusters once mining is done (or for a snapshot).
 * Mining sees lines in order and one tree leaf at a time; this pass looks at every template together:
 *
 * 1. Same length, one word apart: templates equal except at position p (variable-looking tokens count
 *    as equal), showing `variableAfter` different words there, become one template with `<*>` at p
 *    (the miner does this within a leaf; here it also applies across leaves, e.g. when the word is one
 *    of the tree's leading tokens).
 * 2. Same length, subsumed: a template equal to a more general one wherever that one is not `<*>` is
 *    an instance of it (its lines would have joined it had they come later) and merges into it.
 * 3. Any length, same skeleton: Drain keys its tree on the token count, so an event whose variable
 *    part spans a varying number of tokens (`12 bytes` / `1 KB (1024 bytes)`) mines as several
 *    templates. Templates with the same skeleton (`skeleton.ts`: their constant words in order) merge;
 *    a skeleton needs at least one word.
 *
 * A merged event takes the smallest member id (its earliest cluster) as its event id; the others are
 * listed in `mergedIds`. Templates longer than `MAX_ALIGNED_TOKENS` skip steps 1–2 (cost is quadratic
 * in the length).
 */
import { survivor, WILDCARD, type Cluster } from './drain';
import { mergedText, skeletonKey } from './skeleton';
import { joinTokens } from './tokens';

export interface FinalTemplate {
  /** `E<id>` of the earliest cluster merged into this one. */
  eventId: string;
  template: string;
  occurrences: number;
  /** Event ids of the other clusters folded into this one, ascending. */
  mergedIds: string[];
}

export interface FinalTemplates {
  /** Final template of each cluster, indexed by cluster id (merged clusters included). */
  byCluster: FinalTemplate[];
  /**
   * The template a cluster's lines read their parameters with, by cluster id: the final template,
   * except after a skeleton merge (step 3), where it is the member's own same-length template.
   */
  paramTemplates: string[];
  /** One entry per event, ordered by event id. */
  list: FinalTemplate[];
}

export interface MergeOptions {
  merge: boolean;
  variableAfter: number;
  isVariable(token: string): boolean;
}

export const MAX_ALIGNED_TOKENS = 128;

interface Entry {
  ids: number[];
  tokens: string[];
  glue: boolean[];
  size: number;
  parent: Entry | null;
  /** Set by the skeleton step, whose members differ in length. */
  template?: string;
}

function find(e: Entry): Entry {
  while (e.parent !== null) e = e.parent;
  return e;
}

/** Joins b's set into a's (the one holding the smaller id survives); a position-wise template union. */
function union(a: Entry, b: Entry): void {
  let x = find(a);
  let y = find(b);
  if (x === y) return;
  if (y.ids[0]! < x.ids[0]!) [x, y] = [y, x];
  y.parent = x;
  x.ids.push(...y.ids);
  x.size += y.size;
  if (x.tokens.length === y.tokens.length) {
    for (let i = 0; i < x.tokens.length; i++) if (x.tokens[i] !== y.tokens[i]) x.tokens[i] = WILDCARD;
  }
}

/** Pure: the final templates of `clusters` (the miner's, in creation order). */
export function finalizeTemplates(clusters: readonly Cluster[], options: MergeOptions): FinalTemplates {
  const entryOf = new Map<Cluster, Entry>();
  const entries: Entry[] = [];
  for (const c of clusters) {
    const root = survivor(c);
    let e = entryOf.get(root);
    if (e === undefined) {
      e = { ids: [], tokens: root.tokens.slice(), glue: root.glue, size: root.size, parent: null };
      entryOf.set(root, e);
      entries.push(e);
    }
    e.ids.push(c.id);
  }
  if (options.merge) {
    const byLength = new Map<number, Entry[]>();
    for (const e of entries) {
      if (e.tokens.length > MAX_ALIGNED_TOKENS) continue;
      const list = byLength.get(e.tokens.length);
      if (list) list.push(e);
      else byLength.set(e.tokens.length, [e]);
    }
    for (const list of byLength.values()) {
      mergeOneWordApart(list, options.variableAfter, options.isVariable);
      mergeSubsumed(list);
    }
  }
  const paramTemplates: string[] = [];
  for (const e of entries) {
    if (e.parent !== null) continue;
    const text = joinTokens(e.tokens, e.glue);
    for (const id of e.ids) paramTemplates[id] = text;
  }
  if (options.merge)
    mergeSkeletons(
      entries.filter((e) => e.parent === null),
      options.isVariable,
    );
  const byCluster: FinalTemplate[] = [];
  const list: FinalTemplate[] = [];
  const finals = new Map<Entry, FinalTemplate>();
  for (const e of entries) {
    const root = find(e);
    if (finals.has(root)) continue;
    const ids = [...root.ids].sort((a, b) => a - b);
    const final: FinalTemplate = {
      eventId: `E${ids[0]}`,
      template: root.template ?? joinTokens(root.tokens, root.glue),
      occurrences: root.size,
      mergedIds: ids.slice(1).map((id) => `E${id}`),
    };
    finals.set(root, final);
    list.push(final);
    for (const id of ids) byCluster[id] = final;
  }
  list.sort((a, b) => Number(a.eventId.slice(1)) - Number(b.eventId.slice(1)));
  return { byCluster, paramTemplates, list };
}

function mergeOneWordApart(list: Entry[], variableAfter: number, isVariable: (t: string) => boolean): void {
  const n = list[0]?.tokens.length ?? 0;
  for (let changed = true; changed;) {
    changed = false;
    for (let p = 0; p < n; p++) {
      const groups = new Map<string, Entry[]>();
      for (const e of list) {
        if (e.parent !== null || e.tokens[p] === WILDCARD) continue;
        // Variable-looking tokens (and `<*>`) compare equal, as they do for the miner's similarity.
        const key = e.tokens
          .map((t, i) => (i === p ? '' : isVariable(t) || t === WILDCARD ? '\u0001' : t))
          .join('\u0000');
        const g = groups.get(key);
        if (g) g.push(e);
        else groups.set(key, [e]);
      }
      for (const g of groups.values()) {
        if (new Set(g.map((e) => e.tokens[p])).size < variableAfter) continue;
        for (const e of g.slice(1)) union(g[0]!, e);
        find(g[0]!).tokens[p] = WILDCARD;
        changed = true;
      }
    }
  }
}

function mergeSubsumed(list: Entry[]): void {
  const live = list.filter((e) => e.parent === null);
  // Index the general templates by their wildcard positions, then by their other tokens.
  const bySignature = new Map<string, { positions: number[]; byKey: Map<string, Entry> }>();
  for (const e of live) {
    const positions = wildcardPositions(e.tokens);
    if (positions.length === 0) continue;
    const sig = positions.join(',');
    let index = bySignature.get(sig);
    if (!index) bySignature.set(sig, (index = { positions, byKey: new Map() }));
    const key = keyWithout(e.tokens, positions);
    if (!index.byKey.has(key)) index.byKey.set(key, e);
  }
  const signatures = [...bySignature.values()].sort((a, b) => a.positions.length - b.positions.length);
  for (const e of live) {
    const own = new Set(wildcardPositions(e.tokens));
    for (const { positions, byKey } of signatures) {
      if (own.size > positions.length || ![...own].every((p) => positions.includes(p))) continue;
      const general = byKey.get(keyWithout(e.tokens, positions));
      if (general !== undefined && general !== e) {
        union(general, e);
        break;
      }
    }
  }
}

function wildcardPositions(tokens: readonly string[]): number[] {
  const out: number[] = [];
  tokens.forEach((t, i) => t === WILDCARD && out.push(i));
  return out;
}

function keyWithout(tokens: readonly string[], positions: readonly number[]): string {
  const skip = new Set(positions);
  return tokens.filter((_, i) => !skip.has(i)).join('\u0000');
}

function mergeSkeletons(live: Entry[], isVariable: (t: string) => boolean): void {
  const groups = new Map<string, Entry[]>();
  for (const e of live) {
    const key = skeletonKey(e.tokens, isVariable);
    if (key === null) continue;
    const g = groups.get(key);
    if (g) g.push(e);
    else groups.set(key, [e]);
  }
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const text = mergedText(g, isVariable);
    for (const e of g.slice(1)) union(g[0]!, e);
    find(g[0]!).template = text;
  }
}
