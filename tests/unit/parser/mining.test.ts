import { describe, expect, it } from 'vitest';
import {
  Drain,
  finalizeTemplates,
  hasWordBesides,
  joinTokens,
  MAX_VARIANTS,
  mergedText,
  survivor,
  tokenize,
  type DrainOptions,
} from '../../../src/parser';
import { parsed, withFormat } from './helpers';

const isVariable = (t: string): boolean => /\d/.test(t) || t.includes('<*>');

function drain(options: Partial<DrainOptions> = {}): Drain {
  return new Drain({ depth: 4, similarity: 0.8, maxChildren: 100, variableAfter: 3, isVariable, ...options });
}

function add(d: Drain, line: string) {
  const { tokens, glue } = tokenize(line);
  return d.add(tokens, glue);
}

function templates(d: Drain, merge = true): string[] {
  return finalizeTemplates(d.clusters, { merge, variableAfter: 3, isVariable }).list.map((t) => t.template);
}

describe('tokenize', () => {
  it('splits on whitespace and peels brackets, quotes and trailing punctuation; splits key=value', () => {
    expect(tokenize('pam_unix(sshd:auth): check; uid=0 [preauth] "x",').tokens).toEqual([
      'pam_unix(sshd:',
      'auth',
      ')',
      ':',
      'check',
      ';',
      'uid=',
      '0',
      '[',
      'preauth',
      ']',
      '"',
      'x',
      '"',
      ',',
    ]);
  });

  it('remembers the spacing so the text can be rebuilt (runs of spaces become one)', () => {
    const { tokens, glue } = tokenize('a=1   [b]  c,');
    expect(joinTokens(tokens, glue)).toBe('a=1 [b] c,');
  });

  it('peels every closer at the end of a word, `;` included, each glued to the one before', () => {
    // `)` and `;` both close a word, so both come off `ok);`, not only the last.
    expect(tokenize('ok);')).toEqual({ tokens: ['ok', ')', ';'], glue: [false, true, true] });
  });

  it('splits on a newline and a vertical tab as on a space', () => {
    expect(tokenize('a\nb\u000bc')).toEqual({ tokens: ['a', 'b', 'c'], glue: [false, false, false] });
  });

  it('reads on after a `::` scope: a key=value right behind it still splits after its sign', () => {
    // `Class::x=5`: `::` is a token of its own, then `x=` `5` (docs/parser.md, Tokens).
    expect(tokenize('Class::x=5')).toEqual({ tokens: ['Class', '::', 'x=', '5'], glue: [false, true, true, true] });
    expect(tokenize('a::,b')).toEqual({ tokens: ['a', '::', ',', 'b'], glue: [false, true, true, true] });
  });
  it('splits off `::` and `..` at the start of a word without an empty token before them', () => {
    expect(tokenize('::x')).toEqual({ tokens: ['::', 'x'], glue: [false, true] });
    expect(tokenize('a,::b')).toEqual({ tokens: ['a', ',', '::', 'b'], glue: [false, true, true, true] });
    expect(tokenize('..x')).toEqual({ tokens: ['..', 'x'], glue: [false, true] });
    expect(tokenize('a|..b')).toEqual({ tokens: ['a', '|', '..', 'b'], glue: [false, true, true, true] });
  });
});

