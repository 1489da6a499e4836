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
 *
 * Issue 44 adds families where words that look alike are of two kinds side by side (`KIND_FAMILIES`):
 * - **enumerated**: a closed vocabulary of 2–8 values, each of them an event of its own (state names
 *   in `… transitioned from NEW to ALLOCATED`, an intent's action, `user=root` / `user=guest`), drawn
 *   with weights that give each value at least 5 % of its family's lines; some vocabularies are
 *   upper-case names, others words made like the user names, so a token's shape cannot tell them;
 * - **open**: a vocabulary of 50–200 words drawn by Zipf's law (the r-th word with weight 1/r: a few
 *   frequent words and a long tail), one event whatever the word;
 * - **mixed**: an enumerated and an open position in the same family.
 * Their ground truth keeps each enumerated value apart (`F26:RUNNING`). So that every value of a
 * vocabulary can show up often enough to be told from a tail, these families take weights 5–20 (the
 * others 1–20).
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { parseLog } from '../parser';
import { correctLines, groupingAccuracy } from './parser';

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
  // Issue 44: every pool shows in two families or more. A pool of up to 8 words drawn evenly in one
  // family only is, by all the log shows, an enumeration of events (as KIND_FAMILIES score it).
  'storage of {user} moved to region {region}',
];

/** What a family's words are: pools shared by families (issue 25), or one of issue 44's kinds. */
export type FamilyKind = 'pool' | 'enumerated' | 'open' | 'mixed';

/**
 * Families with an enumerated (`{enum:NAME}`: each value its own event) or an open (`{open:NAME}`:
 * Zipf over 50–200 words) position, by kind. The enumerated vocabularies are `ENUMERATED`'s.
 */
export const KIND_FAMILIES: readonly { kind: Exclude<FamilyKind, 'pool'>; template: string }[] = [
  { kind: 'enumerated', template: 'container {num} transitioned from {enum:transition}' },
  { kind: 'enumerated', template: 'broadcast intent action:{enum:action} delivered to {num} receivers' },
  { kind: 'enumerated', template: 'pam check passed for user={enum:account} after {num} ms' },
  { kind: 'enumerated', template: 'reactor entered {enum:phase} phase' },
  { kind: 'open', template: 'fetched manifest of package {open:package} in {num} ms' },
  { kind: 'open', template: 'ticket opened by customer {open:customer}' },
  { kind: 'open', template: 'cache entry for {open:package} evicted' },
  { kind: 'mixed', template: 'node {open:customer} moved to state {enum:state}' },
  { kind: 'mixed', template: 'request of customer {open:customer} denied with reason {enum:reason}' },
  { kind: 'mixed', template: 'audit account={open:package} op={enum:op} done' },
];

/**
 * Closed vocabularies (a family uses the first 2–8 of its list, the count drawn by the seed). Names
 * from real logs, and `*word*` lists drawn like the user names (see `wordVariableLog`).
 */
export const ENUMERATED: Readonly<Record<string, readonly string[]>> = {
  // A transition's two states vary together: each pair is an event.
  transition: [
    'NEW to ALLOCATED',
    'ALLOCATED to ACQUIRED',
    'ACQUIRED to RUNNING',
    'RUNNING to COMPLETED',
    'RUNNING to KILLED',
    'NEW to KILLED',
    'ACQUIRED to RELEASED',
    'COMPLETED to RELEASED',
  ],
  action: [
    'android.intent.action.TIME_TICK',
    'android.intent.action.SCREEN_ON',
    'android.intent.action.SCREEN_OFF',
    'android.intent.action.BATTERY_CHANGED',
    'android.intent.action.USER_PRESENT',
    'android.intent.action.DATE_CHANGED',
    'android.intent.action.PACKAGE_ADDED',
    'android.intent.action.BOOT_COMPLETED',
  ],
  account: ['root', 'guest', 'test', 'admin', 'nobody', 'daemon', 'backup', 'operator'],
  state: ['UNASSIGNED', 'ASSIGNED', 'RUNNING', 'DRAINING', 'DECOMMISSIONED', 'LOST', 'REBOOTED', 'UNHEALTHY'],
  phase: ['*word*'],
  reason: ['*word*'],
  op: ['*word*'],
};

