/**
 * `experiment --workers K`, `--shard I/N` / `--shards N` and `experiment-merge` as a user runs them
 * (the bundle: threads need it), on a model calibrated from a log of a known process
 * (src/bench/knownProcess.ts): the same output byte for byte, and every malformed set of
 * replication files refused naming the file and the line (issue 43, item 4).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { knownProcessEvents } from '../../../src/bench/knownProcess';
import { experimentCommand } from '../../../src/cli/commands/experiment';
import { cli, ROOT, tempFiles, type CliRun } from './helpers';

const events = knownProcessEvents({ cases: 60, meanGapMs: 60_000, seed: 5 });
const dir = tempFiles({ 'log.ndjson': events.map((e) => JSON.stringify(e)).join('\n') + '\n' });
const at = (name: string) => join(dir, name);
const EXPERIMENT = ['--replications', '7', '--seed', '3', '--vary', 'arrivals.arrivals.scale=1,0.5'];

const ok = (r: CliRun): CliRun => {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r;
};

/** The command line with `env` added to the environment. */
function cliEnv(env: Record<string, string>, ...args: string[]): CliRun {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/flowledger.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, JOB_COMPLETION_INDEX: '', SLURM_ARRAY_TASK_ID: '', ...env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

let table = '';
let json = '';

beforeAll(() => {
  ok(cli('discover', at('log.ndjson'), '--simulation', at('model.json')));
  table = ok(cli('experiment', at('model.json'), ...EXPERIMENT)).stdout;
  json = ok(cli('experiment', at('model.json'), ...EXPERIMENT, '--json')).stdout;
  // Three shards, each file written once, for the refusals below.
  for (const i of [0, 1, 2])
    ok(cli('experiment', at('model.json'), ...EXPERIMENT, '--shard', `${i}/3`, '--out', at(`r-${i}.ndjson`)));
}, 120_000);

describe('experiment --workers K', () => {
  it.each([1, 2, 3])('on %i thread(s) prints the single command’s table and --json byte for byte', (k) => {
    expect(ok(cli('experiment', at('model.json'), ...EXPERIMENT, '--workers', String(k))).stdout).toBe(table);
    expect(ok(cli('experiment', at('model.json'), ...EXPERIMENT, '--workers', String(k), '--json')).stdout).toBe(json);
  });

  it('refuses a number of threads outside 1 to 64, naming the range', () => {
    for (const k of ['0', '65', 'two']) {
      const r = cli('experiment', at('model.json'), ...EXPERIMENT, '--workers', k);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `flowledger experiment: --workers must be a number of threads from 1 to 64, got "${k}"\nusage: flowledger ${experimentCommand.usage}\n`,
      );
    }
  });
});

