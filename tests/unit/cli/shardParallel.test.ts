import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, tempFiles } from './helpers';

/**
 * GNU parallel as the scheduler of a sharded run (docs/scale.md's recipe): it hands each shard
 * run its index, the shards run side by side, and the merge gives the single run's hash. GNU
 * parallel is Debian's `parallel`, installed by the test setup (scripts/parallel.mjs) when missing.
 */
describe('shards scheduled by GNU parallel', () => {
  it('run as parallel jobs and merged, give the single run’s hash', () => {
    const found = spawnSync('sh', ['-c', 'command -v parallel'], { encoding: 'utf8' });
    if (found.status !== 0) throw new Error('GNU parallel is not installed: apt-get install parallel (npm test does)');
    const dir = tempFiles({});
    const events = join(dir, 'events.ndjson');
    const template = join(ROOT, 'examples/ssh-log-sessions-sharded.json');
    const parsed = cli(
      'parse',
      join(ROOT, 'public/parser/sources/openssh-2k.log'),
      '--config',
      join(ROOT, 'public/parser/configs/openssh-sessions.json'),
      '--out',
      events,
    );
    expect(parsed.code).toBe(0);
    const single = cli('run', template, '--events', events);
    expect(single.code).toBe(0);

    const jobs = spawnSync(
      'parallel',
      [
        '--will-cite',
        '--halt',
        'now,fail=1',
        process.execPath,
        join(ROOT, 'bin/flowledger.mjs'),
        'run',
        template,
        '--events',
        events,
        '--shard',
        '{}/4',
        '--ledger',
        join(dir, 'shard-{}.ndjson'),
        ':::',
        '0',
        '1',
        '2',
        '3',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(jobs.stderr).toBe('');
    expect(jobs.status).toBe(0);
    // Each job printed its shard's summary: four shards, each once.
    const shards = jobs.stdout.match(/"shard": "\d\/4"/g) ?? [];
    expect(shards.sort()).toEqual(['"shard": "0/4"', '"shard": "1/4"', '"shard": "2/4"', '"shard": "3/4"']);

    const merged = cli('merge', ...[0, 1, 2, 3].map((i) => join(dir, `shard-${i}.ndjson`)));
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.stdout).ledgerHash).toBe(JSON.parse(single.stdout).ledgerHash);
  });
});