/** Pool sizes a family's word variable draws from (one per variable, chosen by the seed). */
export const POOL_SIZES: readonly number[] = [2, 3, 4, 5, 8, 12, 20, 50, 100, 200];

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'te', 'su', 'no', 'vi', 'da', 'pe', 'zu', 'ho', 'bi', 'ge', 'ny', 'qua'];

export interface WordLog {
  /** The log, one message a line. */
  text: string;
  /**
   * The event of each line: the ground truth for grouping accuracy. Its family (`F1`…), and for a
   * family with an enumerated position, the value there too (`F25:RUNNING to KILLED`).
   */
  truth: string[];
  /** The kind of each line's family. */
  kinds: FamilyKind[];
  /** Each event's template, `<*>` for its variables, by event (the values of `truth`). */
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

/** Zipf's law over `size` ranks: cumulative weights 1/r, for `zipf`. */
function zipfTable(size: number): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let r = 1; r <= size; r++) out.push((sum += 1 / r));
  return out;
}

/** A rank (0-based) drawn from a cumulative table. */
function draw(rng: RandomGenerator, cumulative: readonly number[]): number {
  const total = cumulative[cumulative.length - 1]!;
  const x = (int(rng, 0, 999_999_999) / 1_000_000_000) * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Sizes of the open vocabularies (issue 44: 50 words or more). */
export const OPEN_SIZES: readonly number[] = [50, 100, 200];

interface Slot {
  kind: string;
  size: number;
  /** An enumerated slot's values and their cumulative weights; an open slot's Zipf table. */
  values?: string[];
  cumulative?: number[];
}

/** Pure: a log of `lines` messages from the families above, its ground truth and templates. */
export function wordVariableLog(seed: number, lines = 8000): WordLog {
  const rng = xoroshiro128plus(seed);
  const used = new Set<string>();
  for (const f of [...WORD_FAMILIES, ...KIND_FAMILIES.map((k) => k.template)])
    for (const w of f.split(/[^a-z]+/)) used.add(w);
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
    // Open vocabularies of issue 44's families: words of their own, made like the user names.
    package: words(rng, 200, used),
    customer: words(rng, 200, used),
  };
  const all = [...WORD_FAMILIES.map((template) => ({ kind: 'pool' as FamilyKind, template })), ...KIND_FAMILIES];
  const families = all.map(({ kind, template }, i) => {
    const slots: Slot[] = [...template.matchAll(/\{([\w:]+)\}/g)].map((m) => {
      const [type, name] = m[1]!.split(':') as [string, string | undefined];
      if (type === 'enum') {
        const list = ENUMERATED[name!]!;
        const size = int(rng, 2, 8);
        // `*word*`: a vocabulary of words drawn like the user names (shape tells nothing).
        const values = list[0] === '*word*' ? words(rng, size, used) : list.slice(0, size);
        // Weights 2–5: each value at least 2 / (2 + 7 × 5) > 5 % of the family.
        let sum = 0;
        const cumulative = values.map(() => (sum += int(rng, 2, 5)));
        return { kind: 'enum', size, values, cumulative };
      }
      if (type === 'open') {
        const size = pick(rng, OPEN_SIZES);
        return { kind: 'open', size, values: pools[name!]!.slice(0, size), cumulative: zipfTable(size) };
      }
      return { kind: type, size: Math.min(pick(rng, POOL_SIZES), pools[type]?.length ?? 0) };
    });
    // Uneven frequencies, as in real logs: weights from 1 to 20 (5 to 20 for issue 44's families).
    return { id: `F${i + 1}`, kind, template, slots, weight: int(rng, kind === 'pool' ? 1 : 5, 20) };
  });
  const total = families.reduce((n, f) => n + f.weight, 0);
  const templates = new Map<string, string>();
  const out: string[] = [];
  const truth: string[] = [];
  const kinds: FamilyKind[] = [];
  for (let l = 0; l < lines; l++) {
    let r = int(rng, 0, total - 1);
    let k = 0;
    while (r >= families[k]!.weight) r -= families[k++]!.weight;
    const f = families[k]!;
    let s = 0;
    const enumerated: string[] = [];
    let template = f.template;
    const line = f.template.replace(/\{([\w:]+)\}/g, () => {
      const slot = f.slots[s++]!;
      switch (slot.kind) {
        case 'num':
          return String(int(rng, 0, 99_999));
        case 'date':
          return `${pick(rng, WEEKDAYS)} ${pick(rng, MONTHS)} ${pad(int(rng, 1, 28))} ${pad(int(rng, 0, 23))}:${pad(int(rng, 0, 59))}:${pad(int(rng, 0, 59))} ${int(rng, 2015, 2025)}`;
        case 'maybeHost':
          // Empty in about a third of the lines.
          return int(rng, 0, 2) === 0 ? '' : pools.host![int(rng, 0, slot.size - 1)]!;
        case 'enum':
        case 'open': {
          const w = slot.values![draw(rng, slot.cumulative!)]!;
          if (slot.kind === 'enum') enumerated.push(w);
          return w;
        }
        default:
          return pools[slot.kind]![int(rng, 0, slot.size - 1)]!;
      }
    });
    const event = enumerated.length === 0 ? f.id : `${f.id}:${enumerated.join(' ')}`;
    if (!templates.has(event)) {
      let e = 0;
      template = template
        .replace(/\(\{maybeHost\}\)/g, '(<*>)')
        .replace(/\{([\w:]+)\}/g, (_, slot: string) => (slot.startsWith('enum:') ? enumerated[e++]! : '<*>'));
      templates.set(event, template);
    }
    out.push(line);
    truth.push(event);
    kinds.push(f.kind);
  }
  return { text: `${out.join('\n')}\n`, truth, kinds, templates };
}

