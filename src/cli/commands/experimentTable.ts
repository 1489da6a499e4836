/**
 * The `experiment` command's table (without `--json`): per metric the mean, sd and 95 % interval;
 * with variants, a block per variant and, after the first, the paired difference to it, `*` where
 * its interval excludes 0. Numbers show six significant digits.
 */
import type { ExperimentSummary, Summary, VariantSummary } from '../../engine/simulation';

/** Pure: `x` with six significant digits (integers as they are). */
export function num(x: number): string {
  if (Number.isInteger(x)) return String(x);
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toPrecision(6)));
}

function rows(metrics: Record<string, Summary & { significant?: boolean }>, marks: boolean): string {
  const names = Object.keys(metrics);
  const width = Math.max(6, ...names.map((n) => n.length));
  const head = `${'metric'.padEnd(width)}  ${'mean'.padStart(12)}  ${'sd'.padStart(12)}  95 % CI`;
  const lines = [head];
  for (const n of names) {
    const m = metrics[n]!;
    const ci = `[${num(m.ci95[0])}, ${num(m.ci95[1])}]`;
    const mark = marks && m.significant === true ? '  *' : '';
    lines.push(`${n.padEnd(width)}  ${num(m.mean).padStart(12)}  ${num(m.sd).padStart(12)}  ${ci}${mark}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Pure: the table for `first` (the first variant, or the only template) and the variants. */
export function experimentTable(first: ExperimentSummary, variants: VariantSummary[] | null): string {
  const seeds = first.seeds;
  let out = `${first.replications} replications, seeds ${seeds[0]}–${seeds[seeds.length - 1]}\n`;
  if (variants === null) return `${out}\n${rows(first.metrics, false)}`;
  variants.forEach((v, i) => {
    out += `\nvariant ${i + 1}: ${v.label}\n${rows(v.metrics, false)}`;
  });
  for (const [i, v] of variants.entries()) {
    if (v.difference === undefined) continue;
    out += `\nvariant ${i + 1} − variant 1 (paired by seed; * = the 95 % interval excludes 0)\n${rows(v.difference, true)}`;
  }
  return out;
}