describe('Drain', () => {
  it('merges lines of the same shape, wildcarding what differs, and reports what changed', () => {
    const d = drain();
    expect(add(d, 'PacketResponder 1 for block 77 terminating').change).toBe('cluster_created');
    expect(add(d, 'PacketResponder 2 for block 78 terminating').change).toBe('cluster_template_changed');
    expect(add(d, 'PacketResponder 3 for block 79 terminating').change).toBe('none');
    expect(templates(d)).toEqual(['PacketResponder <*> for block <*> terminating']);
  });

  it('splits lines of different shapes: another length, or other words', () => {
    const d = drain();
    add(d, 'Received block 1 of size 5 from 10');
    add(d, 'Receiving block 1 src: 2 dest: 3');
    add(d, 'Received block 1 of size 5');
    add(d, 'Deleting block 1 file 2');
    expect(templates(d)).toHaveLength(4);
  });

  it('keeps one differing word apart in a short template (the similarity counts constant tokens)', () => {
    const d = drain();
    add(d, 'h1 open through proxy h2 HTTPS');
    add(d, 'h3 open through proxy h4 SOCKS5');
    add(d, 'h5 open through proxy h6 HTTPS');
    expect(templates(d)).toEqual(['<*> open through proxy <*> HTTPS', 'h3 open through proxy h4 SOCKS5']);
  });

  it('turns a word seen with three values into a parameter and keeps the oldest cluster', () => {
    const d = drain();
    const first = add(d, 'Invalid user admin from 1.2.3.4').cluster;
    add(d, 'Invalid user oracle from 1.2.3.5');
    expect(d.clusters).toHaveLength(2);
    const third = add(d, 'Invalid user test from 1.2.3.6');
    expect(third.change).toBe('cluster_template_changed');
    expect(third.cluster).toBe(first);
    expect(d.clusters.map((c) => survivor(c).id)).toEqual([1, 1, 1]);
    expect(first.size).toBe(3);
    expect(add(d, 'Invalid user guest from 1.2.3.7')).toMatchObject({ cluster: first, change: 'none' });
    expect(templates(d)).toEqual(['Invalid user <*> from <*>']);
  });

  it('sends tokens with digits down the wildcard branch, so a leading number does not split', () => {
    const d = drain();
    add(d, '42 tasks started');
    add(d, '7 tasks started');
    expect(templates(d)).toEqual(['<*> tasks started']);
  });

  it('sends new words to the wildcard branch once a node is full', () => {
    const d = drain({ maxChildren: 3, depth: 3 });
    for (const w of ['alpha', 'beta', 'gamma', 'delta', 'eps']) add(d, `${w} x y z`);
    expect(d.clusters.filter((c) => c.mergedInto === null).length).toBeGreaterThan(1);
    // The merge pass sees every leaf: one word with five values is a parameter.
    expect(templates(d)).toEqual(['<*> x y z']);
  });

  it('lets a template of parameters only take a line of parameters only, never a line with a word', () => {
    const d = drain();
    expect(add(d, '1 2').change).toBe('cluster_created');
    // Both positions are variable-looking on both sides: no constant position to compare, similarity 1.
    expect(add(d, '3 4')).toMatchObject({ cluster: { id: 1 }, change: 'cluster_template_changed' });
    expect(joinTokens(d.clusters[0]!.tokens, d.clusters[0]!.glue)).toBe('<*> <*>');
    // `abc` is a constant word: joining `<*> <*>` would leave its line without one.
    expect(add(d, 'abc 5')).toMatchObject({ cluster: { id: 2 }, change: 'cluster_created' });
  });

  it('keeps up to 64 variants of a cluster, then gives up keeping them', () => {
    expect(MAX_VARIANTS).toBe(64);
    const d = drain({ similarity: 0.5, variableAfter: 100 });
    const word = (k: number) => String.fromCharCode(97 + Math.floor(k / 26), 97 + (k % 26));
    // The first line is a variant with no few-valued position; each later line brings a new word at
    // the last position, so a variant of its own: 64 lines make 64 variants.
    for (let k = 0; k < 64; k++) expect(add(d, `svc run ${word(k)}`).variant).toMatchObject({ count: 1 });
    expect(d.clusters).toHaveLength(1);
    expect(d.clusters[0]!.variants).toHaveLength(64);
    // The 65th would be one too many: the cluster keeps none from then on.
    expect(add(d, `svc run ${word(64)}`)).toMatchObject({ cluster: { id: 1 }, variant: null });
    expect(d.clusters[0]!.variants).toBeNull();
  });

  it('keeps the variants of siblings merged into one cluster up to 64 in all, and none beyond', () => {
    // `k run <six words> end x`: each of the six positions takes two words (below variableAfter 3).
    const words = (combo: number) =>
      Array.from({ length: 6 }, (_, i) => String.fromCharCode(97 + i) + ((combo >> i) & 1 ? 'b' : 'a')).join(' ');
    const merged = (own: number) => {
      const d = drain();
      // The first line and one line per position turned to its second word (each 4 of 5 constant words
      // or more, at 0.8) make 7 variants: each keyed by the positions that had two words when it came.
      // The last of them (combo 32) is keyed by all six; every other combo keyed by all six is new.
      add(d, `k run ${words(0)} end x`);
      for (let i = 0; i < 6; i++) add(d, `k run ${words(1 << i)} end x`);
      const rest = Array.from({ length: 64 }, (_, c) => c).filter((c) => c !== 32);
      for (const c of rest.slice(0, own - 7)) expect(add(d, `k run ${words(c)} end x`).cluster.id).toBe(1);
      expect(d.clusters[0]!.variants).toHaveLength(own);
      // Two siblings, 3 of 4 constant words of cluster 1 (below 0.8), one variant each; the third word
      // at the last position (x, y, z) merges both into cluster 1: own + 1 + 1 variants.
      expect(add(d, 'k run <*> <*> <*> <*> <*> <*> end y').change).toBe('cluster_created');
      expect(add(d, 'k run <*> <*> <*> <*> <*> <*> end z')).toMatchObject({
        cluster: { id: 1 },
        change: 'cluster_template_changed',
      });
      expect(d.clusters.map((c) => survivor(c).id)).toEqual(d.clusters.map(() => 1));
      return d.clusters[0]!.variants;
    };
    // 62 + 1 + 1 = 64: all kept.
    expect(merged(62)).toHaveLength(64);
    // 63 + 1 = 64 still kept; one more would be 65: the cluster keeps none.
    expect(merged(63)).toBeNull();
  });

  it('merges siblings one word apart into the oldest when it has a parameter where they have a literal <*>', () => {
    const d = drain();
    add(d, 'start job alpha on red');
    add(d, 'start job alpha on green');
    // Three words at the last position (variableAfter 3): a parameter of cluster 1.
    add(d, 'start job alpha on blue');
    expect(joinTokens(d.clusters[0]!.tokens, d.clusters[0]!.glue)).toBe('start job alpha on <*>');
    // 3 of 4 constant words: below 0.8, so each starts a cluster; the third word at position 2
    // (alpha, beta, gamma) merges the three into cluster 1.
    expect(add(d, 'start job beta on <*>').change).toBe('cluster_created');
    expect(add(d, 'start job gamma on <*>')).toMatchObject({ cluster: { id: 1 }, change: 'cluster_template_changed' });
    expect(d.clusters.map((c) => survivor(c).id)).toEqual([1, 1, 1]);
    expect(d.clusters[0]!.size).toBe(5);
    expect(joinTokens(d.clusters[0]!.tokens, d.clusters[0]!.glue)).toBe('start job <*> on <*>');
  });

  it('gives a new word its own branch while the node has room, even beside a <*> branch', () => {
    // Depth 3: one level of leading tokens. `1 …` opens the `<*>` branch; `stop p q r s` is compared
    // with the `<*>` leaf (no `stop` branch yet), matches nothing and gets a `stop` branch of its own.
    const d = drain({ depth: 3 });
    add(d, 'start x y z w');
    add(d, '1 x y z w');
    expect(add(d, 'stop p q r s')).toMatchObject({ cluster: { id: 3 }, change: 'cluster_created' });
    // So `stop x y z w` walks to the `stop` leaf and meets only cluster 3 (1 of 5 words): a cluster of
    // its own, although it repeats 4 of the 5 constant positions of `1 x y z w` in the `<*>` leaf.
    expect(add(d, 'stop x y z w')).toMatchObject({ cluster: { id: 4 }, change: 'cluster_created' });
    expect(joinTokens(d.clusters[1]!.tokens, d.clusters[1]!.glue)).toBe('1 x y z w');
  });

  it('counts each cluster a line is compared with in comparisons', () => {
    const d = drain();
    add(d, 'job 1 done'); // no leaf of three tokens yet: nothing compared
    expect(d.comparisons).toBe(0);
    add(d, 'job 2 done'); // cluster 1
    expect(d.comparisons).toBe(1);
    add(d, 'job 3 failed'); // cluster 1 (1 of 2 constant words): a new cluster in the same leaf
    expect(d.comparisons).toBe(2);
    add(d, 'job 4 done'); // clusters 1 and 2
    expect(d.comparisons).toBe(4);
  });

  it('merges a sibling whose position is already a parameter into an oldest one with two words there', () => {
    const d = drain();
    // Cluster 1 has two words at the last position (below variableAfter 3): `<*>` in the template,
    // its word list kept.
    add(d, 'start job alpha on red');
    add(d, 'start job alpha on green');
    // Cluster 2 (3 of 4 constant words of cluster 1: below 0.8) sees three words there: a parameter.
    expect(add(d, 'start job beta on red')).toMatchObject({ cluster: { id: 2 }, change: 'cluster_created' });
    add(d, 'start job beta on green');
    add(d, 'start job beta on blue');
    expect(joinTokens(d.clusters[1]!.tokens, d.clusters[1]!.glue)).toBe('start job beta on <*>');
    // A third word at position 2 merges all three into cluster 1: 2 + 3 + 1 lines.
    expect(add(d, 'start job gamma on <*>')).toMatchObject({ cluster: { id: 1 }, change: 'cluster_template_changed' });
    expect(d.clusters.map((c) => survivor(c).id)).toEqual([1, 1, 1]);
    expect(d.clusters[0]!.size).toBe(6);
    expect(joinTokens(d.clusters[0]!.tokens, d.clusters[0]!.glue)).toBe('start job <*> on <*>');
  });

  it('takes the value of a key ending in a digit as variable, and not what follows `>=`', () => {
    // `p99:` is a key: its values count as variable, so the two lines are one cluster (docs/parser.md,
    // "Values of keys are parameters").
    const d = drain();
    add(d, 'latency p99:fast ok');
    expect(add(d, 'latency p99:slow ok')).toMatchObject({ cluster: { id: 1 }, change: 'cluster_template_changed' });
    // `level>=` is no key (`>` is not a letter, digit or `_`): `warn` and `error` are words, 3 of 4
    // constant words is below 0.8, two clusters.
    const e = drain();
    add(e, 'check level>=warn passed');
    expect(add(e, 'check level>=error passed')).toMatchObject({ cluster: { id: 2 }, change: 'cluster_created' });
  });

  it('keeps a position few-valued when a word it has seen comes again', () => {
    // variableAfter 3: `alpha` and `beta` are two words at position 2; `alpha` again is no third.
    const d = drain();
    add(d, 'start job alpha now ok');
    expect(add(d, 'start job beta now ok')).toMatchObject({ cluster: { id: 1 }, change: 'cluster_template_changed' });
    add(d, 'start job alpha now ok');
    expect(d.clusters[0]!.values[2]).toEqual(new Set(['alpha', 'beta']));
    expect(d.valueWords.size).toBe(0);
    // So the final pass splits the cluster by its two words (fewer than variableAfter).
    expect(templates(d)).toEqual(['start job alpha now ok', 'start job beta now ok']);
  });

  it('takes no sibling with a `<*>` where the new cluster has a value as one word apart', () => {
    const d = drain();
    add(d, 'run job 1 on red');
    add(d, 'run job 2 on red'); // cluster 1: `run job <*> on red`
    // 3 of 4 constant words of cluster 1: cluster 2. Cluster 1 differs from it at the `<*>` and at `red`.
    expect(add(d, 'run job 3 on blue')).toMatchObject({ cluster: { id: 2 }, change: 'cluster_created' });
    // Cluster 2 is one word apart (`3`/`4` both look variable), cluster 1 is not: two words, not the
    // three variableAfter needs, so nothing merges.
    expect(add(d, 'run job 4 on green')).toMatchObject({ cluster: { id: 3 }, change: 'cluster_created' });
    expect(d.clusters.map((c) => c.mergedInto)).toEqual([null, null, null]);
  });

  it('match() finds a cluster without changing anything', () => {
    const d = drain();
    add(d, 'job 1 done');
    const before = JSON.stringify(d.clusters.map((c) => [c.tokens, c.size]));
    expect(d.match(tokenize('job 2 done').tokens)?.id).toBe(1);
    expect(d.match(tokenize('job 2 failed badly').tokens)).toBeNull();
    expect(JSON.stringify(d.clusters.map((c) => [c.tokens, c.size]))).toBe(before);
  });
});