describe('experiment --shard I/N and experiment-merge', () => {
  it('merges the shards’ files into the single command’s table and --json, byte for byte', () => {
    const files = [0, 1, 2].map((i) => at(`r-${i}.ndjson`));
    expect(ok(cli('experiment-merge', ...files)).stdout).toBe(table);
    expect(ok(cli('experiment-merge', ...[...files].reverse(), '--json')).stdout).toBe(json);
  });

  it('takes the index from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID with --shards N, and runs a shard on threads', () => {
    ok(
      cliEnv(
        { JOB_COMPLETION_INDEX: '0' },
        'experiment',
        at('model.json'),
        ...EXPERIMENT,
        '--shards',
        '2',
        '--out',
        at('k-0.ndjson'),
      ),
    );
    ok(
      cliEnv(
        { SLURM_ARRAY_TASK_ID: '1' },
        'experiment',
        at('model.json'),
        ...EXPERIMENT,
        '--shards',
        '2',
        '--workers',
        '2',
        '--out',
        at('k-1.ndjson'),
      ),
    );
    expect(readFileSync(at('k-1.ndjson'), 'utf8').split('\n')[0]).toContain('"shard":1,"shards":2');
    expect(ok(cli('experiment-merge', at('k-0.ndjson'), at('k-1.ndjson'))).stdout).toBe(table);
    // Without --out, shard I writes replications-I.ndjson where it runs.
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'bin/flowledger.mjs'), 'experiment', at('model.json'), ...EXPERIMENT, '--shard', '1/2'],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    expect(readFileSync(at('replications-1.ndjson'), 'utf8')).toBe(readFileSync(at('k-1.ndjson'), 'utf8'));
  });

  it('more shards than replications: the empty shards still write their files, and the merge adds up', () => {
    const two = ['--replications', '2', '--json'];
    const single = ok(cli('experiment', at('model.json'), ...two)).stdout;
    const files = Array.from({ length: 4 }, (_, i) => at(`many-${i}.ndjson`));
    files.forEach((f, i) =>
      ok(cli('experiment', at('model.json'), '--replications', '2', '--shard', `${i}/4`, '--out', f)),
    );
    expect(readFileSync(files[0]!, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(ok(cli('experiment-merge', ...files, '--json')).stdout).toBe(single);
  }, 60_000);

  /** A copy of shard `i`'s file with its lines changed by `edit`. */
  function tampered(name: string, i: number, edit: (lines: string[]) => string[]): string {
    const lines = readFileSync(at(`r-${i}.ndjson`), 'utf8').split('\n');
    writeFileSync(at(name), edit(lines).join('\n'));
    return at(name);
  }

  const refused = (files: string[], message: string) => {
    const r = cli('experiment-merge', ...files);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`flowledger experiment-merge: ${message}\n`);
    expect(r.code).toBe(2);
  };

  it('refuses a file cut short, a repeated or missing line, naming the file and the line', () => {
    const cut = tampered('cut.ndjson', 1, (l) => l.slice(0, 3));
    refused(
      [at('r-0.ndjson'), cut, at('r-2.ndjson')],
      `${cut}:3: the file ends without its trailer (2 of the shard's 5 replications read): it was cut short`,
    );
    const repeated = tampered('repeated.ndjson', 1, (l) => [...l.slice(0, 3), l[2]!, ...l.slice(3)]);
    refused(
      [at('r-0.ndjson'), repeated, at('r-2.ndjson')],
      `${repeated}:4: replication 5 again (replication 6 comes next): a line is repeated or out of place`,
    );
    const missing = tampered('missing.ndjson', 1, (l) => [...l.slice(0, 2), ...l.slice(3)]);
    refused(
      [at('r-0.ndjson'), missing, at('r-2.ndjson')],
      `${missing}:3: replication 6 where replication 5 comes next: a line is missing or out of place`,
    );
    const after = tampered('after.ndjson', 1, (l) => [...l.slice(0, -1), l[1]!, '']);
    refused([at('r-0.ndjson'), after, at('r-2.ndjson')], `${after}:8: a line after the trailer (line 7)`);
    const notJson = tampered('notjson.ndjson', 1, (l) => [l[0]!, '{"r":4,', ...l.slice(2)]);
    refused([at('r-0.ndjson'), notJson, at('r-2.ndjson')], `${notJson}:2: not JSON: {"r":4,`);
  });

  it('refuses files of different experiments, a shard given twice or missing, and a file that is no replication file', () => {
    ok(
      cli(
        'experiment',
        at('model.json'),
        ...EXPERIMENT.map((a) => (a === '3' ? '4' : a)),
        '--shard',
        '1/3',
        '--out',
        at('other.ndjson'),
      ),
    );
    refused(
      [at('r-0.ndjson'), at('other.ndjson'), at('r-2.ndjson')],
      `${at('other.ndjson')}:1: its "seed" is 4, ${at('r-0.ndjson')}'s 3: the files come from different experiments`,
    );
    refused(
      [at('r-0.ndjson'), at('r-1.ndjson'), at('r-1.ndjson')],
      `${at('r-1.ndjson')}:1: shard 1/3 again (${at('r-1.ndjson')} is it)`,
    );
    refused(
      [at('r-0.ndjson'), at('r-2.ndjson')],
      `${at('r-0.ndjson')}: shard 1/3 missing: every shard's file is needed`,
    );
    refused(
      [at('log.ndjson')],
      `${at('log.ndjson')}:1: the first line is not a replication file header ("flowledgerReplications": 1): was it written by experiment --shard?`,
    );
  });

  it('never writes over an input, and refuses --out without a shard or --json with one', () => {
    const before = readFileSync(at('model.json'), 'utf8');
    let r = cli('experiment', at('model.json'), ...EXPERIMENT, '--shard', '0/2', '--out', at('model.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--out ${at('model.json')} is the same file as the template`);
    expect(readFileSync(at('model.json'), 'utf8')).toBe(before);
    r = cli('experiment', at('model.json'), ...EXPERIMENT, '--out', at('x.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--out writes the replication file of a shard');
    r = cli('experiment', at('model.json'), ...EXPERIMENT, '--shard', '0/2', '--out', at('x.ndjson'), '--json');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('give --json to experiment-merge');
    expect(existsSync(at('x.ndjson'))).toBe(false);
    r = cliEnv({}, 'experiment', at('model.json'), ...EXPERIMENT, '--shards', '2');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no shard index in the environment (JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID unset)');
  });
});
