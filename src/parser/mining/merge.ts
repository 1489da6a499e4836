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
import { hasWordBesides, isKey, survivor, WILDCARD, type Cluster, type Variant } from './drain';
import { mergedText, skeletonKey } from './skeleton';
import { valueTest } from './values';
import { crossed, DEFAULT_CONSTANTS, isEnumeration, type ConstantRule } from './enumeration';
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
  /**
   * Final template of each cluster, indexed by cluster id (merged clusters included). For a cluster
   * that was split by a few-valued position, its first part (see `splits` and `resolveFinal`).
   */
  byCluster: FinalTemplate[];
  /**
   * Clusters split by the words at their few-valued positions, by cluster id: the positions, and each
   * part by its words there (joined with U+0000).
   */
  splits: Map<number, { positions: number[]; parts: Map<string, { final: FinalTemplate; paramTemplate: string }> }>;
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
  /**
   * True for a token holding a placeholder. Skeletons leave out only these (and punctuation): a word
   * with a digit that every line of a template shares is one of its constant words. Default: `isVariable`.
   */
  isPlaceholder?(token: string): boolean;
  /** Words the miner saw at open positions (`Drain.openWords`); default none. */
  valueWords?: ReadonlySet<string>;
  /**
   * When a position with `variableAfter` words or more (up to the miner's `maxValues`) is an
   * enumeration, whose words stay constants: each word holds at least `minShare` of the template's
   * lines and at least `minLines` lines. Default: the configuration's defaults (0.05, 3).
   */
  constants?: ConstantRule;
}

export { isEnumeration, type ConstantRule } from './enumeration';

export const MAX_ALIGNED_TOKENS = 128;

/** Lines each value of a digit-bearing few-valued position needs for it to split its cluster. */
export const MIN_REPEAT = 2;

interface Entry {
  /** `many[i]`: position i showed `variableAfter` words or more (a parameter by variety). */
  many: boolean[];
  ids: number[];
  /** For a part of a split cluster: the cluster's ids, the split positions, its words there. */
  split?: { clusterIds: number[]; positions: number[]; key: string; first: boolean };
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
    x.many = x.many.map((m, i) => m || y.many[i]!);
    for (let i = 0; i < x.tokens.length; i++) if (x.tokens[i] !== y.tokens[i]) x.tokens[i] = WILDCARD;
  }
}

/** Different places of `<*>` among one length's templates, at most, for `joinInstances` to look at them. */
const MAX_SIGNATURES = 256;

/**
 * Pure: each live cluster whose template is an instance of another live cluster's (same length, equal
 * wherever that one is not `<*>`: `node kaviho moved to state <*>` of `node <*> moved to state <*>`),
 * mapped to a copy of the most general such cluster (the largest, among those that are instances of
 * none) with its lines, word sets and variants joined in. A family spread over clusters by a word of
 * its tree prefix is then judged whole before its few-valued positions split it; the merge pass would
 * join the instance to it anyway (`mergeSubsumed`). Clusters not listed stay as they are. An
 * instance's words where the general cluster's position is open are added to `values`.
 */
