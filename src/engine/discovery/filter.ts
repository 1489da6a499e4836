/**
 * Disco-style simplification of a discovered graph (issue 26, item 1), in the order a person reads
 * the sliders: variants by coverage (whole cases), then activities by frequency (traces projected
 * onto the activities kept, as if the others never happened), then paths by frequency. The first
 * two rebuild the graph from the kept, projected variants — linear in their total length, never a
 * second pass over the log; edge times stay those of the whole log.
 */
import type { DfgEdge, DfgFilter, Discovery, Variant } from '../../contract/discovery';
import { finishDfg } from './discover';
import { compareEdges, compareVariants, rankCounts } from './order';

/** Pure: how many of `total` items `percent` keeps (at least one of a non-empty list; 100 or absent keeps all). */
function share(total: number, percent: number | undefined): number {
  if (percent === undefined || percent >= 100) return total;
  return Math.min(total, Math.max(total > 0 ? 1 : 0, Math.ceil((Math.max(0, percent) / 100) * total)));
}

/** Pure: `d` filtered as `filter` says; with no filter (or every share 100) the same graph. */
export function filterDfg(d: Discovery, filter: DfgFilter): Discovery {
  const all = (v: number | undefined): boolean => v === undefined || v >= 100;
  if (all(filter.variants) && all(filter.activities) && all(filter.paths)) return d;
  let variants = [...d.variants].sort(compareVariants);
  if (!all(filter.variants)) {
    const want = (Math.max(0, filter.variants!) / 100) * d.cases;
    const kept: Variant[] = [];
    let covered = 0;
    for (const v of variants) {
      if (kept.length > 0 && covered >= want) break;
      kept.push(v);
      covered += v.count;
    }
    variants = kept;
  }
  let activities = new Map<string, number>();
  for (const v of variants) for (const a of v.trace) activities.set(a, (activities.get(a) ?? 0) + v.count);
  if (!all(filter.activities)) {
    const ranked = rankCounts(activities);
    const keep = new Set(ranked.slice(0, share(ranked.length, filter.activities)).map(([a]) => a));
    const merged = new Map<string, Variant>();
    for (const v of variants) {
      const trace = v.trace.filter((a) => keep.has(a));
      if (trace.length === 0) continue;
      const key = JSON.stringify(trace);
      const at = merged.get(key);
      if (at) at.count += v.count;
      else merged.set(key, { trace, count: v.count });
    }
    variants = [...merged.values()];
    activities = new Map([...activities].filter(([a]) => keep.has(a)));
  }
  const built = fromVariants(variants, d.edges);
  let edges = built.edges.sort(compareEdges);
  if (!all(filter.paths)) edges = keepPaths(edges, share(edges.length, filter.paths));
  const cases = variants.reduce((s, v) => s + v.count, 0);
  const events = variants.reduce((s, v) => s + v.count * v.trace.length, 0);
  // Durations and sojourn times stay those of the whole log, as the edge times do.
  const times = {
    ...(d.durations === undefined ? {} : { durations: d.durations }),
    ...(d.durationBins === undefined ? {} : { durationBins: d.durationBins }),
    ...(d.sojourn === undefined ? {} : { sojourn: d.sojourn }),
  };
  return { cases, events, ...finishDfg(activities, edges, built.starts, built.ends, variants), ...times };
}

/** Pure: edges, starts and ends of `variants`; an edge keeps the time it had in `original`. */
function fromVariants(variants: readonly Variant[], original: readonly DfgEdge[]) {
  const times = new Map(original.map((e) => [`${e.from}\u0000${e.to}`, e.time]));
  const edgeMap = new Map<string, DfgEdge>();
  const starts = new Map<string, number>();
  const ends = new Map<string, number>();
  for (const v of variants) {
    const t = v.trace;
    starts.set(t[0]!, (starts.get(t[0]!) ?? 0) + v.count);
    ends.set(t[t.length - 1]!, (ends.get(t[t.length - 1]!) ?? 0) + v.count);
    for (let i = 1; i < t.length; i++) {
      const key = `${t[i - 1]}\u0000${t[i]}`;
      let e = edgeMap.get(key);
      if (!e) {
        e = { from: t[i - 1]!, to: t[i]!, count: 0 };
        const time = times.get(key);
        if (time) e.time = time;
        edgeMap.set(key, e);
      }
      e.count += v.count;
    }
  }
  return { edges: [...edgeMap.values()], starts, ends };
}

/** Pure: the `k` busiest edges (ranked input), plus every activity's busiest way in and busiest way out. */
function keepPaths(ranked: readonly DfgEdge[], k: number): DfgEdge[] {
  const keep = new Set<DfgEdge>(ranked.slice(0, k));
  const busiestIn = new Map<string, DfgEdge>();
  const busiestOut = new Map<string, DfgEdge>();
  for (const e of ranked) {
    // `ranked` is busiest first, so the first edge seen per activity is its busiest.
    if (e.from !== e.to) {
      if (!busiestIn.has(e.to)) busiestIn.set(e.to, e);
      if (!busiestOut.has(e.from)) busiestOut.set(e.from, e);
    }
  }
  for (const e of busiestIn.values()) keep.add(e);
  for (const e of busiestOut.values()) keep.add(e);
  return ranked.filter((e) => keep.has(e));
}
