/**
 * Fidelity of a simulation model (issue 43, item 2; docs/simulation.md, "Fidelity"): how far the
 * cases it generates are from the real ones. Pure functions over cases in the shape of a log.
 *
 * - cycleTimeDistance = W₁(real, simulated) / mean(real): the earth mover's (Wasserstein-1)
 *   distance between the two distributions of case durations (last event − first event),
 *   W₁ = ∫ |F_real(x) − F_sim(x)| dx, divided by the real mean duration (by 1 ms when that is 0).
 * - variantDistance = ½ Σ_v |p_real(v) − p_sim(v)|: total variation between the variant
 *   (activity sequence) frequencies, over the variants of either.
 * - edgeFrequencyRatio[a->b] = (simulated occurrences per simulated case) / (real occurrences per
 *   real case), for every directly-follows edge of the real log (1 is perfect).
 * - arrivalRateRatio = simulated arrival rate / real arrival rate, a rate being (cases − 1) / (last
 *   case start − first case start); null when either log's starts span no time.
 * Replications are pooled: their cases together are the simulated distribution.
 */
import type { CaseLog } from '../discovery/caseLog';
import type { LoggedCase } from './figures';
import { setOwn } from '../jsonValues';

/** Pure: W₁ between the empirical distributions of `a` and `b` (both not empty). */
export function wasserstein1(a: readonly number[], b: readonly number[]): number {
  const x = a.slice().sort((p, q) => p - q);
  const y = b.slice().sort((p, q) => p - q);
  let i = 0;
  let j = 0;
  let prev = Math.min(x[0]!, y[0]!);
  let area = 0;
  while (i < x.length || j < y.length) {
    const next = j >= y.length || (i < x.length && x[i]! <= y[j]!) ? x[i]! : y[j]!;
    area += Math.abs(i / x.length - j / y.length) * (next - prev);
    prev = next;
    while (i < x.length && x[i] === next) i++;
    while (j < y.length && y[j] === next) j++;
  }
  return area;
}

/** Pure: total variation distance between two frequency tables (counts; each with a positive total). */
export function totalVariation(p: ReadonlyMap<string, number>, q: ReadonlyMap<string, number>): number {
  let sp = 0;
  let sq = 0;
  for (const v of p.values()) sp += v;
  for (const v of q.values()) sq += v;
  let d = 0;
  for (const [k, v] of p) d += Math.abs(v / sp - (q.get(k) ?? 0) / sq);
  for (const [k, v] of q) if (!p.has(k)) d += v / sq;
  return d / 2;
}

/** Pure: the cases of `log` (times NaN where an event has none). */
export function casesOfLog(log: CaseLog): LoggedCase[] {
  const cases: LoggedCase[] = log.caseNames.map(() => ({ activities: [], times: [] }));
  for (let i = 0; i < log.caseOf.length; i++) {
    const c = cases[log.caseOf[i]!]!;
    c.activities.push(log.activityNames[log.activityOf[i]!]!);
    c.times.push(log.timeOf[i]!);
  }
  return cases;
}

/** Pure: a case's duration: its latest time less its earliest. */
export function durationOf(c: LoggedCase): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const t of c.times) {
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  return c.times.length === 0 ? 0 : hi - lo;
}

/** The four measures, and the counts they come from. */
export interface Fidelity {
  cycleTimeDistance: number;
  variantDistance: number;
  edgeFrequencyRatio: Record<string, number>;
  arrivalRateRatio: number | null;
  /** Real cases, and simulated ones over all replications. */
  cases: { real: number; simulated: number };
  /** Edges the model made that the log never shows, with their occurrences per simulated case. */
  unseenEdges: Record<string, number>;
}

function variantCounts(cases: readonly LoggedCase[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of cases) {
    const k = JSON.stringify(c.activities);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

function edgeCounts(cases: readonly LoggedCase[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of cases)
    for (let i = 1; i < c.activities.length; i++) {
      const k = `${c.activities[i - 1]}->${c.activities[i]}`;
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  return m;
}

/** Pure: (cases − 1, span of the case starts) of one log. */
function arrivals(cases: readonly LoggedCase[]): [number, number] {
  if (cases.length < 2) return [0, 0];
  let lo = Infinity;
  let hi = -Infinity;
  for (const c of cases) {
    const t = Math.min(...c.times);
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  return [cases.length - 1, hi - lo];
}

/** Pure: the fidelity of `replications` (each a simulated log, at least one case in all) against `real` (not empty). */
export function fidelity(real: readonly LoggedCase[], replications: readonly (readonly LoggedCase[])[]): Fidelity {
  const sim = replications.flat();
  const realDurations = real.map(durationOf);
  const simDurations = sim.map(durationOf);
  const realMean = realDurations.reduce((s, d) => s + d, 0) / realDurations.length;
  const cycleTimeDistance =
    simDurations.length === 0 ? 1 : wasserstein1(realDurations, simDurations) / Math.max(realMean, 1);
  const variantDistance = sim.length === 0 ? 1 : totalVariation(variantCounts(real), variantCounts(sim));
  const realEdges = edgeCounts(real);
  const simEdges = edgeCounts(sim);
  const edgeFrequencyRatio: Record<string, number> = {};
  const unseenEdges: Record<string, number> = {};
  for (const k of [...realEdges.keys()].sort()) {
    const r = realEdges.get(k)! / real.length;
    setOwn(edgeFrequencyRatio, k, sim.length === 0 ? 0 : (simEdges.get(k) ?? 0) / sim.length / r);
  }
  for (const k of [...simEdges.keys()].sort())
    if (!realEdges.has(k)) setOwn(unseenEdges, k, simEdges.get(k)! / sim.length);
  const [rn, rs] = arrivals(real);
  let sn = 0;
  let ss = 0;
  for (const r of replications) {
    const [n, s] = arrivals(r);
    sn += n;
    ss += s;
  }
  const arrivalRateRatio = rs > 0 && ss > 0 && rn > 0 ? sn / ss / (rn / rs) : null;
  return {
    cycleTimeDistance,
    variantDistance,
    edgeFrequencyRatio,
    arrivalRateRatio,
    cases: { real: real.length, simulated: sim.length },
    unseenEdges,
  };
}