function joinInstances(
  clusters: readonly Cluster[],
  maxValues: number,
  isVariable: (t: string) => boolean,
  values: Set<string>,
): Map<Cluster, Cluster> {
  const byLength = new Map<number, Cluster[]>();
  for (const c of clusters) {
    if (c.mergedInto !== null || c.tokens.length > MAX_ALIGNED_TOKENS) continue;
    const list = byLength.get(c.tokens.length);
    if (list) list.push(c);
    else byLength.set(c.tokens.length, [c]);
  }
  const out = new Map<Cluster, Cluster>();
  for (const list of byLength.values()) {
    if (list.length < 2) continue;
    // The general clusters, indexed by where their `<*>` are, then by their other tokens.
    const bySignature = new Map<string, { positions: number[]; byKey: Map<string, Cluster[]> }>();
    for (const g of list) {
      const positions = wildcardPositions(g.tokens);
      if (positions.length === 0 || !hasWordBesides(g.tokens, -1, isVariable)) continue;
      const sig = positions.join(',');
      let index = bySignature.get(sig);
      if (!index) bySignature.set(sig, (index = { positions, byKey: new Map() }));
      const key = keyWithout(g.tokens, positions);
      const at = index.byKey.get(key);
      if (at) at.push(g);
      else index.byKey.set(key, [g]);
    }
    if (bySignature.size === 0 || bySignature.size > MAX_SIGNATURES) continue;
    const signatures = [...bySignature.values()];
    /** The clusters `c` is an instance of. */
    const generalsOf = (c: Cluster): Cluster[] => {
      const found: Cluster[] = [];
      for (const { positions, byKey } of signatures) {
        const key = keyWithout(c.tokens, positions);
        for (const g of byKey.get(key) ?? []) {
          if (g === c) continue;
          let differs = false;
          for (const i of positions) if (c.tokens[i] !== WILDCARD) differs = true;
          if (differs) found.push(g);
        }
      }
      return found;
    };
    const isMaximal = new Map<Cluster, boolean>();
    const maximal = (g: Cluster): boolean => {
      let m = isMaximal.get(g);
      if (m === undefined) isMaximal.set(g, (m = generalsOf(g).length === 0));
      return m;
    };
    for (const c of list) {
      let host: Cluster | null = null;
      for (const g of generalsOf(c)) if (maximal(g) && (host === null || g.size > host.size)) host = g;
      if (host === null) continue;
      let copy = out.get(host);
      if (copy === undefined) {
        copy = {
          ...host,
          values: host.values.map((v) => (v === null ? null : new Set(v))),
          variants: host.variants === null ? null : host.variants.slice(),
          variantIndex: new Map(),
        };
        out.set(host, copy);
      }
      copy.size += c.size;
      for (let i = 0; i < copy.values.length; i++) {
        const a = copy.values[i];
        const b = c.values[i];
        if (a == null) {
          // The instance's words where the general template is open are values of its parameter.
          if (b != null) for (const w of b) if (w !== WILDCARD && !isVariable(w)) values.add(w);
          continue;
        }
        if (b == null) {
          copy.values[i] = null;
          continue;
        }
        for (const w of b) a.add(w);
        if (a.size > maxValues) copy.values[i] = null;
      }
      copy.variants = copy.variants === null || c.variants === null ? null : [...copy.variants, ...c.variants];
      out.set(c, copy);
    }
  }
  return out;
}

