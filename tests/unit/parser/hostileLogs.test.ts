// Property tests over hostile logs (issue 21): JSON nested thousands deep, enormous lines, runs of
// dotted text, lines whose words never repeat and floods of continuation lines, with random bounds.
// The parser never throws, its counts add up, no event passes its bounds, and each case ends within
// CASE_MS (the worst of them, at CHAOS_MAX, is the benchmark's chaos row: src/bench/chaosLog.ts).
import { performance } from 'node:perf_hooks';
import { cpuClock } from '../timeBudget';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CHAOS_MAX,
  cardinalLog,
  continuationLog,
  deepJsonLog,
  dottedLog,
  longRequestLog,
  type ChaosLog,
} from '../../../src/bench/chaosLog';
import { LIMIT_DEFAULTS, parseLog, type ParseLimits } from '../../../src/parser';

/** A hang guard, far above what any case takes (tens of milliseconds, seconds on a loaded machine; the quadratic paths took minutes to hours): the speed itself is bench row CL (the chaos logs). */
const CASE_MS = 30_000;

const limits: fc.Arbitrary<ParseLimits | undefined> = fc.option(
  fc.record(
    {
      lineLength: fc.integer({ min: 1, max: 2_000_000 }),
      continuationLines: fc.integer({ min: 0, max: 2_000 }),
      eventLength: fc.integer({ min: 1, max: 2_000_000 }),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

function check(log: ChaosLog, bounds: ParseLimits | undefined): void {
  const config = bounds === undefined ? log.config : { ...log.config, limits: bounds };
  const { lineLength, continuationLines, eventLength } = { ...LIMIT_DEFAULTS, ...bounds };
  const start = cpuClock();
  const r = parseLog(log.text, config);
  const ms = cpuClock() - start;
  if (!r.ok) throw new Error(r.error.message);
  const s = r.stats;
  expect(s.lines).toBe(s.parsed + s.unparsed + s.continued + s.blank);
  expect(s.droppedContinuations).toBeLessThanOrEqual(s.continued);
  expect(s.truncatedEvents).toBeLessThanOrEqual(s.parsed);
  expect(s.truncatedLines).toBeLessThanOrEqual(s.lines);
  for (const e of r.events) {
    expect(e.content.length).toBeLessThanOrEqual(Math.max(lineLength, eventLength));
    if (log.family === 'continuationLines')
      expect(e.content.split('\n').length - 1).toBeLessThanOrEqual(continuationLines);
  }
  for (const u of r.unparsed.lines) expect(u.text.length).toBeLessThanOrEqual(2_001);
  expect(ms).toBeLessThan(CASE_MS);
}

describe('parseLog on hostile logs', () => {
  it('JSON nested up to 20,000 deep: unparsed with a reason past 256 levels, never a throw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: CHAOS_MAX.jsonDepth }), limits, (depth, bounds) => {
        const log = deepJsonLog(depth);
        check(log, bounds);
        const r = parseLog(log.text, log.config);
        if (r.ok && depth > 256) expect(r.unparsed.lines[0]!.reason).toMatch(/nested more than 256/);
      }),
      { numRuns: 12 },
    );
  });

  it('a quoted request line up to 1.5 million characters, on apache-access and nginx', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: CHAOS_MAX.requestLength }),
        fc.constantFrom('apache-access' as const, 'nginx' as const),
        limits,
        (length, preset, bounds) => check(longRequestLog(length, preset), bounds),
      ),
      { numRuns: 6 },
    );
  });

  it('runs of dotted text with :// and @ (the URL and EMAIL masks), up to 60,000 labels', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: CHAOS_MAX.dottedUnits }), fc.nat(), limits, (units, seed, bounds) =>
        check(dottedLog(units, seed), bounds),
      ),
      { numRuns: 6 },
    );
  });

  it('up to 20,000 lines whose two words never repeat', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: CHAOS_MAX.cardinalLines }), fc.nat(), (lines, seed) =>
        check(cardinalLog(lines, seed), undefined),
      ),
      { numRuns: 3 },
    );
  });

  it('floods of up to 50,000 continuation lines: joined up to the bounds, the rest counted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: CHAOS_MAX.continuationLines }), limits, (lines, bounds) => {
        check(continuationLog(lines), bounds);
      }),
      { numRuns: 8 },
    );
  });
});
