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

/**
 * Pure: `v` as a person reads it, on one line cut at `max`: numbers grouped, texts as they are, a
 * list as `[a, b, c]`, a record as `{ key: value, … }` (one level; deeper values as compact JSON).
 */
export function readableValue(v: unknown, max = 80): string {
  const inner = (x: unknown): string => (typeof x === 'number' ? NUMBER.format(x) : (JSON.stringify(x) ?? 'null'));
  let s: string;
  if (v === null || v === undefined) s = 'none';
  else if (typeof v === 'number') s = NUMBER.format(v);
  else if (typeof v === 'string') s = v;
  else if (Array.isArray(v)) s = `[${v.map(inner).join(', ')}]`;
  else if (typeof v === 'object')
    s = `{ ${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${inner(x)}`)
      .join(', ')} }`;
  else s = String(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** One figure of a Sink in the Result: its name and its value as text. */
export interface SinkFigureText {
  label: 'count' | 'sum' | 'latest' | 'average';
  text: string;
}

/** What the Result's Value cell of a Sink shows: the main figure and the others under it (none: `no values`). */
export interface SinkFiguresText {
  main: SinkFigureText | null;
  others: SinkFigureText[];
  /** The latest value in full (compact JSON), for a hover; null for a number or nothing. */
  latestFull: string | null;
}

/**
 * Pure: the Value cell of Sink `s`, read by what it holds. Numbers give the sum and the latest (the
 * count has its own column); records, lists and texts the latest value, shown readably; a Sink that
 * names its figure (`result`) shows that one first, the others under it.
 */
export function sinkFigures(s: {
  count: number;
  sum: number;
  numeric: number;
  last: unknown;
  formula: string;
  named?: boolean;
  value: unknown;
}): SinkFiguresText {
  const numbers = s.count > 0 && s.numeric === s.count;
  const latest: SinkFigureText = {
    label: 'latest',
    text: numbers ? resultValue(s.last) : readableValue(s.last),
  };
  const latestFull =
    s.last === null || s.last === undefined || typeof s.last === 'number' ? null : JSON.stringify(s.last);
  const natural: SinkFigureText[] = numbers
    ? [{ label: 'sum', text: resultValue(s.sum) }, latest]
    : s.count > 0 && s.last !== null && s.last !== undefined
      ? [latest]
      : [];
  if (s.named) {
    const label = s.formula as SinkFigureText['label'];
    const text =
      label === 'latest' ? latest.text : label === 'average' && s.value === null ? 'none' : resultValue(s.value);
    return { main: { label, text }, others: natural.filter((f) => f.label !== label), latestFull };
  }
  const [main, ...others] = natural;
  return { main: main ?? null, others, latestFull };
}