/** Pure: the final templates of `clusters` (the miner's, in creation order). */
export function finalizeTemplates(clusters: readonly Cluster[], options: MergeOptions): FinalTemplates {
  const entryOf = new Map<Cluster, Entry>();
  const roots: Cluster[] = [];
  const valueWords = new Set(options.valueWords ?? []);
  const joined = options.merge
    ? joinInstances(
        clusters,
        options.constants?.maxValues ?? DEFAULT_CONSTANTS.maxValues,
        options.isVariable,
        valueWords,
      )
    : new Map<Cluster, Cluster>();
  for (const c of clusters) {
    const live = survivor(c);
    const root = joined.get(live) ?? live;
    let e = entryOf.get(root);
    if (e === undefined) {
      e = {
        ids: [],
        many: root.values.map((v) => v === null || v.size >= options.variableAfter),
        tokens: root.tokens.slice(),
        glue: root.glue,
        size: root.size,
        parent: null,
      };
      entryOf.set(root, e);
      roots.push(root);
    }
    e.ids.push(c.id);
  }
  // Few-valued positions split their cluster into one entry per word (fresh ids after the clusters').
  let nextId = clusters.length + 1;
  const entries: Entry[] = [];
  const constants = options.constants ?? DEFAULT_CONSTANTS;
  // Positions that vary apart from another few-valued position of their template are parameters,
  // and their words values (co-variation: `user amy … from host kilo`, every user with every host).
  const apart = new Map<Cluster, Set<number>>();
  for (const root of roots) {
    const found = variesApart(root);
    if (found.size === 0) continue;
    apart.set(root, found);
    for (const i of found) for (const w of root.values[i]!) if (!options.isVariable(w)) valueWords.add(w);
  }
  // Words of a position with `variableAfter` words or more that are no enumeration are values, as
  // those of an open position are.
  for (const root of roots) {
    for (let i = 0; i < root.values.length; i++) {
      const v = root.values[i];
      if (v == null || v.size < options.variableAfter) continue;
      if (root.variants !== null && isEnumeration(wordCounts(root.variants, i), constants)) continue;
      for (const w of v) if (!options.isVariable(w)) valueWords.add(w);
    }
  }
  // Words that follow two or more different keys (`ret:false`, `overlap:false`, `visible=false`) are
  // the log's generic values; a key's own vocabulary (`action:…TIME_TICK`, `user=root`) is not.
  const keyOf = new Map<string, string>();
  const genericValues = new Set<string>();
  for (const root of roots) {
    for (let i = 1; i < root.values.length; i++) {
      const v = root.values[i];
      if (v == null || root.glue[i] !== true || !isKey(root.tokens[i - 1]!)) continue;
      const key = root.tokens[i - 1]!;
      for (const w of v) {
        const first = keyOf.get(w);
        if (first === undefined) keyOf.set(w, key);
        else if (first !== key) genericValues.add(w);
      }
    }
  }
  const isValue = valueTest(
    roots,
    valueWords,
    options.isVariable,
    options.variableAfter,
    MAX_ALIGNED_TOKENS,
    constants,
  );
  for (const root of roots)
    entries.push(
      ...splitEntry(
        root,
        entryOf.get(root)!,
        () => nextId++,
        options.isVariable,
        options.isPlaceholder ?? options.isVariable,
        MIN_REPEAT,
        isValue,
        options.variableAfter,
        constants,
        genericValues,
        apart.get(root) ?? NONE,
      ),
    );
  if (options.merge) {
    const byLength = new Map<number, Entry[]>();
    for (const e of entries) {
      if (e.tokens.length > MAX_ALIGNED_TOKENS) continue;
      const list = byLength.get(e.tokens.length);
      if (list) list.push(e);
      else byLength.set(e.tokens.length, [e]);
    }
    for (const list of byLength.values()) {
      mergeOneWordApart(list, options.variableAfter, options.isVariable, isValue, constants);
      mergeSubsumed(list, options.isVariable);
    }
  }
  // Parameters are read with the same-length template (before skeleton merges change the length).
  const paramOf = new Map<Entry, string>();
  for (const e of entries) {
    const root = find(e);
    paramOf.set(e, joinTokens(root.tokens, root.glue));
  }
  if (options.merge)
    mergeSkeletons(
      entries.filter((e) => e.parent === null),
      options.isVariable,
    );
  const byCluster: FinalTemplate[] = [];
  const paramTemplates: string[] = [];
  const list: FinalTemplate[] = [];
  const finals = new Map<Entry, FinalTemplate>();
  const splits: FinalTemplates['splits'] = new Map();
  for (const e of entries) {
    const root = find(e);
    let final = finals.get(root);
    if (final === undefined) {
      const ids = [...root.ids].sort((a, b) => a - b);
      final = {
        eventId: `E${ids[0]}`,
        template: root.template ?? joinTokens(root.tokens, root.glue),
        occurrences: root.size,
        mergedIds: ids.slice(1).map((id) => `E${id}`),
      };
      finals.set(root, final);
      list.push(final);
    }
    const paramTemplate = paramOf.get(e)!;
    if (e.split === undefined) {
      for (const id of e.ids) {
        byCluster[id] = final;
        paramTemplates[id] = paramTemplate;
      }
      continue;
    }
    for (const id of e.split.clusterIds) {
      if (e.split.first) {
        byCluster[id] = final;
        paramTemplates[id] = paramTemplate;
      }
      let s = splits.get(id);
      if (s === undefined) splits.set(id, (s = { positions: e.split.positions, parts: new Map() }));
      s.parts.set(e.split.key, { final, paramTemplate });
    }
  }
  list.sort((a, b) => Number(a.eventId.slice(1)) - Number(b.eventId.slice(1)));
  return { byCluster, paramTemplates, splits, list };
}

/**
 * Pure: the final template and the template to read parameters with, for a line mined into cluster
 * `clusterId` whose words were `tokens` (its variant's; null when unknown: the cluster's first part).
 */
export function resolveFinal(
  final: FinalTemplates,
  clusterId: number,
  tokens: readonly string[] | null,
): { final: FinalTemplate; paramTemplate: string } | undefined {
  const s = final.splits.get(clusterId);
  if (s !== undefined && tokens !== null) {
    const part = s.parts.get(s.positions.map((i) => tokens[i]).join('\u0000'));
    if (part !== undefined) return part;
  }
  const f = final.byCluster[clusterId];
  return f === undefined ? undefined : { final: f, paramTemplate: final.paramTemplates[clusterId] ?? f.template };
}

/**
 * The entries of one live cluster: itself, or one per word combination at its few-valued positions
 * (positions where it shows more than one but fewer than `variableAfter` words, and whose lines were
 * all kept in variants). The first part keeps the cluster's ids; the others take fresh ones.
 */
