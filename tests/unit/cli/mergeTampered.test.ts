/**
 * Issue 38, item 3, on the command line: `flowledger merge` of a shard file changed by hand (a line
 * repeated or removed, marks out of bounds, `"e":null`, an event or a Sink's line that is not JSON,
 * a trailer that does not add up; tests/unit/engine/shard/tamperedShards.ts) exits 2 with
 * `flowledger merge: FILE:LINE: what is wrong`, never 1 with a stack trace, and leaves the --out
 * file as it was (or absent): the merged ledger goes to a temporary file that is removed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tamperedShards, wholeShard } from '../engine/shard/tamperedShards';
import { cli, tempFiles } from './helpers';

describe('merge of a shard file that was changed', () => {
  it('merges the file as run --shard wrote it', () => {
    const dir = tempFiles({ 'a.shard': wholeShard() });
    const r = cli('merge', join(dir, 'a.shard'), '--out', join(dir, 'out.ndjson'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).ledgerEvents).toBe(8);
  });

  it('refuses each change with exit 2 naming file, line and what, leaving --out as it was', () => {
    for (const t of tamperedShards()) {
      const dir = tempFiles({ 'a.shard': t.text, 'out.ndjson': 'previous\n' });
      const shard = join(dir, 'a.shard');
      const r = cli('merge', shard, '--out', join(dir, 'out.ndjson'));
      expect(r.stderr, t.what).toBe(`flowledger merge: ${shard}:${t.line}: ${t.message}\n`);
      expect(r.code, t.what).toBe(2);
      expect(r.stdout, t.what).toBe('');
      expect(readFileSync(join(dir, 'out.ndjson'), 'utf8'), t.what).toBe('previous\n');
      expect(readdirSync(dir).sort(), t.what).toEqual(['a.shard', 'out.ndjson']);
    }
  }, 60_000);

  it('writes no --out file that was not there before', () => {
    const [repeated] = tamperedShards();
    const dir = tempFiles({ 'a.shard': repeated!.text });
    const r = cli('merge', join(dir, 'a.shard'), '--out', join(dir, 'out.ndjson'));
    expect(r.code).toBe(2);
    expect(existsSync(join(dir, 'out.ndjson'))).toBe(false);
    expect(readdirSync(dir)).toEqual(['a.shard']);
  });

  it('names the line of a header from another run, and of a trailer whose shard did not complete', () => {
    const whole = wholeShard();
    const dir = tempFiles({
      'a.shard': whole,
      'b.shard': whole.replace('"status":"completed"', '"status":"truncated","truncatedBy":"maxSteps"'),
      // Another seed, after an empty first line: its header is line 2.
      'c.shard': `\n${whole.replace('"seed":7', '"seed":8')}`,
    });
    const truncated = cli('merge', join(dir, 'b.shard'));
    expect(truncated.code).toBe(2);
    expect(truncated.stderr).toBe(
      `flowledger merge: ${join(dir, 'b.shard')}:10: shard 0 did not complete (truncated by maxSteps): its merge would not be the single run\n`,
    );
    const r = cli('merge', join(dir, 'a.shard'), join(dir, 'c.shard'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `flowledger merge: ${join(dir, 'c.shard')}:2: its "seed" is 8, but ${join(dir, 'a.shard')} has 7: the shards come from different runs\n`,
    );
  });
});
