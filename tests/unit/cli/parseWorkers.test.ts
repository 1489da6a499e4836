import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, ROOT, tempFiles } from './helpers';

/**
 * `parse … --out F --workers K` (docs/scale.md): K threads each parse the whole log for one shard
 * of the events, and the merge gives back the file the plain `parse` writes, byte for byte — with
 * its structured CSV and templates — on the bundled OpenSSH sample. A bad K is refused with exit 2
 * and a message saying what K must be.
 */
describe('parse --workers K', () => {
  const log = join(ROOT, 'public/parser/sources/openssh-2k.log');
  const config = join(ROOT, 'public/parser/configs/openssh-sessions.json');
  const dir = tempFiles({});
  const at = (name: string) => join(dir, name);
  let counts: Record<string, unknown>;

  const withoutMs = (stdout: string): Record<string, unknown> => {
    const { ms, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
    expect(typeof ms).toBe('number');
    return rest;
  };

  beforeAll(() => {
    const r = cli(
      'parse',
      log,
      '--config',
      config,
      '--out',
      at('single.ndjson'),
      '--structured',
      at('single.csv'),
      '--templates',
      at('single-t.csv'),
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    counts = withoutMs(r.stdout);
  }, 60_000);

  it.each([1, 2, 3])(
    'with %i worker(s) writes the plain parse’s events, CSV and templates byte for byte',
    (k) => {
      const r = cli(
        'parse',
        log,
        '--config',
        config,
        '--out',
        at(`w${k}.ndjson`),
        '--workers',
        String(k),
        '--structured',
        at(`w${k}.csv`),
        '--templates',
        at(`w${k}-t.csv`),
      );
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(withoutMs(r.stdout)).toEqual(counts);
      const events = readFileSync(at(`w${k}.ndjson`), 'utf8');
      expect(events.split('\n').filter((l) => l !== '')).toHaveLength(2000);
      expect(events).toBe(readFileSync(at('single.ndjson'), 'utf8'));
      expect(readFileSync(at(`w${k}.csv`), 'utf8')).toBe(readFileSync(at('single.csv'), 'utf8'));
      expect(readFileSync(at(`w${k}-t.csv`), 'utf8')).toBe(readFileSync(at('single-t.csv'), 'utf8'));
    },
    60_000,
  );

  // Issue 38, item 8: K is at most 64 (MAX_WORKERS), as for run --workers; 999 was taken.
  it.each(['0', 'two', '65', '999', '1000', '-1'])('refuses --workers %s with exit 2, saying what K must be', (k) => {
    const r = cli('parse', log, '--config', config, '--out', at('bad.ndjson'), `--workers=${k}`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--workers must be a number of threads from 1 to 64, got "${k}"`);
    expect(r.stdout).toBe('');
  });

  it('refuses --workers without --out, or with --shard, with exit 2', () => {
    let r = cli('parse', log, '--config', config, '--workers', '2');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--workers shards the events file and merges it back: it needs --out');
    r = cli('parse', log, '--config', config, '--out', at('bad.ndjson'), '--workers', '2', '--shard', '0/2');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--workers runs every shard itself: give it no --shard or --shards');
  });
});
