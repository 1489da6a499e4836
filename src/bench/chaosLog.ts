/**
 * Hostile logs for the parser: the shapes that once crashed or stalled it (issue 21) — JSON nested
 * thousands deep, one enormous quoted request line, long runs of dotted text holding `://` and `@`,
 * lines whose words never repeat, and floods of continuation lines. The property tests
 * (tests/unit/parser/hostileLogs.test.ts) draw their sizes up to `CHAOS_MAX`; the benchmark's chaos
 * row parses the worst of each (every size at its maximum) and reports time and peak memory.
 * The generators are pure and deterministic (a seeded PRNG); only `chaosLogBench` reads the clock.
 */
import { performance } from 'node:perf_hooks';
import { LogParser, type ParserConfig, type ParseStats } from '../parser';

/** The largest size of each family the property tests generate (and the benchmark parses). */
export const CHAOS_MAX = {
  /** Levels of nested arrays and objects in one JSON line. */
  jsonDepth: 20_000,
  /** Characters of one access-log request line (over the default 1 Mi line bound). */
  requestLength: 1_500_000,
  /** `label+.` units in one line of dotted text (about 3.5 characters each). */
  dottedUnits: 60_000,
  /** Lines with two words that never repeat. */
  cardinalLines: 20_000,
  /** Continuation lines after one header line. */
  continuationLines: 50_000,
} as const;

export type ChaosFamily = keyof typeof CHAOS_MAX;

/** One generated log and the configuration it is parsed with. */
export interface ChaosLog {
  family: ChaosFamily;
  config: ParserConfig;
  text: string;
}

/** Pure: a small deterministic PRNG (mulberry32) giving integers in [0, 2^32). */
export function prng(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

function word(next: () => number, min = 4, spread = 6): string {
  const n = min + (next() % spread);
  let w = '';
  for (let i = 0; i < n; i++) w += String.fromCharCode(97 + (next() % 26));
  return w;
}

/** Pure: JSON lines, one of them nested `depth` levels (arrays and objects alternating), around normal ones. */
export function deepJsonLog(depth: number): ChaosLog {
  const open = Array.from({ length: depth }, (_, i) => (i % 2 === 0 ? '[' : '{"k":')).join('');
  const close = Array.from({ length: depth }, (_, i) => (i % 2 === 0 ? ']' : '}'))
    .reverse()
    .join('');
  const text = [
    '{"message":"before","level":"info"}',
    `{"message":"deep","a":${open}${close}}`,
    '{"message":"after","level":"info"}',
  ].join('\n');
  return { family: 'jsonDepth', config: { name: 'chaos-json', format: { kind: 'preset', name: 'json' } }, text };
}

/** Pure: an access log whose second line's quoted request is `length` characters with escaped quotes in it. */
export function longRequestLog(length: number, preset: 'apache-access' | 'nginx' = 'apache-access'): ChaosLog {
  const line = (request: string) => `10.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "${request}" 200 2326 "-" "agent"`;
  const unit = 'ab\\"';
  const request = `GET /${unit.repeat(Math.ceil(length / unit.length)).slice(0, length)}`;
  const text = [line('GET /a HTTP/1.0'), line(request), line('GET /b HTTP/1.0')].join('\n');
  return { family: 'requestLength', config: { name: 'chaos-access', format: { kind: 'preset', name: preset } }, text };
}

/** Pure: an sshd line whose message is `units` dotted labels with `://` and `@` in them (the URL and EMAIL masks' worst case). */
export function dottedLog(units: number, seed = 1): ChaosLog {
  const next = prng(seed);
  let run = '';
  // `+` keeps the presets' host masks (`[\w-]` labels) from hiding the run from URL and EMAIL.
  for (let i = 0; i < units; i++) run += `${word(next, 1, 2)}+.`;
  const text = [
    'Dec 10 06:55:46 LabSZ sshd[24200]: Accepted password for root from 10.0.0.1 port 22 ssh2',
    `Dec 10 06:55:47 LabSZ sshd[24201]: x://y a@b ${run} :: ${run}@${run}`,
  ].join('\n');
  return { family: 'dottedUnits', config: { name: 'chaos-dotted', format: { kind: 'preset', name: 'openssh' } }, text };
}

/** Pure: `lines` lines whose two words never repeat (the miner's worst case), in one template. */
export function cardinalLog(lines: number, seed = 1): ChaosLog {
  const next = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push(`${word(next)} ${word(next)} connected to the server now`);
  return { family: 'cardinalLines', config: { name: 'chaos-cardinal' }, text: out.join('\n') };
}

/** Pure: one header line followed by `lines` indented continuation lines, then one more event. */
export function continuationLog(lines: number): ChaosLog {
  const out = ['2024-01-01 10:00:00 ERROR job failed'];
  for (let i = 0; i < lines; i++) out.push(`    at com.example.Frame${i % 97}.run(Frame.java:${i})`);
  out.push('2024-01-01 10:00:01 INFO job retried');
  return {
    family: 'continuationLines',
    config: { name: 'chaos-continuation', format: { kind: 'format', pattern: '<Date> <Time> <Level> <Content>' } },
    text: out.join('\n'),
  };
}

/** Pure: the worst log of each family (every size at `CHAOS_MAX`). */
export function worstChaosLogs(): ChaosLog[] {
  return [
    deepJsonLog(CHAOS_MAX.jsonDepth),
    longRequestLog(CHAOS_MAX.requestLength),
    dottedLog(CHAOS_MAX.dottedUnits),
    cardinalLog(CHAOS_MAX.cardinalLines),
    continuationLog(CHAOS_MAX.continuationLines),
  ];
}

export interface ChaosLogResult {
  family: ChaosFamily;
  bytes: number;
  ms: number;
  /** Peak of heap + external memory above the level before the parse, sampled between 1 MiB chunks. */
  peakMb: number;
  stats: ParseStats;
}

/**
 * Not pure (clock, memory): parses each worst chaos log streamed in 1 MiB chunks without keeping
 * events (as the command line's first pass does), after a full collection.
 */
export function chaosLogBench(gc: () => void, memory: () => { heap: number; external: number }): ChaosLogResult[] {
  return worstChaosLogs().map((log) => {
    gc();
    const base = memory();
    const used = () => {
      const m = memory();
      return m.heap + m.external - base.heap - base.external;
    };
    const created = LogParser.create(log.config, { collect: false });
    if (!created.ok) throw new Error(created.error.message);
    const parser = created.value;
    let peak = 0;
    const start = performance.now();
    for (let at = 0; at < log.text.length; at += 1 << 20) {
      parser.push(log.text.slice(at, at + (1 << 20)));
      peak = Math.max(peak, used());
    }
    const { stats } = parser.end();
    const ms = performance.now() - start;
    peak = Math.max(peak, used());
    return { family: log.family, bytes: log.text.length, ms, peakMb: Math.round((peak / 2 ** 20) * 10) / 10, stats };
  });
}
