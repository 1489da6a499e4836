/**
 * Discovery (issue 26, item 1): the directly-follows graph of a log grouped into cases — activity
 * counts, edge counts, start and end activities, the time along each edge where events have times —
 * and its variants. One pass over the events: each case keeps its last activity and time and its
 * place in a trie of trace prefixes, so variants come out without storing any trace twice. Linear
 * in events; the trie grows with the distinct prefixes only.
 */
import type { Dfg, DfgEdge, Discovery, DurationStats, Variant } from '../../contract/discovery';
import type { CaseLog } from './caseLog';
import { durationBins, Durations, durationStats } from './durations';
import { byName, compareEdges, compareVariants, countsObject } from './order';
import { setOwn } from '../jsonValues';

interface EdgeAcc {
  from: number;
  to: number;
  count: number;
  /** The time of each occurrence where both events had one. */
  times: Durations;
}

/** Pure: the directly-follows graph and variants of `log` (cases in log order, events in log order within each case). */
export function discover(log: CaseLog): Discovery {
  const A = log.activityNames.length;
  const C = log.caseNames.length;
  const events = log.caseOf.length;
  const activityCount = new Float64Array(A);
  const last = new Int32Array(C).fill(-1);
  const lastTime = new Float64Array(C).fill(NaN);
  // Per case its earliest and latest time (NaN: none yet); per activity the times until the next event.
  const firstTime = new Float64Array(C).fill(NaN);
  const latestTime = new Float64Array(C).fill(NaN);
  const sojourn: (Durations | undefined)[] = new Array<Durations | undefined>(A);
  const startCount = new Float64Array(A);
  const edges = new Map<number, EdgeAcc>();
  // Trie of trace prefixes: node 0 is the empty trace; child key = node * A + activity.
  const child = new Map<number, number>();
  const parent: number[] = [-1];
  const label: number[] = [-1];
  const place = new Int32Array(C);
  for (let i = 0; i < events; i++) {
    const c = log.caseOf[i]!;
    const a = log.activityOf[i]!;
    const t = log.timeOf[i]!;
    activityCount[a]!++;
    const prev = last[c]!;
    if (prev === -1) startCount[a]!++;
    else {
      const key = prev * A + a;
      let e = edges.get(key);
      if (e === undefined) {
        e = { from: prev, to: a, count: 0, times: new Durations() };
        edges.set(key, e);
      }
      e.count++;
      const pt = lastTime[c]!;
      if (t === t && pt === pt) {
        const d = t - pt;
        e.times.push(d);
        (sojourn[prev] ??= new Durations()).push(d);
      }
    }
    if (t === t) {
      const f = firstTime[c]!;
      if (!(f <= t)) firstTime[c] = t;
      const l = latestTime[c]!;
      if (!(l >= t)) latestTime[c] = t;
    }
    last[c] = a;
    lastTime[c] = t;
    const key = place[c]! * A + a;
    let node = child.get(key);
    if (node === undefined) {
      node = parent.length;
      child.set(key, node);
      parent.push(place[c]!);
      label.push(a);
    }
    place[c] = node;
  }
  const names = log.activityNames;
  const variantCount = new Map<number, number>();
  const ends = new Map<string, number>();
  for (let c = 0; c < C; c++) {
    variantCount.set(place[c]!, (variantCount.get(place[c]!) ?? 0) + 1);
    const end = names[last[c]!]!;
    ends.set(end, (ends.get(end) ?? 0) + 1);
  }
  const variants: Variant[] = [];
  for (const [node, count] of variantCount) {
    const trace: string[] = [];
    for (let n = node; n > 0; n = parent[n]!) trace.push(names[label[n]!]!);
    variants.push({ trace: trace.reverse(), count });
  }
  const dfgEdges: DfgEdge[] = [];
  for (const e of edges.values()) {
    const edge: DfgEdge = { from: names[e.from]!, to: names[e.to]!, count: e.count };
    if (e.times.length > 0) edge.time = durationStats(e.times.values());
    dfgEdges.push(edge);
  }
  const activities = new Map<string, number>();
  const starts = new Map<string, number>();
  for (let a = 0; a < A; a++) {
    activities.set(names[a]!, activityCount[a]!);
    if (startCount[a]! > 0) starts.set(names[a]!, startCount[a]!);
  }
  const out: Discovery = {
    cases: C,
    events,
    ...finishDfg(activities, dfgEdges, starts, ends, variants),
  };
  const caseTimes = new Durations();
  for (let c = 0; c < C; c++) if (firstTime[c] === firstTime[c]) caseTimes.push(latestTime[c]! - firstTime[c]!);
  if (caseTimes.length > 0) {
    const all = caseTimes.values();
    out.durations = durationStats(all);
    out.durationBins = durationBins(all);
  }
  const stays: [string, DurationStats][] = [];
  for (let a = 0; a < A; a++) {
    const d = sojourn[a];
    if (d !== undefined) stays.push([names[a]!, durationStats(d.values())]);
  }
  if (stays.length > 0) {
    const byActivity: Record<string, DurationStats> = {};
    for (const [name, stats] of stays.sort((x, y) => byName(x[0], y[0]))) setOwn(byActivity, name, stats);
    out.sojourn = byActivity;
  }
  return out;
}

/** Pure: a DFG with every list and object in the one order (order.ts); sorts `edges` and `variants` in place. */
export function finishDfg(
  activities: ReadonlyMap<string, number>,
  edges: DfgEdge[],
  starts: ReadonlyMap<string, number>,
  ends: ReadonlyMap<string, number>,
  variants: Variant[],
): Dfg {
  return {
    activities: countsObject(activities),
    edges: edges.sort(compareEdges),
    starts: countsObject(starts),
    ends: countsObject(ends),
    variants: variants.sort(compareVariants),
  };
}

/**
 * Pure: the fields of the `--dfg` file, in the documented order (times kept on edges that have them),
 * and the case durations when the log has times.
 */
export function dfgFile(d: Dfg & Pick<Discovery, 'durations'>): Dfg & Pick<Discovery, 'durations'> {
  const out: Dfg & Pick<Discovery, 'durations'> = {
    activities: d.activities,
    edges: d.edges,
    starts: d.starts,
    ends: d.ends,
    variants: d.variants,
  };
  if (d.durations !== undefined) out.durations = d.durations;
  return out;
}
