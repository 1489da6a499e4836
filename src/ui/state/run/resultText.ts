/**
 * Words and numbers of the workspace's Result: a Sink's value as one short line, the simulated
 * duration in person units, the FSM counts as `state n` pairs. Pure, so the tests read the same
 * text the page shows.
 */

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Pure: `v` as one short line — numbers grouped with at most 2 decimals, records as JSON cut at `max`. */
export function resultValue(v: unknown, max = 60): string {
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'number') return NUMBER.format(v);
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** Pure: `ms` of simulated time as `1 h 2 min 3 s` (largest units first, zero parts left out; `0 s` for none). */
export function simulatedTime(ms: number): string {
  if (ms < 1000) return ms === 0 ? '0 s' : `${ms} ms`;
  let s = Math.round(ms / 1000);
  const parts: string[] = [];
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  if (d) parts.push(`${d} d`);
  if (h) parts.push(`${h} h`);
  if (m) parts.push(`${m} min`);
  if (s || parts.length === 0) parts.push(`${s} s`);
  return parts.join(' ');
}

/** Pure: an FSM's counts as `state n` pairs in declaration order, the states it never reached kept. */
export function stateCountText(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(' · ');
}