function splitEntry(
  root: Cluster,
  e: Entry,
  freshId: () => number,
  isVariable: (t: string) => boolean,
  isPlaceholder: (t: string) => boolean,
  minRepeat: number,
  isValue: (word: string) => boolean,
  variableAfter: number,
  constants: ConstantRule,
  genericValues: ReadonlySet<string>,
  apart: ReadonlySet<number>,
): Entry[] {
  const variants = root.variants;
  if (variants === null || variants.length < 2) return [e];
  const positions: number[] = [];
  for (let i = 0; i < root.values.length; i++) {
    const v = root.values[i];
    if (v == null || v.size < 2 || e.tokens[i] !== WILDCARD) continue;
    // A word is a constant by its wording; a token with a digit or a placeholder only if every one of
    // its values recurs (`eth0` on one line and `eth1` on another are a parameter; `ee0` on 45
    // lines and `alt0` on 44 are two events).
    // Placeholders are parameters: a position holding nothing else never splits.
    if ([...v].every(isPlaceholder)) continue;
    // A position varying apart from another of the template is a parameter (see `variesApart`).
    if (apart.has(i)) continue;
    // Words the log uses as values elsewhere are values here too, however few of them this event shows.
    const wordsHere = [...v].filter((w) => !isVariable(w));
    // The log's generic values (words that follow two or more keys: `true`, `false`) are values
    // wherever they stand (`down true` / `down false`).
    if (wordsHere.length > 0 && wordsHere.every((w) => genericValues.has(w))) continue;
    // Two of them values are enough: the others are values of the same kind not seen elsewhere yet.
    if (wordsHere.length > 0 && (wordsHere.every(isValue) || wordsHere.filter(isValue).length >= 2)) continue;
    // From `variableAfter` words on, and for the value of a `key=value` or `key: value` pair, the
    // words are constants only as an enumeration: words only, each of them frequent; a key's value
    // also only when none of its words follows another key too (docs/parser.md).
    const keyValue = i > 0 && e.glue[i] === true && isKey(e.tokens[i - 1]!);
    if (keyValue || v.size >= variableAfter) {
      if (keyValue && wordsHere.some((w) => genericValues.has(w))) continue;
      if (wordsHere.length === v.size && isEnumeration(wordCounts(variants, i), constants)) positions.push(i);
      continue;
    }
    if ([...v].some(isVariable)) {
      const counts = new Map<string, number>();
      for (const x of variants) counts.set(x.tokens[i]!, (counts.get(x.tokens[i]!) ?? 0) + x.count);
      if ([...counts.values()].some((n) => n < minRepeat)) continue;
    }
    positions.push(i);
  }
  if (positions.length === 0) return [e];
  const parts = new Map<string, Entry>();
  for (const v of variants) {
    const key = positions.map((i) => v.tokens[i]).join('\u0000');
    let part = parts.get(key);
    if (part === undefined) {
      const tokens = e.tokens.slice();
      for (const i of positions) tokens[i] = v.tokens[i]!;
      const first = parts.size === 0;
      part = {
        ids: first ? e.ids.slice() : [freshId()],
        tokens,
        glue: e.glue,
        many: e.many,
        size: 0,
        parent: null,
        split: { clusterIds: e.ids, positions, key, first },
      };
      parts.set(key, part);
    }
    part.size += v.count;
  }
  if (parts.size < 2) return [e];
  return [...parts.values()];
}

const NONE: ReadonlySet<number> = new Set();

/** Few-valued positions of one template compared pairwise, at most (see `variesApart`). */
const MAX_PAIRED = 12;

/**
 * Pure: the few-valued word positions of a cluster that vary apart from another one. Two positions
 * with k and m words vary together when one (nearly) follows from the other — a function, or a
 * chain of transitions (`from NEW to ALLOCATED`, `from ALLOCATED to RUNNING`): its pairs of words form
 * a forest, fewer than k + m pairs. With more than k + m different pairs, neither follows from the
 * other (`user amy … host kilo`, every user with every host): both are parameters. (Exactly k + m
 * is one cycle: a 2 × 2 cross of event words, `onSleep`/`onWake` × `Yes`/`No` on Mac, stays events.)
 */
export function variesApart(c: Cluster): Set<number> {
  const out = new Set<number>();
  const variants = c.variants;
  if (variants === null || variants.length < 4) return out;
  const positions: number[] = [];
  for (let i = 0; i < c.values.length && positions.length < MAX_PAIRED; i++) {
    const v = c.values[i];
    if (v != null && v.size >= 2 && c.tokens[i] === WILDCARD) positions.push(i);
  }
  for (let a = 0; a < positions.length; a++) {
    for (let b = a + 1; b < positions.length; b++) {
      const p = positions[a]!;
      const q = positions[b]!;
      const pairs = new Set<string>();
      for (const x of variants) pairs.add(`${x.tokens[p]}\u0000${x.tokens[q]}`);
      if (crossed(pairs.size, c.values[p]!.size, c.values[q]!.size)) {
        out.add(p);
        out.add(q);
      }
    }
  }
  return out;
}

