/**
 * Statistics of replications (issue 43; docs/simulation.md): the mean, the sample standard
 * deviation (n − 1 in the denominator) and the 95 % confidence interval of the mean by Student's t,
 * `mean ± t(0.975, n − 1) · sd / √n`. The t quantile is computed, not looked up: the distribution
 * function of Student's t through the regularised incomplete beta function (a continued fraction,
 * Lentz's method), inverted by bisection to 1e-12 — exact to the digits any table prints.
 */

/** Pure: whether every value of `xs` is the first (a metric that did not vary). */
function constant(xs: readonly number[]): boolean {
  return xs.every((x) => x === xs[0]);
}

/** Pure: the arithmetic mean of `xs` (NaN for none); exactly the value when all are equal (no rounding noise). */
export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  if (constant(xs)) return xs[0]!;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Pure: the sample standard deviation of `xs` (n − 1; 0 for one value, NaN for none). */
export function sampleSd(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  if (xs.length === 1 || constant(xs)) return 0;
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) * (x - m);
  return Math.sqrt(s / (xs.length - 1));
}

/** Pure: ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; 15 significant digits). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Pure: the continued fraction of the incomplete beta function (Lentz's method). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Pure: the regularised incomplete beta function I_x(a, b), 0 ≤ x ≤ 1. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(a, b, x)) / a;
  return 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** Pure: P(T ≤ t) for Student's t with `df` > 0 degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** Pure: the p-quantile (0 < p < 1) of Student's t with `df` > 0 degrees of freedom. */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) return NaN;
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, df) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, hi); i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** What a metric's replications give. */
export interface Summary {
  mean: number;
  sd: number;
  /** The 95 % confidence interval of the mean; `[mean, mean]` for one replication (no spread to go on). */
  ci95: [number, number];
}

/** Pure: mean, sample sd and the Student-t 95 % interval of the mean of `xs` (not empty). */
export function summarise(xs: readonly number[]): Summary {
  const m = mean(xs);
  const sd = sampleSd(xs);
  if (xs.length < 2) return { mean: m, sd, ci95: [m, m] };
  const half = (studentTQuantile(0.975, xs.length - 1) * sd) / Math.sqrt(xs.length);
  return { mean: m, sd, ci95: [m - half, m + half] };
}