/** GA over the lines of one kind of family: the share of them whose group is exactly their event. */
export interface KindAccuracy {
  kind: FamilyKind;
  lines: number;
  ga: number;
}

export interface WordLogAccuracy {
  /** Grouping accuracy of each seed's log, in seed order, and over each kind's lines. */
  seeds: { seed: number; ga: number; templates: number; kinds: KindAccuracy[] }[];
  mean: number;
  min: number;
  /** Each kind's GA over the seeds: mean and min. */
  kinds: { kind: FamilyKind; mean: number; min: number }[];
  lines: number;
  families: number;
}

const KINDS: readonly FamilyKind[] = ['pool', 'enumerated', 'open', 'mixed'];

/**
 * Pure: GA of the parser with its defaults (format `<Content>`, default masks and mining) on the
 * generated logs of `seeds`, `lines` lines each, against their ground truth; and per kind of family.
 */
export function wordLogAccuracy(seeds: readonly number[], lines = 8000): WordLogAccuracy {
  const out: WordLogAccuracy['seeds'] = [];
  for (const seed of seeds) {
    const log = wordVariableLog(seed, lines);
    const result = parseLog(log.text, { name: 'word-variables' });
    if (!result.ok) throw new Error(result.error.message);
    const byLine = new Map(result.events.map((e) => [e.lineNo, e.eventId]));
    const predicted = log.truth.map((_, i) => byLine.get(i + 1) ?? `unparsed:${i + 1}`);
    const correct = correctLines(predicted, log.truth);
    const kinds = KINDS.map((kind) => {
      let n = 0;
      let right = 0;
      log.kinds.forEach((k, i) => {
        if (k !== kind) return;
        n++;
        if (correct[i]) right++;
      });
      return { kind, lines: n, ga: n === 0 ? 1 : right / n };
    });
    out.push({ seed, ga: groupingAccuracy(predicted, log.truth), templates: result.templates.length, kinds });
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const gas = out.map((s) => s.ga);
  return {
    seeds: out,
    mean: mean(gas),
    min: Math.min(...gas),
    kinds: KINDS.map((kind) => {
      const k = out.map((s) => s.kinds.find((x) => x.kind === kind)!.ga);
      return { kind, mean: mean(k), min: Math.min(...k) };
    }),
    lines,
    families: WORD_FAMILIES.length + KIND_FAMILIES.length,
  };
}
