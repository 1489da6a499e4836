/**
 * Issue 43, item 4, the promise of `experiment --shard I/N` + `experiment-merge`: for N = 1…5
 * shards, the merged summary is the single command's, byte for byte — the table and `--json`, with
 * the truncation warnings — on generated experiments: models calibrated from generated logs of a
 * known process (src/bench/knownProcess.ts), a few replications from a generated seed, with or
 * without `--vary`, `--horizon` and a `--set` of `maxSteps` that truncates replications. The
 * commands run in-process on the code the command line runs, their files kept in memory.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../../src/cli/command';
import { experimentCommand } from '../../../src/cli/commands/experiment';
import { experimentMergeCommand } from '../../../src/cli/commands/experimentMerge';
import { knownProcessEvents } from '../../../src/bench/knownProcess';
import { readCaseLog } from '../../../src/engine/discovery';
import { simulationModel } from '../../../src/engine/simulation';

/** A folder that does not exist: the output path checks find nothing there, and nothing is written to disk. */
const DIR = join(tmpdir(), 'flowledger-experiment-shards-in-memory');
const at = (name: string) => join(DIR, name);

function memory(files: Map<string, string>) {
  let out = '';
  let err = '';
  const io: CliIO = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readFile: async (p) => {
      const t = files.get(p);
      if (t === undefined) throw new Error(`no file ${p}`);
      return t;
    },
    readLineBatches: async function* (p) {
      const t = files.get(p);
      if (t === undefined) throw new Error(`no file ${p}`);
      yield t.split('\n');
    },
    writeFile: async (p, c) => void files.set(p, typeof c === 'string' ? c : [...c].join('')),
  };
  return { io, out: () => out, err: () => err };
}

interface Case {
  cases: number;
  meanGapMs: number;
  branch: number;
  logSeed: number;
  arrivals: 'empirical' | 'exponential';
  stop: 'cases' | 'horizon';
  replications: number;
  seed: number;
  vary: string[] | null;
  horizon: number | null;
  maxSteps: number | null;
  json: boolean;
}

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  cases: fc.integer({ min: 2, max: 12 }),
  meanGapMs: fc.integer({ min: 1_000, max: 120_000 }),
  branch: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
  logSeed: fc.integer({ min: 1, max: 1_000 }),
  arrivals: fc.constantFrom('empirical' as const, 'exponential' as const),
  stop: fc.constantFrom('cases' as const, 'horizon' as const),
  replications: fc.integer({ min: 2, max: 5 }),
  seed: fc.integer({ min: -50, max: 10_000 }),
  vary: fc.option(fc.array(fc.constantFrom('0.5', '1', '2', '0.25'), { minLength: 2, maxLength: 3 }), {
    nil: null,
  }),
  horizon: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
  maxSteps: fc.option(fc.integer({ min: 5, max: 300 }), { nil: null }),
  json: fc.boolean(),
});

function modelOf(c: Case): string {
  const read = readCaseLog(
    knownProcessEvents({ cases: c.cases, meanGapMs: c.meanGapMs, branch: c.branch, seed: c.logSeed }),
  );
  if (!read.ok) throw new Error(read.problem.message);
  const m = simulationModel(read.log, { arrivals: c.arrivals, stop: c.stop });
  if (!m.ok) throw new Error(m.message);
  return JSON.stringify(m.template);
}

function argsOf(c: Case): string[] {
  return [
    at('model.json'),
    '--replications',
    String(c.replications),
    '--seed',
    String(c.seed),
    ...(c.vary ? ['--vary', `arrivals.arrivals.scale=${c.vary.join(',')}`] : []),
    ...(c.horizon !== null ? ['--horizon', String(c.horizon)] : []),
    ...(c.maxSteps !== null ? ['--set', `/scenario/maxSteps=${c.maxSteps}`] : []),
  ];
}

/** The lines of stderr that are the experiment's warnings (the template's own load warnings are the run's, not the merge's). */
const truncationWarnings = (text: string) => text.split('\n').filter((l) => l.includes('replications ended truncated'));

describe('experiment --shard I/N + experiment-merge', () => {
  it('gives the single command’s summary byte for byte for N = 1…5 shards', async () => {
    // What the generated cases covered: variants compared, replications truncated.
    const seen = { variants: 0, truncated: 0 };
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (c) => {
        const files = new Map([[at('model.json'), modelOf(c)]]);
        const single = memory(files);
        const args = argsOf(c);
        expect(await experimentCommand.run([...args, ...(c.json ? ['--json'] : [])], single.io)).toBe(0);
        if (c.vary) seen.variants++;
        if (truncationWarnings(single.err()).length > 0) seen.truncated++;
        for (let n = 1; n <= 5; n++) {
          const names: string[] = [];
          for (let i = 0; i < n; i++) {
            const shard = memory(files);
            const name = at(`n${n}-r${i}.ndjson`);
            names.push(name);
            expect(await experimentCommand.run([...args, '--shard', `${i}/${n}`, '--out', name], shard.io)).toBe(0);
          }
          // The files in any order: the merge orders by shard.
          const merged = memory(files);
          const given = c.seed % 2 === 0 ? names : [...names].reverse();
          expect(await experimentMergeCommand.run([...given, ...(c.json ? ['--json'] : [])], merged.io)).toBe(0);
          expect(merged.out()).toBe(single.out());
          expect(truncationWarnings(merged.err())).toEqual(truncationWarnings(single.err()));
        }
      }),
      { numRuns: 40 },
    );
    expect(seen.variants).toBeGreaterThan(0);
    expect(seen.truncated).toBeGreaterThan(0);
  }, 120_000);
});
