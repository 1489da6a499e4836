// The wall-clock bounds of the linear-time regression tests (a quadratic path took minutes where
// the bound allows seconds). Under mutation testing (vitest.mutate.config.ts sets
// FLOWLEDGER_MUTATION) Stryker's instrumented copies run up to twenty times slower (perTest coverage counts every statement), so a bound is
// widened there; the gap between linear and quadratic stays orders of magnitude wider.

/** Pure apart from reading the environment: the bound in ms for this run. */
export function timeBudget(ms: number): number {
  return process.env['FLOWLEDGER_MUTATION'] === '1' ? ms * 20 : ms;
}

/**
 * Not pure: this process's CPU time so far, in ms (user + system). The linear-time tests measure
 * with it, not with the wall clock: on a machine busy with other work the wall clock counts the
 * time the test waited for a core, and a bound of seconds failed with nothing wrong (1.19 s
 * measured for a 1 s bound at a load average of 14). Vitest runs each test file in a process of
 * its own (the `forks` pool), so the figure is this file's work and the collector's.
 */
export function cpuClock(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