/** Pure: the words at position `i` of a cluster's lines, with their line counts (from its variants). */
export function wordCounts(variants: readonly Variant[], i: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const x of variants) counts.set(x.tokens[i]!, (counts.get(x.tokens[i]!) ?? 0) + x.count);
  return counts;
}

function mergeOneWordApart(
  list: Entry[],
  variableAfter: number,
  isVariable: (t: string) => boolean,
  isValue: (word: string) => boolean,
  constants: ConstantRule,
): void {
  const n = list[0]?.tokens.length ?? 0;
  // Variable-looking tokens, values and `<*>` compare equal, as they do for the miner's similarity:
  // each template's tokens so compared, worked out once and again only after its tokens change
  // (a merge below: the set's surviving template is the only one whose tokens change).
  const compared = new Map<Entry, string[]>();
  const comparedOf = (e: Entry): string[] => {
    let c = compared.get(e);
    if (c === undefined) {
      c = e.tokens.map((t) => (isVariable(t) || t === WILDCARD || isValue(t) ? '\u0001' : t));
      compared.set(e, c);
    }
    return c;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let p = 0; p < n; p++) {
      const groups = new Map<string, Entry[]>();
      for (const e of list) {
        if (e.parent !== null) continue;
        const key = comparedOf(e)
          .map((t, i) => (i === p ? '' : t))
          .join('\u0000');
        const g = groups.get(key);
        if (g) g.push(e);
        else groups.set(key, [e]);
      }
      for (const g of groups.values()) {
        if (g.length < 2) continue;
        // Never two parts of one split at the position that split them: their words are constants.
        const splitAt = new Set<number>();
        let sameSplit = false;
        for (const e of g) {
          if (e.split === undefined || !e.split.positions.includes(p)) continue;
          const id = e.split.clusterIds[0]!;
          if (splitAt.has(id)) sameSplit = true;
          splitAt.add(id);
        }
        if (sameSplit) continue;
        const words = new Set(g.map((e) => e.tokens[p]!));
        words.delete(WILDCARD);
        const general = g.some((e) => e.tokens[p] === WILDCARD && e.many[p]);
        // Enough different words, two or more that the log uses as values elsewhere, or words beside
        // a template with a parameter there (`variableAfter` words or more, in the same context).
        if (words.size === 0 || (words.size < 2 && !general)) continue;
        const byValues = words.size >= 2 && [...words].every((w) => !isVariable(w) && isValue(w));
        if (!general && words.size < variableAfter && !byValues) continue;
        // Templates one word apart whose words are an enumeration (each frequent) stay apart.
        if (!general && !byValues && words.size <= constants.maxValues) {
          const counts = new Map<string, number>();
          for (const e of g) counts.set(e.tokens[p]!, (counts.get(e.tokens[p]!) ?? 0) + e.size);
          if (![...words].some(isVariable) && isEnumeration(counts, constants)) continue;
        }
        if (!hasWordBesides(g[0]!.tokens, p, isVariable)) continue;
        // By variety alone, the leading word is not a parameter: it names the event (`boot`, `wait`,
        // `halt` in `<*> (command <NUM>)` on HPC; `portmap`, `xinetd` in `<*> startup succeeded`).
        if (!general && !byValues && p === 0) continue;
        for (const e of g.slice(1)) union(g[0]!, e);
        const root = find(g[0]!);
        root.tokens[p] = WILDCARD;
        compared.delete(root);
        changed = true;
      }
    }
  }
}

function mergeSubsumed(list: Entry[], isVariable: (t: string) => boolean): void {
  const live = list.filter((e) => e.parent === null);
  // Index the general templates by their wildcard positions, then by their other tokens.
  const bySignature = new Map<string, { positions: number[]; byKey: Map<string, Entry> }>();
  for (const e of live) {
    const positions = wildcardPositions(e.tokens);
    // A template with no constant word is no event: it must not absorb the others.
    if (positions.length === 0 || !hasWordBesides(e.tokens, -1, isVariable)) continue;
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
    // Parts of a split cluster differ in a word that recurs, which a skeleton may leave out.
    if (e.split !== undefined) continue;
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
