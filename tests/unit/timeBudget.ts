// The wall-clock bounds of the linear-time regression tests (a quadratic path took minutes where
// the bound allows seconds). Under mutation testing (vitest.mutate.config.ts sets
// FLOWLEDGER_MUTATION) Stryker's instrumented copies run up to twenty times slower (perTest coverage counts every statement), so a bound is
// widened there; the gap between linear and quadratic stays orders of magnitude wider.

/** Pure apart from reading the environment: the bound in ms for this run. */
export function timeBudget(ms: number): number {
  return process.env['FLOWLEDGER_MUTATION'] === '1' ? ms * 20 : ms;
}
