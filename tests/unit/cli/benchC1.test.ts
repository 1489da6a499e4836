/** `flowledger bench --only C1` (comparing two runs), on the built bundle at quick sizes. */
import { describe, expect, it } from 'vitest';
import { cli } from './helpers';

describe('flowledger bench --only C1', () => {
  it('compares a diverging pair and an identical pair, with times, CPU and peak memory', () => {
    const r = cli('bench', '--only', 'C1', '--quick', '--json');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Date.parse(out.date)).not.toBeNaN();
    expect(out.C1).toMatchObject({ id: 'C1', target: 2000 });
    // ~100,000 events at quick size (21,739 tokens of about 4.6 events each).
    expect(out.C1.ledgerEvents).toBeGreaterThan(90_000);
    // Seeds 7 and 8 draw other random values; seed 7 twice is the same run.
    expect(out.C1.divergent.firstDivergentStep).toBeGreaterThanOrEqual(1);
    expect(out.C1.identical.firstDivergentStep).toBeNull();
    for (const pair of [out.C1.divergent, out.C1.identical]) {
      expect(pair.runsMs).toHaveLength(2);
      expect(pair.medianCpuMs).toBeGreaterThan(0);
      expect(pair.peakExtraBytes).toEqual(expect.any(Number));
    }
    expect(out.rows.map((row: { id: string }) => row.id)).toEqual(['C1']);
    expect(out.rows[0].result).toMatch(/identical \(seed 7 twice/);
  }, 120_000);

  it('refuses another benchmark id', () => {
    const r = cli('bench', '--only', 'E9');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--only takes C1');
  });
});
