/**
 * Every property test (fast-check) in the unit suites runs from one fixed seed, so `npm test` is the
 * same run every time: a property that fails, fails on every run, and a pass is not luck of the draw.
 * `FC_SEED=<n>` runs them from another seed and `FC_SEED=random` from a fresh one each time, to
 * explore; fast-check then prints the seed and path of any counterexample, which becomes a
 * regression test of its own. A `seed` given to one `fc.assert` still wins for that property.
 * Set up for every unit test file by vitest.config.ts and vitest.mutate.config.ts (`setupFiles`).
 */
import fc from 'fast-check';

/** The seed of `npm test`'s property runs (a date; any fixed number would do). */
export const PROPERTY_SEED = 20261126;

const chosen = process.env['FC_SEED'];
if (chosen !== undefined && chosen !== 'random' && !Number.isInteger(Number(chosen)))
  throw new Error(`FC_SEED must be an integer or "random", not "${chosen}"`);
fc.configureGlobal({
  ...fc.readConfigureGlobal(),
  ...(chosen === 'random' ? {} : { seed: chosen === undefined ? PROPERTY_SEED : Number(chosen) }),
});
