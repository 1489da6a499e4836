/**
 * One of the client's two modules that may import a core (the other: parserCore.ts; the rule
 * `client-cores-through-the-pair` in .dependency-cruiser.cjs): what the page runs of the engine in
 * its own thread, rather than asking a worker. Each part is pure and fast; the UI reaches them here,
 * never in the engine directly.
 *
 * A breakpoint's condition, compiled with the engine's expression language as the person types it
 * (`parseExpression`).
 *
 * The summary of an experiment's replications gathered batch by batch (docs/simulation.md, "On the
 * screen"): per variant each metric's mean, sd and 95 % interval, and the paired differences to the
 * first variant — what the engine's `compareVariants` answers, with the engine's own statistics
 * (`summarise`, src/engine/simulation/stats.ts, imported alone so the page does not load the engine).
 * Pure; here because the UI reaches the engine's pure parts only through the client.
 */
import { summarise, type Summary } from '../engine/simulation/stats';

export { parseExpression, type CompiledExpr } from '../engine/expr';

export type { Summary };
export interface Difference extends Summary {
  significant: boolean;
}
export interface VariantRuns {
  label: string;
  runs: readonly { seed: number; figures: Record<string, number> }[];
}
export interface VariantSummary {
  label: string;
  metrics: Record<string, Summary>;
  difference?: Record<string, Difference>;
}

function metricNames(runs: readonly { figures: Record<string, number> }[]): string[] {
  const names = new Set<string>();
  for (const r of runs) for (const k of Object.keys(r.figures)) names.add(k);
  return [...names];
}

/** Pure: per variant, each metric's summary and (after the first) the paired differences to the first — as the engine's `compareVariants`. */
export function summariseExperiment(variants: readonly VariantRuns[]): VariantSummary[] {
  const base = variants[0];
  return variants.map((v, i) => {
    const metrics: Record<string, Summary> = {};
    for (const name of metricNames(v.runs)) metrics[name] = summarise(v.runs.map((r) => r.figures[name] ?? 0));
    const out: VariantSummary = { label: v.label, metrics };
    if (i === 0 || base === undefined) return out;
    const difference: Record<string, Difference> = {};
    for (const name of metricNames([...base.runs, ...v.runs])) {
      const s = summarise(v.runs.map((r, k) => (r.figures[name] ?? 0) - (base.runs[k]?.figures[name] ?? 0)));
      difference[name] = { ...s, significant: s.ci95[0] > 0 || s.ci95[1] < 0 };
    }
    out.difference = difference;
    return out;
  });
}
