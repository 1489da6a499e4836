/**
 * Synthetic logs whose message families carry variables that are words (issue 25): user names drawn
 * from pools of 2 to 200 values, host names with no digits, service and group names, weekday and month
 * names inside an embedded date (`… at Mon Mar 04 11:02:33 2024`), and a parenthesis that is empty in
 * some lines and holds a host in others. Families differ from their neighbours in one constant word
 * (`session opened` / `session closed`), so a miner that takes every varying word for a parameter
 * merges them, and one that takes every few-valued word for a constant splits the small pools.
 *
 * Deterministic: a seed gives the same log and ground truth (pure-rand's xoroshiro128+). Names and pools
 * are shared across families, as in real logs (the same users log in, change passwords and run jobs);
 * each variable of a family draws from the first `size` values of its pool, the size drawn per family.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { parseLog } from '../parser';
import { groupingAccuracy } from './parser';

/** The message families: `{kind}` marks a variable (see `SLOT_KINDS`). */
export const WORD_FAMILIES: readonly string[] = [
  'login accepted for user {user}',
  'login failed for user {user} from {host}',
  'session opened for user {user}',
  'session closed for user {user}',
  'password changed for user {user} on {host}',
  'connection from {host} ({maybeHost}) closed',
  'connection to {host} ({maybeHost}) refused after {num} attempts',
  'backup of {host} started at {date}',
  'backup of {host} finished at {date} in {num} seconds',
  'job {num} submitted by {user} at {date}',
  'job {num} cancelled by {user}',
  'mail delivered to {user} via {host}',
  'mail for {user} deferred: mailbox full',
  'service {service} restarted on {host}',
  'service {service} stopped on {host}',
  'disk usage on {host} at {num} percent',
  'certificate for {host} expires on {date}',
  'user {user} added to group {group}',
  'user {user} removed from group {group}',
  'ping to {host} timed out',
  'lease renewed for {host} ({maybeHost})',
  'maintenance window opens {date}',
  'quota warning for {user} in region {region}',
  'printer {host} is out of paper',
];

/** Pool sizes a family's word variable draws from (one per variable, chosen by the seed). */
export const POOL_SIZES: readonly number[] = [2, 3, 4, 5, 8, 12, 20, 50, 100, 200];

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'te', 'su', 'no', 'vi', 'da', 'pe', 'zu', 'ho', 'bi', 'ge', 'ny', 'qua'];

export interface WordLog {
  /** The log, one message a line. */
  text: string;
  /** The family (`F1`…) of each line: the ground truth for grouping accuracy. */
  truth: string[];
  /** Each family's template, `<*>` for its variables, by family id. */
  templates: Map<string, string>;
}

function int(rng: RandomGenerator, min: number, max: number): number {
  return uniformInt(rng, min, max);
}

function pick<T>(rng: RandomGenerator, xs: readonly T[]): T {
  return xs[int(rng, 0, xs.length - 1)]!;
}

/** `count` different lower-case words with no digit, made of two or three syllables. */
function words(rng: RandomGenerator, count: number, avoid: Set<string>): string[] {
  const out: string[] = [];
  while (out.length < count) {
    let w = '';
    const n = int(rng, 2, 3);
    for (let i = 0; i < n; i++) w += pick(rng, SYLLABLES);
    if (avoid.has(w)) continue;
    avoid.add(w);
    out.push(w);
  }
  return out;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Pure: a log of `lines` messages from the families above, its ground truth and templates. */
export function wordVariableLog(seed: number, lines = 6000): WordLog {
  const rng = xoroshiro128plus(seed);
  const used = new Set<string>();
  for (const f of WORD_FAMILIES) for (const w of f.split(/[^a-z]+/)) used.add(w);
  const users = words(rng, 200, used);
  // Host names: a word, or two joined by a dash (`kalo-mira`), never a digit.
  const hosts = words(rng, 200, used).map((w, i) => (i % 3 === 2 ? `${w}-${pick(rng, users)}` : w));
  const pools: Record<string, string[]> = {
    user: users,
    host: hosts,
    maybeHost: hosts,
    service: words(rng, 40, used),
    group: words(rng, 30, used),
    region: words(rng, 12, used),
  };
  const families = WORD_FAMILIES.map((template, i) => {
    const slots = [...template.matchAll(/\{(\w+)\}/g)].map((m) => ({
      kind: m[1]!,
      size: Math.min(pick(rng, POOL_SIZES), pools[m[1]!]?.length ?? 0),
    }));
    // Uneven frequencies, as in real logs: weights from 1 to 20.
    return { id: `F${i + 1}`, template, slots, weight: int(rng, 1, 20) };
  });
  const total = families.reduce((n, f) => n + f.weight, 0);
  const templates = new Map(
    families.map((f) => [f.id, f.template.replace(/\(\{maybeHost\}\)/g, '(<*>)').replace(/\{\w+\}/g, '<*>')]),
  );
  const out: string[] = [];
  const truth: string[] = [];
  for (let l = 0; l < lines; l++) {
    let r = int(rng, 0, total - 1);
    let k = 0;
    while (r >= families[k]!.weight) r -= families[k++]!.weight;
    const f = families[k]!;
    let s = 0;
    const line = f.template.replace(/\{(\w+)\}/g, () => {
      const slot = f.slots[s++]!;
      switch (slot.kind) {
        case 'num':
          return String(int(rng, 0, 99_999));
        case 'date':
          return `${pick(rng, WEEKDAYS)} ${pick(rng, MONTHS)} ${pad(int(rng, 1, 28))} ${pad(int(rng, 0, 23))}:${pad(int(rng, 0, 59))}:${pad(int(rng, 0, 59))} ${int(rng, 2015, 2025)}`;
        case 'maybeHost':
          // Empty in about a third of the lines.
          return int(rng, 0, 2) === 0 ? '' : pools.host![int(rng, 0, slot.size - 1)]!;
        default:
          return pools[slot.kind]![int(rng, 0, slot.size - 1)]!;
      }
    });
    out.push(line);
    truth.push(f.id);
  }
  return { text: `${out.join('\n')}\n`, truth, templates };
}

export interface WordLogAccuracy {
  /** Grouping accuracy of each seed's log, in seed order. */
  seeds: { seed: number; ga: number; templates: number }[];
  mean: number;
  min: number;
  lines: number;
  families: number;
}

/**
 * Pure: GA of the parser with its defaults (format `<Content>`, default masks and mining) on the
 * generated logs of `seeds`, `lines` lines each, against their ground truth.
 */
export function wordLogAccuracy(seeds: readonly number[], lines = 6000): WordLogAccuracy {
  const out: WordLogAccuracy['seeds'] = [];
  for (const seed of seeds) {
    const log = wordVariableLog(seed, lines);
    const result = parseLog(log.text, { name: 'word-variables' });
    if (!result.ok) throw new Error(result.error.message);
    const byLine = new Map(result.events.map((e) => [e.lineNo, e.eventId]));
    const predicted = log.truth.map((_, i) => byLine.get(i + 1) ?? `unparsed:${i + 1}`);
    out.push({ seed, ga: groupingAccuracy(predicted, log.truth), templates: result.templates.length });
  }
  const gas = out.map((s) => s.ga);
  return {
    seeds: out,
    mean: gas.reduce((a, b) => a + b, 0) / Math.max(1, gas.length),
    min: Math.min(...gas),
    lines,
    families: WORD_FAMILIES.length,
  };
}
