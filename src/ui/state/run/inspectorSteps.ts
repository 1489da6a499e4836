/** Which steps the Inspector's Sink chart samples. Pure. */

/** Pure. At most `points` steps spread over 0..`live`, always including both ends. */
export function sampleSteps(live: number, points: number): number[] {
  if (live <= 0) return [0];
  const n = Math.min(live + 1, Math.max(2, points));
  const steps: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = Math.round((i * live) / (n - 1));
    if (steps[steps.length - 1] !== s) steps.push(s);
  }
  return steps;
}
