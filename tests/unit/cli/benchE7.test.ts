/** `flowledger bench --only E7` (a run to its end at 10 M events), on the built bundle at its quick size. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT } from './helpers';

describe('flowledger bench --only E7', () => {
  it('runs the E1 pipeline to its end and reports wall time, peak RSS, bytes per event, progress and the hash', () => {
    const r = cli('bench', '--only', 'E7', '--quick', '--json');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Date.parse(out.date)).not.toBeNaN();
    expect(out.E7).toMatchObject({ id: 'E7', status: 'completed', target: 2_000_000_000 });
    // The quick size: 200,000 events (43,479 tokens of about 4.6 events each).
    expect(out.E7.ledgerEvents).toBeGreaterThanOrEqual(200_000);
    expect(out.E7.peakRssBytes).toBeGreaterThan(out.E7.baseRssBytes);
    expect(out.E7.peakRssBytesPerEvent).toBeCloseTo(out.E7.peakRssBytes / out.E7.ledgerEvents, 0);
    expect(out.E7.retainedBytesPerEvent).toBeGreaterThan(0);
    expect(out.E7.runMs).toBeGreaterThan(0);
    // Only a full-size run is compared with the previous build's 10 M-event hash.
    expect(out.E7.sameHashAsPreviousBuild).toBeUndefined();
    // The same run as the fixture's "E7 document at 200,000 events" (tests/fixtures/hashes).
    const fixture = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/hashes/previous-build.json'), 'utf8'));
    expect(out.E7.ledgerHash).toBe(fixture.runs['E7 document at 200,000 events'].ledgerHash);
    // Progress after every slice of steps, on stderr: the last one is the end of the run.
    const progress = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('E7 '))
      .map((l) => JSON.parse(l.slice(3)));
    expect(progress.at(-1)).toMatchObject({ events: out.E7.ledgerEvents, step: out.E7.steps });
    expect(out.rows.map((row: { id: string }) => row.id)).toEqual(['E7']);
    expect(out.rows[0].result).toMatch(/peak RSS \*\*[\d.]+ MiB\*\*/);
  }, 120_000);
});
