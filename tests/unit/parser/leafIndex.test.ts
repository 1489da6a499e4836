// Mining compares a line with the clusters of its leaf that could take it, through an index of their
// constant words (src/parser/mining/leafIndex.ts): near-linear on high-cardinality logs, and exactly the
// same clusters as comparing with all of them. The first test failed before (every line was
// compared with every cluster of its leaf: 20,000 lines with two random words took about 50 s).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Drain, tokenize, type DrainOptions } from '../../../src/parser';

const isVariable = (t: string): boolean => /\d/.test(t) || t.includes('<');

function drain(options: Partial<DrainOptions> = {}): Drain {
  return new Drain({ depth: 4, similarity: 0.8, maxChildren: 100, variableAfter: 5, isVariable, ...options });
}

/** A word of letters for `n` (distinct for distinct n), scrambled so neighbours share no prefix. */
function word(n: number): string {
  let x = (Math.imul(n + 1, 0x9e3779b1) >>> 0) % 26 ** 5;
  let w = '';
  for (let i = 0; i < 5; i++, x = Math.floor(x / 26)) w += String.fromCharCode(97 + (x % 26));
  return w;
}

describe('Drain with a leaf index', () => {
  it('compares each line with a bounded number of clusters when every line has two new words', () => {
    const d = drain();
    const lines = 5_000;
    for (let i = 0; i < lines; i++) {
      const { tokens, glue } = tokenize(`${word(2 * i)} ${word(2 * i + 1)} connected to the server now`);
      d.add(tokens, glue);
    }
    // Without the index each line met every cluster of its leaf: about lines² / 2 comparisons.
    expect(d.comparisons).toBeLessThan(lines * 10);
  });

  it('compares a line with no cluster when two of its words are in none (the shortest lists are read)', () => {
    // Seven tokens at 0.8: a cluster may miss at most one constant position (⌊7 × 0.2⌋ = 1), so the
    // two positions with the fewest clusters decide. The leading five words are shared by every
    // cluster; the last two are new on every line, so their lists are empty and nothing is compared.
    const d = drain({ indexFrom: 0 });
    for (let i = 0; i < 200; i++) {
      const { tokens, glue } = tokenize(`connected to the server now ${word(2 * i)} ${word(2 * i + 1)}`);
      d.add(tokens, glue);
    }
    expect(d.clusters).toHaveLength(200);
    expect(d.comparisons).toBe(0);
  });

  it('lists every cluster with a word at a position, not only the last one added', () => {
    // Four tokens at 0.75: a cluster may miss one constant position (⌊4 × 0.25⌋ = 1), so the two
    // shortest lists are read. Each word of cluster 1 (`a b c d`) is also a word of a later cluster at
    // the same position; the line `a b c z` repeats 3 of its 4 words and must still find it.
    const d = drain({ depth: 3, similarity: 0.75, indexFrom: 1 });
    for (const l of ['a b c d', 'a b x y', 'a p c q', 'a r s d']) {
      const { tokens, glue } = tokenize(l);
      expect(d.add(tokens, glue).change).toBe('cluster_created');
    }
    const { tokens, glue } = tokenize('a b c z');
    expect(d.add(tokens, glue)).toMatchObject({ cluster: { id: 1 }, change: 'cluster_template_changed' });
  });

  it('keeps listing the other clusters with a word at a position when one of them turns it into <*>', () => {
    // Five tokens at 0.8: a cluster may miss one constant position (⌊5 × 0.2⌋ = 1), so the two shortest
    // lists are read. Depth 3: one leaf for five-token lines starting with `a`, indexed from the start.
    const d = drain({ depth: 3, indexFrom: 0 });
    const add = (line: string) => {
      const { tokens, glue } = tokenize(line);
      return d.add(tokens, glue);
    };
    add('a b c d e'); // cluster 1
    add('a x y d z'); // cluster 2 (2 of 5 words of cluster 1), `d` at position 3 like it
    add('a x y f g'); // cluster 3 (3 of 5 words of cluster 2): `x` and `y` are listed twice
    // 4 of 5 words of cluster 1: it becomes `a b c <*> e`; cluster 2 still has `d` at position 3.
    expect(add('a b c q e')).toMatchObject({ cluster: { id: 1 }, change: 'cluster_template_changed' });
    // 4 of 5 words of cluster 2 (cluster 1: 1 of 4, cluster 3: 3 of 5). The shortest list for it is
    // position 4's (`w`: none), then positions 1, 2 and 3 with two clusters each (3: `d` for cluster 2,
    // and cluster 1 with no constant word there). Were cluster 2 dropped from position 3's list, that
    // list would be the shorter one read, and the line would meet cluster 1 only.
    expect(add('a x y d w')).toMatchObject({ cluster: { id: 2 }, change: 'cluster_template_changed' });
  });

  it('breaks a tie between two clusters for the oldest, as the full scan does, whatever order the lists hold them in', () => {
    // Depth 3: one leaf for four-token lines starting with `a`. Cluster 1 is `a <*> c d`, cluster 2
    // `a b c e` until `a b c f` makes it `a b c <*>`; cluster 3 keeps the `a` list long. `a b c d` repeats
    // every constant word of both (similarity 1, one `<*>` each): a tie, which goes to the oldest,
    // cluster 1. The shortest list read is position 1's, which holds cluster 2 (word `b`) before
    // cluster 1 (no constant word).
    for (const indexFrom of [1, 32]) {
      const d = drain({ depth: 3, similarity: 0.75, variableAfter: 100, indexFrom });
      const add = (line: string) => {
        const { tokens, glue } = tokenize(line);
        return d.add(tokens, glue);
      };
      add('a x c d');
      expect(add('a y c d')).toMatchObject({ cluster: { id: 1 }, change: 'cluster_template_changed' });
      expect(add('a b c e')).toMatchObject({ cluster: { id: 2 }, change: 'cluster_created' });
      expect(add('a b c f')).toMatchObject({ cluster: { id: 2 }, change: 'cluster_template_changed' });
      expect(add('a m n o')).toMatchObject({ cluster: { id: 3 }, change: 'cluster_created' });
      expect(add('a b c d')).toMatchObject({ cluster: { id: 1 }, change: 'none' });
    }
  });

  it('gives the same clusters, ids and templates as comparing with every cluster', () => {
    const vocabulary = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'x1', '<NUM>', 'key=', 'v', 'on', 'off');
    const line = fc.array(vocabulary, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 300 }), fc.constantFrom(0.4, 0.5, 0.8, 1), (lines, similarity) => {
        const scanned = drain({ similarity, indexFrom: Infinity });
        const indexed = drain({ similarity, indexFrom: 0 });
        for (const l of lines) {
          const { tokens, glue } = tokenize(l);
          const a = scanned.add(tokens.slice(), glue);
          const b = indexed.add(tokens.slice(), glue);
          expect([b.cluster.id, b.change]).toEqual([a.cluster.id, a.change]);
        }
        expect(indexed.clusters.map((c) => [c.tokens, c.mergedInto?.id])).toEqual(
          scanned.clusters.map((c) => [c.tokens, c.mergedInto?.id]),
        );
      }),
      { numRuns: 150 },
    );
  });
});
