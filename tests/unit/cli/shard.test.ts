import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, ROOT, tempFiles, type CliRun } from './helpers';

/**
 * Sharding the log-driven SSH example by correlation id (docs/scale.md), as a user or a scheduler
 * runs it: the bundled OpenSSH sample parsed whole or one shard at a time, three shard runs, and
 * the merge — whose ledger, hash and summary must be those of the single run, computed here by
 * `run` without shards. Shards of different inputs are refused with exit 2, naming file and field.
 */
describe('sharded runs of the log-driven SSH example', () => {
  const log = join(ROOT, 'public/parser/sources/openssh-2k.log');
  const config = join(ROOT, 'public/parser/configs/openssh-sessions.json');
  const template = join(ROOT, 'examples/ssh-log-sessions-sharded.json');
  const dir = tempFiles({});
  const at = (name: string) => join(dir, name);
  let single: { ledgerHash: string; ledgerEvents: number };
  let singleStdout: unknown;

  const ok = (r: CliRun): CliRun => {
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return r;
  };
  const shardRun = (i: number, events: string, ledger: string, ...more: string[]) =>
    ok(cli('run', template, '--events', events, '--shard', `${i}/3`, '--ledger', ledger, ...more));

  beforeAll(() => {
    ok(cli('parse', log, '--config', config, '--out', at('events.ndjson')));
    const r = ok(cli('run', template, '--events', at('events.ndjson'), '--ledger', at('single.ndjson')));
    singleStdout = JSON.parse(r.stdout);
    single = singleStdout as typeof single;
    for (let i = 0; i < 3; i++) shardRun(i, at('events.ndjson'), at(`shard-${i}.ndjson`));
  }, 120_000);

  it('parse --shard, run --shard for 3 shards, then merge: the single run’s ledger, hash and summary', () => {
    for (let i = 0; i < 3; i++) {
      ok(cli('parse', log, '--config', config, '--out', at(`events-${i}.ndjson`), '--shard', `${i}/3`));
      shardRun(i, at(`events-${i}.ndjson`), at(`parsed-shard-${i}.ndjson`));
    }
    // Each shard's events file holds only its own events: together, every event once.
    const kept = [0, 1, 2].map((i) =>
      readFileSync(at(`events-${i}.ndjson`), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((e) => e['correlationId'] !== undefined),
    );
    expect(kept.map((k) => k.length).reduce((a, b) => a + b)).toBe(2000);
    const ids = kept.map((k) => new Set(k.map((e) => e['correlationId'])));
    expect([...ids[0]!].some((id) => ids[1]!.has(id) || ids[2]!.has(id))).toBe(false);

    const merged = ok(
      cli(
        'merge',
        at('parsed-shard-0.ndjson'),
        at('parsed-shard-1.ndjson'),
        at('parsed-shard-2.ndjson'),
        '--out',
        at('merged.ndjson'),
      ),
    );
    expect(JSON.parse(merged.stdout)).toEqual(singleStdout);
    expect(readFileSync(at('merged.ndjson'), 'utf8')).toBe(readFileSync(at('single.ndjson'), 'utf8'));
  });

  it('merges shards of the whole events file, given in any order, to the single run’s hash', () => {
    const r = ok(cli('merge', at('shard-2.ndjson'), at('shard-0.ndjson'), at('shard-1.ndjson')));
    expect(JSON.parse(r.stdout)).toMatchObject({ ledgerHash: single.ledgerHash, ledgerEvents: single.ledgerEvents });
  });

  it('takes the shard index from a Kubernetes or Slurm environment', () => {
    const envRun = (env: Record<string, string>, ledger: string, ...more: string[]) => {
      const r = spawnSync(
        process.execPath,
        [
          join(ROOT, 'bin/flowledger.mjs'),
          'run',
          template,
          '--events',
          at('events.ndjson'),
          '--shards',
          '3',
          '--ledger',
          ledger,
          ...more,
        ],
        {
          cwd: ROOT,
          encoding: 'utf8',
          env: { ...process.env, JOB_COMPLETION_INDEX: '', SLURM_ARRAY_TASK_ID: '', ...env },
        },
      );
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      return JSON.parse(r.stdout) as { shard: string };
    };
    expect(envRun({ JOB_COMPLETION_INDEX: '0' }, at('env-0.ndjson')).shard).toBe('0/3');
    expect(envRun({ SLURM_ARRAY_TASK_ID: '1' }, at('env-1.ndjson')).shard).toBe('1/3');
    expect(envRun({ MY_INDEX: '2' }, at('env-2.ndjson'), '--shard-env', 'MY_INDEX').shard).toBe('2/3');
    const r = ok(cli('merge', at('env-0.ndjson'), at('env-1.ndjson'), at('env-2.ndjson')));
    expect(JSON.parse(r.stdout).ledgerHash).toBe(single.ledgerHash);
  });

  it('runs every shard on worker threads with --workers and prints the single run’s summary', () => {
    const r = ok(
      cli('run', template, '--events', at('events.ndjson'), '--workers', '2', '--ledger', at('workers.ndjson')),
    );
    expect(JSON.parse(r.stdout)).toEqual(singleStdout);
    expect(readFileSync(at('workers.ndjson'), 'utf8')).toBe(readFileSync(at('single.ndjson'), 'utf8'));
  });

  it('refuses shards of another seed, another events file, another split or another template, naming file, header line and field', () => {
    shardRun(0, at('events.ndjson'), at('seed-0.ndjson'), '--seed', '2');
    let r = cli('merge', at('seed-0.ndjson'), at('shard-1.ndjson'), at('shard-2.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${at('shard-1.ndjson')}:1: its "seed" is 1, but ${at('seed-0.ndjson')} has 2`);

    const fewer = readFileSync(at('events.ndjson'), 'utf8').split('\n').slice(1).join('\n');
    writeFileSync(at('fewer.ndjson'), fewer);
    shardRun(1, at('fewer.ndjson'), at('fewer-1.ndjson'));
    r = cli('merge', at('shard-0.ndjson'), at('fewer-1.ndjson'), at('shard-2.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${at('fewer-1.ndjson')}:1: its "eventsHash"`);

    ok(cli('run', template, '--events', at('events.ndjson'), '--shard', '1/2', '--ledger', at('half-1.ndjson')));
    r = cli('merge', at('shard-0.ndjson'), at('half-1.ndjson'), at('shard-2.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${at('half-1.ndjson')}:1: its "shards" is 2`);

    const doc = JSON.parse(readFileSync(template, 'utf8'));
    doc.scenario.maxSteps = 2000;
    writeFileSync(at('other.json'), JSON.stringify(doc));
    ok(
      cli('run', at('other.json'), '--events', at('events.ndjson'), '--shard', '2/3', '--ledger', at('other-2.ndjson')),
    );
    r = cli('merge', at('shard-0.ndjson'), at('shard-1.ndjson'), at('other-2.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${at('other-2.ndjson')}:1: its "templateHash"`);

    r = cli('merge', at('shard-0.ndjson'), at('shard-2.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('shard 1/3 is missing');
  });

  it('says the original SSH example cannot be sharded, naming its global Aggregator, and refuses to shard it', () => {
    const original = join(ROOT, 'examples/ssh-log-sessions.json');
    let r = cli('shardable', original);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('outcomeCounts: groups by "outcome", which mixes correlation ids');
    expect(JSON.parse(r.stdout).blockers.map((b: { nodeId: string }) => b.nodeId)).toEqual([
      'outcomeCounts',
      'outcomeCounts',
    ]);
    r = cli('run', original, '--events', at('events.ndjson'), '--shard', '0/3', '--ledger', at('refused.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot be sharded by correlation id');
    r = cli('shardable', template);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ shardable: true, blockers: [] });
  });

  it('refuses a shard index that is not below the shard count', () => {
    const r = cli('run', template, '--events', at('events.ndjson'), '--shard', '3/3');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('shard index 3 is not below 3');
  });
});
