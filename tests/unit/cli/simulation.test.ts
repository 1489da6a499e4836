/**
 * The simulation commands as a user runs them (issue 43): `discover --simulation`, `fidelity` and
 * `experiment` on a log of a known process (src/bench/knownProcess.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { knownProcessEvents } from '../../../src/bench/knownProcess';
import { cli, tempFiles } from './helpers';

const events = knownProcessEvents({ cases: 400, meanGapMs: 60_000, seed: 3 });
const dir = tempFiles({
  'log.ndjson': events.map((e) => JSON.stringify(e)).join('\n') + '\n',
  'untimed.ndjson': '{"correlationId":"a","event":"x"}\n',
});
const at = (name: string) => join(dir, name);

interface Summary {
  mean: number;
  sd: number;
  ci95: [number, number];
  significant?: boolean;
}

// The models every test reads (the first tests check these very commands).
beforeAll(() => {
  cli('discover', at('log.ndjson'), '--simulation', at('model.json'));
  cli(
    'discover',
    at('log.ndjson'),
    '--simulation',
    at('horizon.json'),
    '--arrivals',
    'exponential',
    '--stop',
    'horizon',
  );
});

describe('discover --simulation', () => {
  it('writes a model that loads, and says nothing else changed', () => {
    const r = cli('discover', at('log.ndjson'), '--simulation', at('model.json'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ cases: 400, events: 1200, activities: 4 });
    expect(cli('validate', at('model.json')).code).toBe(0);
    const model = JSON.parse(readFileSync(at('model.json'), 'utf8'));
    expect(model.scenario.nodes[0].arrivals.distribution).toBe('empirical');
    expect(model.scenario.nodes[0].count).toBe(400);
  });

  it('fits an exponential and stops at the horizon on request', () => {
    const r = cli(
      'discover',
      at('log.ndjson'),
      '--simulation',
      at('horizon.json'),
      '--arrivals',
      'exponential',
      '--stop',
      'horizon',
    );
    expect(r.code).toBe(0);
    const source = JSON.parse(readFileSync(at('horizon.json'), 'utf8')).scenario.nodes[0];
    expect(source.arrivals.distribution).toBe('exponential');
    expect(Math.abs(source.arrivals.meanMs - 60_000) / 60_000).toBeLessThan(0.1);
    expect(source.horizonMs).toBeGreaterThan(0);
  });

  it('refuses a log without times and a misspelt choice, writing nothing', () => {
    const r = cli('discover', at('untimed.ndjson'), '--simulation', at('none.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('a simulation model needs every event');
    const bad = cli('discover', at('log.ndjson'), '--simulation', at('none.json'), '--arrivals', 'poisson');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--arrivals must be "empirical" or "exponential", got "poisson"');
    expect(cli('discover', at('log.ndjson'), '--stop', 'cases').stderr).toContain('give --simulation model.json');
  });
});

describe('fidelity', () => {
  it('prints the four measures of the model against its own log', () => {
    const r = cli('fidelity', at('model.json'), '--events', at('log.ndjson'), '--replications', '5');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const f = JSON.parse(r.stdout);
    expect(Object.keys(f).slice(0, 4)).toEqual([
      'cycleTimeDistance',
      'variantDistance',
      'edgeFrequencyRatio',
      'arrivalRateRatio',
    ]);
    expect(f.cycleTimeDistance).toBeLessThanOrEqual(0.1);
    expect(f.variantDistance).toBeLessThanOrEqual(0.05);
    expect(Object.keys(f.edgeFrequencyRatio).sort()).toEqual([
      'fastTrack->close',
      'register->fastTrack',
      'register->review',
      'review->close',
    ]);
    expect(f.cases).toEqual({ real: 400, simulated: 2000 });
  });

  it('needs --events, and a model with per-case machines', () => {
    expect(cli('fidelity', at('model.json')).stderr).toContain('--events <real.ndjson> is required');
    const plain = tempFiles({
      'plain.json': JSON.stringify({
        version: '3.0',
        nodes: [
          { nodeId: 'src', type: 'DataSource', outputs: [{ destinationNodeId: 'sink' }] },
          { nodeId: 'sink', type: 'Sink' },
        ],
      }),
    });
    const r = cli('fidelity', join(plain, 'plain.json'), '--events', at('log.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the model generated no case');
  });
});

describe('experiment', () => {
  it('--json prints {replications, seeds, metrics} with mean, sd and a 95 % interval per metric', () => {
    const r = cli('experiment', at('model.json'), '--replications', '4', '--seed', '10', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { replications: number; seeds: number[]; metrics: Record<string, Summary> };
    expect(out.replications).toBe(4);
    expect(out.seeds).toEqual([10, 11, 12, 13]);
    expect(Object.keys(out.metrics)).toEqual(
      expect.arrayContaining([
        'sinks.completed.count',
        'sinks.completed.sum',
        'fsm.process.states.review',
        'fsm.process.transitions.register->review',
        'cases.count',
        'cases.cycleTimeMs',
        'run.steps',
      ]),
    );
    const cycle = out.metrics['cases.cycleTimeMs']!;
    expect(cycle.ci95[0]).toBeLessThan(cycle.mean);
    expect(cycle.ci95[1]).toBeGreaterThan(cycle.mean);
  });

  it('--vary of the arrival mean: more cases within the horizon, the interval of the difference above 0', () => {
    const r = cli(
      'experiment',
      at('horizon.json'),
      '--replications',
      '10',
      '--vary',
      'arrivals.arrivals.meanMs=60000,30000',
      '--json',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      variants: { label: string; metrics: Record<string, Summary>; difference?: Record<string, Summary> }[];
    };
    expect(out.variants.map((v) => v.label)).toEqual([
      'arrivals.arrivals.meanMs=60000',
      'arrivals.arrivals.meanMs=30000',
    ]);
    const d = out.variants[1]!.difference!['cases.count']!;
    expect(d.mean).toBeGreaterThan(0);
    expect(d.ci95[0]).toBeGreaterThan(0);
    expect(d.significant).toBe(true);
    // About twice the cases.
    const ratio = out.variants[1]!.metrics['cases.count']!.mean / out.variants[0]!.metrics['cases.count']!.mean;
    expect(ratio).toBeGreaterThan(1.7);
    expect(ratio).toBeLessThan(2.3);
  });

  it('--vary of a field that changes nothing: a difference whose interval holds 0', () => {
    const r = cli(
      'experiment',
      at('model.json'),
      '--replications',
      '5',
      '--vary',
      'completed.displayName="a","b"',
      '--json',
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const d of Object.values(out.variants[1].difference as Record<string, Summary>)) {
      expect(d.ci95[0]).toBeLessThanOrEqual(0);
      expect(d.ci95[1]).toBeGreaterThanOrEqual(0);
      expect(d.significant).toBe(false);
    }
  });

  it('--vs another template and --set by JSON pointer, with the table marking significant differences', () => {
    const set = cli(
      'experiment',
      at('horizon.json'),
      '--replications',
      '5',
      '--set',
      '/scenario/nodes/0/arrivals/scale=0.5',
      '--vs',
      at('horizon.json'),
    );
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('5 replications, seeds 1–5');
    expect(set.stdout).toContain(`variant 2: ${at('horizon.json')}`);
    // Halving every gap with --set in the first: the second has fewer cases, marked.
    expect(set.stdout).toMatch(/variant 2 − variant 1[^\n]*\n[^]*\ncases\.count +-\d+[^\n]*\*\n/);
  });

  it('says what is wrong: a path naming nothing, too few replications, --vary with --vs, one value to vary', () => {
    const cases: [string[], string][] = [
      [['--set', 'arival.count=3'], 'no node "arival" (did you mean "arrivals"?)'],
      [['--set', '/scenario/nodes/7/count=3'], '/scenario/nodes/7 does not exist'],
      [['--vary', 'arrivals.count=3'], 'give at least two values'],
      [['--vary', 'arrivals.count=3,4', '--vs', at('model.json')], 'give --vary or --vs, not both'],
      [['--set', 'arrivals.count'], 'write PATH=VALUE'],
      [['--horizon', '2 weeks'], '--horizon must be a number of steps or a duration'],
      [
        ['--set', 'arrivals.count=-4'],
        'model.json with --set: error: /scenario/nodes/0/count: "count" must be at least 0; got -4',
      ],
    ];
    for (const [extra, message] of cases) {
      const r = cli('experiment', at('model.json'), '--replications', '3', ...extra);
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.stderr, extra.join(' ')).toContain(message);
    }
    const one = cli('experiment', at('model.json'), '--replications', '1');
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('--replications must be a whole number from 2');
  });

  it('warns when a bound closed replications before their end', () => {
    const r = cli(
      'experiment',
      at('model.json'),
      '--replications',
      '2',
      '--set',
      'completed.displayName="x"',
      '--set',
      '/scenario/maxSteps=50',
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: 2 of 2 replications ended truncated (maxSteps: docs/limits.md)');
  });

  it('--horizon stops each replication at that simulated time', () => {
    const r = cli('experiment', at('model.json'), '--replications', '3', '--horizon', '2h', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const model = JSON.parse(readFileSync(at('model.json'), 'utf8'));
    expect(out.metrics['run.steps'].mean).toBe((2 * 3_600_000) / model.scenario.tickMs);
    expect(out.metrics['cases.count'].mean).toBeLessThan(400);
  });
});
