import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { runCommand } from '../../../src/cli/commands/run';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, ROOT, tempFiles, type CliRun } from './helpers';

/**
 * `run --workers K` on the log-driven SSH example: the merged ledger and summary are the single
 * run's, whether the main thread routes the events file to the threads (lines as `parse` writes
 * them) or each thread reads the file itself (a JSON array, lines with their keys in another order).
 */
describe('run --workers K', () => {
  const log = join(ROOT, 'public/parser/sources/openssh-2k.log');
  const config = join(ROOT, 'public/parser/configs/openssh-sessions.json');
  const template = join(ROOT, 'examples/ssh-log-sessions-sharded.json');
  const dir = tempFiles({});
  const at = (name: string) => join(dir, name);
  let single: unknown;

  const ok = (r: CliRun): CliRun => {
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return r;
  };

  beforeAll(() => {
    ok(cli('parse', log, '--config', config, '--out', at('events.ndjson')));
    single = JSON.parse(
      ok(cli('run', template, '--events', at('events.ndjson'), '--ledger', at('single.ndjson'))).stdout,
    );
    const events = readFileSync(at('events.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    writeFileSync(at('events.json'), JSON.stringify(events));
    // The same events with their keys in reverse order: not the shape the quick reading knows.
    writeFileSync(
      at('reordered.ndjson'),
      events.map((e) => JSON.stringify(Object.fromEntries(Object.entries(e).reverse()))).join('\n'),
    );
  }, 120_000);

  it.each([
    ['events.ndjson', 1],
    ['events.ndjson', 3],
    ['events.json', 2],
    ['reordered.ndjson', 2],
  ])(
    'over %s with %i thread(s) writes the single run’s ledger and prints its summary',
    (events, k) => {
      const r = ok(
        cli('run', template, '--events', at(events), '--workers', String(k), '--ledger', at(`w-${k}-${events}`)),
      );
      expect(JSON.parse(r.stdout)).toEqual(single);
      expect(readFileSync(at(`w-${k}-${events}`), 'utf8')).toBe(readFileSync(at('single.ndjson'), 'utf8'));
    },
    60_000,
  );

  it('refuses a --workers that is not a number of threads, and a missing events file, with exit 2', () => {
    let r = cli('run', template, '--events', at('events.ndjson'), '--workers', '0');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--workers must be a number of threads from 1 to 64, got "0"');
    // Issue 38, item 8: 999 threads were started (about 17 MB each); K is at most 64 (MAX_WORKERS).
    for (const k of ['65', '999']) {
      r = cli('run', template, '--events', at('events.ndjson'), '--workers', k, '--ledger', at('many.ndjson'));
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `flowledger run: --workers must be a number of threads from 1 to 64, got "${k}"\nusage: flowledger ${runCommand.usage}\n`,
      );
      expect(existsSync(at('many.ndjson'))).toBe(false);
    }
    r = cli('run', template, '--events', at('missing.ndjson'), '--workers', '2');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cannot read ${at('missing.ndjson')}`);
  });
});
