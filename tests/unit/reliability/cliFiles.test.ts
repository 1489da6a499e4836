/**
 * Issue 10, item 8: `parse … --out keep.ndjson` with a bad `--structured` path exited 2 after
 * truncating keep.ndjson, and a failed command could leave partial outputs. Outputs are now written
 * to temporary files renamed into place on success; a failed command leaves existing files as they were.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempFiles } from '../cli/helpers';

const KEEP = '{"kept":true}\n';

describe('the command line never loses existing files', () => {
  it('parse with a bad --structured path exits 2 and leaves --out untouched', () => {
    const dir = tempFiles({ 'a.log': 'hello world\nhello there\n', 'keep.ndjson': KEEP });
    const r = cli(
      'parse',
      join(dir, 'a.log'),
      '--format',
      '<Content>',
      '--out',
      join(dir, 'keep.ndjson'),
      '--structured',
      join(dir, 'missing', 'x.csv'),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write');
    expect(readFileSync(join(dir, 'keep.ndjson'), 'utf8')).toBe(KEEP);
    expect(readdirSync(dir).sort()).toEqual(['a.log', 'keep.ndjson']);
  });

  it('parse that succeeds replaces the outputs whole and leaves no temporary file', () => {
    const dir = tempFiles({ 'a.log': 'hello world\nhello there\n', 'keep.ndjson': KEEP });
    const r = cli('parse', join(dir, 'a.log'), '--format', '<Content>', '--out', join(dir, 'keep.ndjson'));
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'keep.ndjson'), 'utf8').trim().split('\n')).toHaveLength(2);
    expect(readdirSync(dir).sort()).toEqual(['a.log', 'keep.ndjson']);
  });

  it('run --ledger of an invalid template leaves the existing ledger file untouched', () => {
    const dir = tempFiles({ 't.json': '{"version":"3.0","nodes":[{"nodeId":"x","type":"Nope"}]}', 'l.ndjson': KEEP });
    const r = cli('run', join(dir, 't.json'), '--ledger', join(dir, 'l.ndjson'));
    expect(r.code).toBe(2);
    expect(readFileSync(join(dir, 'l.ndjson'), 'utf8')).toBe(KEEP);
    expect(readdirSync(dir).sort()).toEqual(['l.ndjson', 't.json']);
  });
});
