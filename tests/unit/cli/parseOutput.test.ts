/**
 * `parse --out` writes its events a megabyte at a time and waits for the stream to drain. Each wait
 * raced the drain against the stream's close, and the close wait stayed on the stream: after ten
 * drains Node printed "MaxListenersExceededWarning: Possible EventEmitter memory leak detected" to
 * the user's terminal (a 200,000-line log showed it). The waits the race does not need are now
 * removed.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempFiles } from './helpers';

describe('parse --out of a log whose events take many megabytes', () => {
  it('writes them without warning of a listener leak', () => {
    const sample = readFileSync(join(process.cwd(), 'public/parser/sources/openssh-2k.log'), 'utf8');
    const dir = tempFiles({ 'big.log': sample.repeat(40) });
    const out = join(dir, 'events.ndjson');
    const r = cli('parse', join(dir, 'big.log'), '--preset', 'openssh', '--out', out);
    expect(r.code).toBe(0);
    // Enough output for more than ten waits on the stream (one per megabyte written).
    expect(statSync(out).size).toBeGreaterThan(24 * 1024 * 1024);
    expect(r.stderr).not.toContain('MaxListenersExceededWarning');
  }, 60_000);
});
