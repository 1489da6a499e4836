/**
 * Constant or variable by frequency, cardinality and co-variation (issue 44): words that are part of
 * the message stay constants — a small closed vocabulary whose every word is frequent names that many
 * events — while an open vocabulary (a long tail of rare words) is a parameter. Each signature of the
 * issue in invented text; the expected templates are written by hand.
 */
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../../src/parser';
import { crossed, isEnumeration } from '../../../src/parser/mining/enumeration';

/** The final template of each line, in order. */
function templatesOf(lines: readonly string[], mining?: Record<string, number>): string[] {
  const r = parseLog(`${lines.join('\n')}\n`, { name: 'constants', ...(mining ? { mining } : {}) });
  if (!r.ok) throw new Error(r.error.message);
  return r.events.map((e) => e.template);
}

/** `n` lines cycling through `values` with the weights given (deterministic, no randomness). */
function cycle<T>(values: readonly T[], weights: readonly number[], n: number): T[] {
  const deck: T[] = [];
  values.forEach((v, i) => {
    for (let k = 0; k < weights[i]!; k++) deck.push(v);
  });
  return Array.from({ length: n }, (_, i) => deck[(i * 7) % deck.length]!);
}

/** Sixty invented names with no digit: an open vocabulary. */
const NAMES = Array.from(
  { length: 60 },
  (_, i) =>
    ['ka', 'lo', 'mi', 'ra', 'te', 'su'][i % 6]! +
    ['vo', 'ne', 'pi', 'da', 'gu', 'ze', 'bo', 'fi', 'ha', 'wu'][Math.floor(i / 6)]! +
    'n',
);
/** Zipf's law over NAMES: the name of rank r about 60/r times in 280 lines. */
const ZIPF = NAMES.flatMap((name, r) => Array.from({ length: Math.max(1, Math.round(60 / (r + 1))) }, () => name));

describe('constant or variable: enumerations stay events', () => {
  it('keeps six state names, each frequent, as six events (`moved to state PARKED` …)', () => {
    const states = ['PARKED', 'QUEUED', 'LOADING', 'SERVING', 'DRAINED', 'RETIRED'];
    const lines = cycle(states, [5, 4, 3, 3, 2, 2], 190).map((s, i) => `shuttle ${1000 + i} moved to state ${s}`);
    const t = templatesOf(lines);
    expect(new Set(t)).toEqual(new Set(states.map((s) => `shuttle <NUM> moved to state ${s}`)));
    expect(t[0]).toBe(`shuttle <NUM> moved to state ${lines[0]!.split(' ').pop()}`);
  });

  it('keeps transitions whose two states vary together as one event each (`from OPEN to HALF`)', () => {
    const transitions = ['OPEN to HALF', 'HALF to SHUT', 'SHUT to OPEN', 'HALF to OPEN', 'OPEN to SHUT'];
    const lines = cycle(transitions, [3, 3, 2, 2, 2], 120).map((x, i) => `valve ${i} switched from ${x}`);
    expect(new Set(templatesOf(lines))).toEqual(new Set(transitions.map((x) => `valve <NUM> switched from ${x}`)));
  });

  it('keeps an action name after a key as an event of its own (`signal kind:org.demo.signal.WAKE`)', () => {
    const kinds = ['org.demo.signal.WAKE', 'org.demo.signal.SLEEP', 'org.demo.signal.FLUSH'];
    const lines = cycle(kinds, [4, 3, 2], 90).map((k, i) => `dispatch signal kind:${k} to ${i % 9} listeners`);
    expect(new Set(templatesOf(lines))).toEqual(
      new Set(kinds.map((k) => `dispatch signal kind:${k} to <NUM> listeners`)),
    );
  });

  it('keeps a key whose few values name events apart (`account=wheel` / `account=visitor` / `account=probe`)', () => {
    const accounts = ['wheel', 'visitor', 'probe'];
    const lines = cycle(accounts, [6, 2, 2], 100).map((a, i) => `gate check ok account=${a} took ${i} ms`);
    expect(new Set(templatesOf(lines))).toEqual(
      new Set(accounts.map((a) => `gate check ok account=${a} took <DURATION>`)),
    );
  });

  it('keeps state names apart beside an open vocabulary in the same line (mixed)', () => {
    const states = ['IDLE', 'BUSY', 'LOST', 'GONE', 'BACK'];
    const lines = cycle(states, [3, 3, 2, 2, 2], 240).map(
      (s, i) => `courier ${ZIPF[(i * 13) % ZIPF.length]} reported ${s}`,
    );
    expect(new Set(templatesOf(lines))).toEqual(new Set(states.map((s) => `courier <*> reported ${s}`)));
  });
});

