/**
 * Pure helpers of the Experiment view and the Fidelity region (issue 43; docs/simulation.md, "On
 * the screen"): the summary of replications gathered batch by batch (src/client/engineCore.ts), the template's numeric fields to vary, histogram bins, and plain-language readings.
 */
import {
  summariseExperiment,
  type Difference,
  type Summary,
  type VariantRuns,
  type VariantSummary,
} from '../../../client/engineCore';

export { summariseExperiment };
export type { Difference, Summary, VariantRuns, VariantSummary };

/** A numeric field of a template that an experiment can vary. */
export interface NumericField {
  /** `nodeId.field…` (what the experiment's `vary.path` takes). */
  path: string;
  /** Its value now (a delay's absent `scale` is 1). */
  value: number;
  /** What it is, in words. */
  label: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** Fields that are not parameters of the process (names, ids, sizes of the run). */
const SKIP = new Set(['seed', 'version', 'start', 'step']);

/**
 * Pure: the numeric fields of `scenario`'s nodes, arrivals first: every number under a node (not in
 * lists of more than 8), and `scale` (1 when absent) of every sampled delay — so the arrival
 * interval of a calibrated model, whose gaps are a list, can be varied as a whole.
 */
export function numericFields(scenario: unknown): NumericField[] {
  const nodes = isObject(scenario) && Array.isArray(scenario['nodes']) ? (scenario['nodes'] as unknown[]) : [];
  const out: NumericField[] = [];
  for (const node of nodes) {
    if (!isObject(node)) continue;
    const id = String(node['nodeId'] ?? node['id'] ?? '');
    const name = String(node['displayName'] ?? id);
    const walk = (v: unknown, keys: string[]) => {
      if (typeof v === 'number' && Number.isFinite(v) && !SKIP.has(keys[keys.length - 1] ?? '')) {
        out.push({ path: [id, ...keys].join('.'), value: v, label: `${name}: ${keys.join(' › ')}` });
        return;
      }
      if (Array.isArray(v)) {
        if (v.length <= 8) v.forEach((x, i) => walk(x, [...keys, String(i)]));
        return;
      }
      if (!isObject(v)) return;
      if (typeof v['distribution'] === 'string' && v['scale'] === undefined)
        out.push({
          path: [id, ...keys, 'scale'].join('.'),
          value: 1,
          label:
            keys[keys.length - 1] === 'arrivals'
              ? `${name}: interval between arrivals, scale (× every drawn gap)`
              : `${name}: ${keys.join(' › ')} scale (× every drawn ${v['distribution']} wait)`,
        });
      for (const [k, x] of Object.entries(v)) if (k !== 'outputs') walk(x, [...keys, k]);
    };
    for (const [k, x] of Object.entries(node)) if (k !== 'nodeId' && k !== 'outputs') walk(x, [k]);
  }
  // The arrival interval (a field under a node's `arrivals`) first: the usual what-if.
  const arrivalsFirst = (f: NumericField) => (f.path.split('.').slice(1).includes('arrivals') ? 0 : 1);
  return out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => arrivalsFirst(a.f) - arrivalsFirst(b.f) || a.i - b.i)
    .map((x) => x.f);
}

/** Pure: the values typed as `1, 0.5` (numbers, commas or spaces between); null when one is not a number or none is given. */
export function parseValues(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  if (parts.length === 0 || parts.length > 20) return null;
  const values = parts.map(Number);
  return values.every((v) => Number.isFinite(v)) ? values : null;
}

/** Pure: default values to try for a field now at `value`: itself and half of it. */
export function defaultValues(value: number): string {
  return `${value}, ${value / 2}`;
}

/** One bar of a histogram: values in [from, to) (the last includes `to`). */
export interface Bin {
  from: number;
  to: number;
  count: number;
}

/** Pure: `xs` in at most `max` equal-width bars (about √n); one bar when every value is the same. */
export function histogram(xs: readonly number[], max = 12): Bin[] {
  if (xs.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of xs) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (lo === hi) return [{ from: lo, to: hi, count: xs.length }];
  const n = Math.max(1, Math.min(max, Math.ceil(Math.sqrt(xs.length))));
  const width = (hi - lo) / n;
  const bins: Bin[] = Array.from({ length: n }, (_, i) => ({
    from: lo + i * width,
    to: i === n - 1 ? hi : lo + (i + 1) * width,
    count: 0,
  }));
  for (const x of xs) bins[Math.min(n - 1, Math.floor((x - lo) / width))]!.count++;
  return bins;
}

/** Pure: a figure for the screen: at most 3 decimals, thousands separated. */
export function fmt(x: number): string {
  const abs = Math.abs(x);
  const digits = abs >= 1000 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return x.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** Pure: a metric's summary in words: `mean 519 (95 % CI 510 – 528)`. */
export function summaryText(s: Summary): string {
  return `mean ${fmt(s.mean)} (95 % CI ${fmt(s.ci95[0])} – ${fmt(s.ci95[1])})`;
}

/** Pure: a difference in words, saying whether it is beyond the replications' noise. */
export function differenceText(d: Difference): string {
  const range = `${fmt(d.ci95[0])} to ${fmt(d.ci95[1])}`;
  return d.significant
    ? `${d.mean > 0 ? '+' : ''}${fmt(d.mean)} (95 % CI ${range}; excludes 0: a real change)`
    : `${d.mean > 0 ? '+' : ''}${fmt(d.mean)} (95 % CI ${range}; contains 0: cannot tell apart)`;
}

/** Pure: the plain-language readings of the fidelity figures. */
export function fidelityReadings(f: {
  cycleTimeDistance: number;
  variantDistance: number;
  arrivalRateRatio: number | null;
}): { cycleTime: string; variants: string; arrivals: string } {
  const pct = (x: number) => `${Math.round(x * 100)} %`;
  const c = f.cycleTimeDistance;
  const v = f.variantDistance;
  const a = f.arrivalRateRatio;
  return {
    cycleTime:
      c <= 0.1
        ? `Close: simulated case durations are off by about ${pct(c)} of the real mean duration.`
        : `Simulated case durations differ from the real ones by about ${pct(c)} of the real mean duration${c > 0.3 ? ': the shape of the durations is not reproduced' : ''}.`,
    variants:
      v <= 0.05
        ? `Close: the simulated cases follow the log's paths in nearly the same shares.`
        : `${pct(v)} of the cases would have to change path to match the log's mix of variants${v > 0.3 ? ': the model makes paths the log rarely or never shows' : ''}.`,
    arrivals:
      a === null
        ? 'No rate to compare: the cases of the log or of the model span no time.'
        : `Cases arrive ${Math.abs(a - 1) <= 0.05 ? 'at about the log’s rate' : a > 1 ? `${pct(a - 1)} faster than in the log` : `${pct(1 - a)} slower than in the log`} (simulated / real = ${fmt(a)}).`,
  };
}

/** Pure: an edge's frequency ratio in words. */
export function edgeReading(ratio: number): string {
  if (Math.abs(ratio - 1) <= 0.05) return 'as often as in the log';
  return ratio > 1
    ? `${Math.round((ratio - 1) * 100)} % more often than in the log`
    : `${Math.round((1 - ratio) * 100)} % less often than in the log`;
}
