/**
 * Issue 38, item 10: the events file of one shard (`parse … --shard I/N`: the shard's events, runs of
 * other shards' events as `{"flowledgerSkip":k,…}` lines, a last line naming the shard) given to a
 * plain `run` was taken for a whole run's events — the placeholders as events — until its last line
 * failed as "no targetDataSourceId". It is now named as a shard's events file, with how to use it,
 * exit 2, by `run` and by `diff <scenario> --events`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, tempFiles } from './helpers';

describe('a shard’s events file given to a whole run', () => {
  const log = join(ROOT, 'public/parser/sources/openssh-2k.log');
  const config = join(ROOT, 'public/parser/configs/openssh-sessions.json');
  const template = join(ROOT, 'examples/ssh-log-sessions-sharded.json');

  it('is named as shard I/N’s events file with how to use it, by run and diff, exit 2', () => {
    const dir = tempFiles({});
    const events = join(dir, 'events-1.ndjson');
    const parsed = cli('parse', log, '--config', config, '--out', events, '--shard', '1/3');
    expect(parsed.code, parsed.stderr).toBe(0);
    const lines = readFileSync(events, 'utf8').trimEnd().split('\n');
    expect(lines[lines.length - 1]).toMatch(/^\{"flowledgerEvents":\{"shard":1,"shards":3,/);
    const said = `${events}:${lines.length}: this is the events file of shard 1/3 written by parse --shard (its last line says so), not a whole run's events: run that shard with run … --events ${events} --shard 1/3 and merge the shards (docs/scale.md), or give the whole events file (parse without --shard)\n`;
    for (const args of [
      ['run', template, '--events', events],
      ['run', template, '--events', events, '--ledger', join(dir, 'ledger.ndjson')],
      ['diff', template, '--events', events, '--vs-seed', '2'],
    ]) {
      const r = cli(...args);
      expect(r.stderr, args.join(' ')).toBe(said);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
    }
    // The shard run it is meant for still takes it.
    const shard = cli('run', template, '--events', events, '--shard', '1/3', '--ledger', join(dir, 'shard-1.ndjson'));
    expect(shard.code, shard.stderr).toBe(0);

    // Cut short (its last line lost): the first placeholder line names it.
    const cut = join(dir, 'cut.ndjson');
    writeFileSync(cut, `${lines.slice(0, -1).join('\n')}\n`);
    const skip = lines.findIndex((l) => l.startsWith('{"flowledgerSkip":'));
    expect(skip).toBeGreaterThanOrEqual(0);
    const r = cli('run', template, '--events', cut);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `${cut}:${skip + 1}: a {"flowledgerSkip":…} line: this is the events file of one shard written by parse --shard, cut short (its last line, naming the shard, is missing), not a whole run's events: write it again with parse … --shard I/N, or give the whole events file (parse without --shard)\n`,
    );
  }, 60_000);
});