describe('merge pass', () => {
  it('folds a template into a more general one it is an instance of', () => {
    const d = drain();
    add(d, 'Invalid user webmaster from 1.1.1.1');
    add(d, 'Invalid user 123 from 1.1.1.2');
    add(d, 'Invalid user 456 from 1.1.1.3');
    add(d, 'Invalid user webmaster from 1.1.1.4');
    // The fourth line ties between both and goes to the more general one (as in Drain).
    expect(templates(d, false)).toEqual(['Invalid user webmaster from 1.1.1.1', 'Invalid user <*> from <*>']);
    const final = finalizeTemplates(d.clusters, { merge: true, variableAfter: 3, isVariable });
    expect(final.list).toEqual([
      { eventId: 'E1', template: 'Invalid user <*> from <*>', occurrences: 4, mergedIds: ['E2'] },
    ]);
    expect(final.byCluster[2]).toBe(final.list[0]);
  });

  it('merges templates of different lengths with the same constant words, keeping shared punctuation', () => {
    const r = parsed(
      [
        'conn close, 12 bytes sent, 7 bytes received',
        'conn close, 1024 bytes (1.0 KB) sent, 7 bytes received',
        'conn close, 9 bytes sent, 8 bytes received',
      ],
      withFormat('<Content>'),
    );
    expect(r.templates).toEqual([
      { eventId: 'E1', template: 'conn close, <*> sent, <SIZE> received', occurrences: 3, mergedIds: ['E2'] },
    ]);
    expect(r.events.map((e) => e.eventId)).toEqual(['E1', 'E1', 'E1']);
    // Parameters come from each line's own same-length template.
    expect(r.events[1]!.params).toEqual(['1024 bytes', '1.0 KB', '7 bytes']);
  });

  it('keeps every punctuation token members close a differing gap with, and no digit', () => {
    const sp = (text: string) => {
      const tokens = text.split(' ');
      return { tokens, glue: tokens.map(() => false) };
    };
    // `( … ) ,` open and close the gap in both: all three kept around the `<*>`.
    expect(mergedText([sp('conn ( 1 ) , done'), sp('conn ( 2 3 ) , done')], isVariable)).toBe('conn ( <*> ) , done');
    // `9` opens both gaps but is a digit, not punctuation: it goes into the `<*>`.
    expect(mergedText([sp('a 9 1 b'), sp('a 9 2 3 b')], isVariable)).toBe('a <*> b');
  });

  it('lets a word stand beside a parameter only where a merged member had `variableAfter` words', () => {
    // Depth 4: the first two tokens pick the leaf, so each line below is a cluster of its own leaf
    // unless stated. The final pass merges `x a|b|c <d> end 7` at position 1 (three words) into
    // `x <*> <*> end 7` (the digits differ: `<*>`). `x 9 foo end 8` is one word apart from it at
    // position 2 (`9`/`<*>`, `8`/`7` look variable on both sides), and is no instance of it (`8`).
    const tail = ['x b 4 end 7', 'x c 5 end 7', 'x 9 foo end 8'];
    // Cluster 1 saw one value at position 2: no parameter by variety, and `foo` is a single word.
    const apart = drain();
    for (const l of ['x a 1 end 7', ...tail]) add(apart, l);
    expect(templates(apart)).toEqual(['x <*> <*> end 7', 'x 9 foo end 8']);
    // Cluster 1 saw three values at position 2 (variableAfter 3): a parameter, which the merged
    // template keeps from it, so `foo` beside it is one of its values.
    const general = drain();
    for (const l of ['x a 1 end 7', 'x a 2 end 7', 'x a 3 end 7', ...tail]) add(general, l);
    // The three lines are one cluster (the digits look variable on both sides); the miner merges nothing.
    expect(general.clusters.map((c) => survivor(c).id)).toEqual([1, 2, 3, 4]);
    expect(templates(general)).toEqual(['x <*> <*> end <*>']);
  });

  it('merges no templates one word apart when the word is their only constant word', () => {
    // `1 a`, `2 b`, `3 c`: three words at position 1, but beside only a digit; merged, the template
    // would be `<*> <*>`, no event.
    const d = drain();
    for (const l of ['1 a', '2 b', '3 c']) add(d, l);
    expect(templates(d)).toEqual(['1 a', '2 b', '3 c']);
  });

  it('folds a template into a general one whose only constant word is at position 1', () => {
    // `foo done` comes first (its own `foo` branch; later it would be compared with the `<*>` leaf and
    // join it). `1 done` and `2 done` make `<*> done` (two values: no parameter by variety, and each
    // digit is seen once, so no split), of which `foo done` is an instance: E1 takes the template.
    const d = drain();
    for (const l of ['foo done', '1 done', '2 done']) add(d, l);
    expect(templates(d, false)).toEqual(['foo done', '<*> done']);
    const final = finalizeTemplates(d.clusters, { merge: true, variableAfter: 3, isVariable });
    expect(final.list).toEqual([{ eventId: 'E1', template: '<*> done', occurrences: 3, mergedIds: ['E2'] }]);
  });

  it('hasWordBesides: brackets are punctuation, a digit is not', () => {
    expect(hasWordBesides(['[', 'x', ']'], 1, isVariable)).toBe(false);
    expect(hasWordBesides(['{', '@', '~', '<*>'], 3, isVariable)).toBe(false);
    // With an isVariable that takes no digit as variable, `9` is a word.
    expect(hasWordBesides(['9', 'x'], 1, () => false)).toBe(true);
  });

  it('can be turned off', () => {
    const r = parsed(['a 1 b', 'a 1 2 b'], withFormat('<Content>', { mining: { merge: false } }));
    expect(r.templates.map((t) => t.template)).toEqual(['a <NUM> b', 'a <NUM> <NUM> b']);
  });
});