describe('constant or variable: open vocabularies and generic values are parameters', () => {
  it('makes sixty names drawn by Zipf’s law one parameter (`parcel left for <*>`)', () => {
    const lines = ZIPF.map((name) => `parcel left for ${name}`);
    expect(new Set(templatesOf(lines))).toEqual(new Set(['parcel left for <*>']));
  });

  it('makes six words with a tail of rare ones a parameter: a few frequent words are not enough', () => {
    // Six words, two of them on one line each: a long tail, not an enumeration.
    const words = ['amber', 'basalt', 'cobalt', 'dune', 'ember', 'flint'];
    const lines = cycle(words, [12, 10, 8, 6, 1, 1], 38).map((w) => `glaze mixed with ${w}`);
    expect(new Set(templatesOf(lines))).toEqual(new Set(['glaze mixed with <*>']));
  });

  it('makes nine words or more a parameter however evenly they occur (constantMaxValues 8)', () => {
    const words = NAMES.slice(0, 9);
    const lines = cycle(
      words,
      words.map(() => 4),
      180,
    ).map((w) => `crate sealed by ${w}`);
    expect(new Set(templatesOf(lines))).toEqual(new Set(['crate sealed by <*>']));
    // With room for nine, the same nine even words are nine events.
    expect(new Set(templatesOf(lines, { constantMaxValues: 9 })).size).toBe(9);
  });

  it('makes a key’s true/false a parameter when the same words follow other keys too (`ready:false`)', () => {
    const lines: string[] = [];
    for (let i = 0; i < 60; i++) {
      lines.push(`probe ready:${i % 5 === 0 ? 'true' : 'false'} after ${i} polls`);
      lines.push(`lamp lit=${i % 3 === 0 ? 'false' : 'true'} by relay`);
    }
    const t = templatesOf(lines);
    expect(new Set(t)).toEqual(new Set(['probe ready:<*> after <NUM> polls', 'lamp lit=<*> by relay']));
  });

  it('makes the log’s generic values a parameter wherever they stand (`door open true` / `false`)', () => {
    // `true` and `false` follow two keys elsewhere (`ready:`, `lit=`): values, also after a plain word.
    const lines: string[] = [];
    for (let i = 0; i < 40; i++) {
      lines.push(`probe ready:${i % 2 === 0 ? 'true' : 'false'} now`);
      lines.push(`lamp lit=${i % 3 === 0 ? 'false' : 'true'} now`);
      lines.push(`door open ${i % 4 === 0 ? 'true' : 'false'} latch ok`);
    }
    expect(new Set(templatesOf(lines).filter((t) => t.startsWith('door')))).toEqual(
      new Set(['door open <*> latch ok']),
    );
  });

  it('makes names shared by two families values, however evenly each family draws them', () => {
    // Eight names in each of two families (as users log in and log out): values, not sixteen events.
    const names = NAMES.slice(10, 18);
    const lines: string[] = [];
    for (let i = 0; i < 160; i++) {
      lines.push(`badge issued to ${names[i % 8]}`);
      lines.push(`badge revoked from ${names[(i * 3) % 8]}`);
    }
    expect(new Set(templatesOf(lines))).toEqual(new Set(['badge issued to <*>', 'badge revoked from <*>']));
  });
});

describe('constant or variable: co-variation', () => {
  it('makes two small vocabularies that vary apart in one template parameters (every user with every host)', () => {
    // Five users and five hosts, each frequent: by frequency alone ten enumerations, but every user
    // comes with every host — 25 pairs, more than 5 + 5 — so neither names the event.
    const users = NAMES.slice(20, 25);
    const hosts = NAMES.slice(30, 35);
    const lines = Array.from(
      { length: 100 },
      (_, i) => `sync ok for ${users[i % 5]} on ${hosts[Math.floor(i / 5) % 5]} done`,
    );
    expect(new Set(templatesOf(lines))).toEqual(new Set(['sync ok for <*> on <*> done']));
  });

  it('keeps two positions that vary together as events (each state after one other: a chain)', () => {
    // `from` and `to` make 6 pairs of 5 + 5 words: a chain, one event per transition.
    const steps = [
      'SEED to SPROUT',
      'SPROUT to LEAF',
      'LEAF to BLOOM',
      'BLOOM to FRUIT',
      'FRUIT to SEED',
      'LEAF to FRUIT',
    ];
    const lines = cycle(steps, [2, 2, 2, 2, 2, 2], 96).map((x, i) => `plot ${i} grew from ${x} overnight`);
    expect(new Set(templatesOf(lines))).toEqual(new Set(steps.map((x) => `plot <NUM> grew from ${x} overnight`)));
  });
});

describe('isEnumeration', () => {
  const rule = { maxValues: 8, minShare: 0.02, minLines: 3 };
  it('needs every word at minLines lines and minShare of all', () => {
    expect(
      isEnumeration(
        new Map([
          ['a', 3],
          ['b', 3],
        ]),
        rule,
      ),
    ).toBe(true);
    expect(
      isEnumeration(
        new Map([
          ['a', 3],
          ['b', 2],
        ]),
        rule,
      ),
    ).toBe(false);
    expect(
      isEnumeration(
        new Map([
          ['a', 300],
          ['b', 5],
        ]),
        rule,
      ),
    ).toBe(false); // 5 < 2 % of 305
    expect(
      isEnumeration(
        new Map([
          ['a', 300],
          ['b', 7],
        ]),
        rule,
      ),
    ).toBe(true);
    expect(isEnumeration(new Map([['a', 9]]), rule)).toBe(false);
  });
});

describe('crossed', () => {
  it('counts more pairs than a forest plus one cycle as varying apart', () => {
    expect(crossed(8, 5, 5)).toBe(false); // a chain of transitions
    expect(crossed(4, 2, 2)).toBe(false); // a 2 × 2 cross: one cycle
    expect(crossed(11, 5, 5)).toBe(true);
    expect(crossed(6, 2, 3)).toBe(true);
  });
});
