/** `flowledger bench --only parser`: the parser's rows alone, in one run, on the built bundle at quick sizes. */
import { describe, expect, it } from 'vitest';
import { cli } from './helpers';

describe('flowledger bench --only parser', () => {
  it('prints P1, P1u, P3 and P3w side by side (P1, P1u and P3 not run without the Loghub data)', () => {
    const r = cli('bench', '--only', 'parser', '--quick', '--json');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Date.parse(out.date)).not.toBeNaN();
    expect(out.rows.map((row: { id: string }) => row.id)).toEqual(['P1', 'P1u', 'P3', 'P3w']);
    expect(out.P1).toEqual({ skipped: expect.stringContaining('--loghub') });
    expect(out.P1u).toEqual({ skipped: expect.stringContaining('--loghub') });
    // Quick size: two generated logs (seeds 1 and 2).
    expect(out.P3w.seeds.map((s: { seed: number }) => s.seed)).toEqual([1, 2]);
  }, 60_000);

  it('prints the same rows as text', () => {
    const r = cli('bench', '--only', 'parser', '--quick');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^P1 {2}not run/m);
    expect(r.stdout).toMatch(/^P3w {2}GA mean/m);
  }, 60_000);
});