describe('final assignment', () => {
  it("gives each part of a split cluster an id of its own after the clusters' ids", () => {
    // Two clusters, each split by a position with two words: the second parts take E3 and E4.
    const r = parsed(
      ['start job alpha now ok', 'start job beta now ok', 'stop task red now ok', 'stop task blue now ok'],
      withFormat('<Content>'),
    );
    expect(r.events.map((e) => [e.eventId, e.template])).toEqual([
      ['E1', 'start job alpha now ok'],
      ['E3', 'start job beta now ok'],
      ['E2', 'stop task red now ok'],
      ['E4', 'stop task blue now ok'],
    ]);
  });

  it('gives each line the part of a cluster split by two positions its words belong to', () => {
    const r = parsed(['a b c d e f g h alpha red', 'a b c d e f g h beta blue'], withFormat('<Content>'));
    expect(r.events.map((e) => [e.eventId, e.template])).toEqual([
      ['E1', 'a b c d e f g h alpha red'],
      ['E2', 'a b c d e f g h beta blue'],
    ]);
  });

  it('gives a line mined early the template its cluster ended with', () => {
    const r = parsed(
      [
        'user alice logged in',
        'user bob logged in',
        'user carol logged in',
        'user dave logged in',
        'user erin logged in',
      ],
      withFormat('<Content>'),
    );
    expect(r.events.map((e) => [e.eventId, e.template, e.params])).toEqual([
      ['E1', 'user <*> logged in', ['alice']],
      ['E1', 'user <*> logged in', ['bob']],
      ['E1', 'user <*> logged in', ['carol']],
      ['E1', 'user <*> logged in', ['dave']],
      ['E1', 'user <*> logged in', ['erin']],
    ]);
    expect(r.templates).toEqual([
      { eventId: 'E1', template: 'user <*> logged in', occurrences: 5, mergedIds: ['E2', 'E3', 'E4', 'E5'] },
    ]);
  });

  it('keeps event ids in creation order and stable as templates generalise', () => {
    const r = parsed(['start job 1', 'stop job 1', 'start job 2'], withFormat('<Content>'));
    expect(r.events.map((e) => e.eventId)).toEqual(['E1', 'E2', 'E1']);
    expect(r.templates.map((t) => t.template)).toEqual(['start job <NUM>', 'stop job <NUM>']);
  });
});
