/**
 * The JSON scan the merge runs on every event of a shard file (src/engine/shard/jsonSyntax.ts): it
 * must say "JSON" exactly when `JSON.parse` would, point at the first character that is not JSON,
 * and never recurse (a line nested thousands deep is answered, not a stack overflow).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxErrorAt, MAX_SCAN_DEPTH } from '../../../../src/engine/shard/jsonSyntax';

/** Pure: whether JSON.parse reads `text`. */
function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('jsonSyntaxErrorAt', () => {
  it('accepts every JSON text, spaced or not', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.boolean(), (value, spaced) => {
        const text = JSON.stringify(value, null, spaced ? 1 : undefined);
        expect(jsonSyntaxErrorAt(text)).toBe(-1);
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with JSON.parse on JSON texts with one character inserted, removed or replaced', () => {
    const alphabet = fc.constantFrom(...'{}[]":,\\ 0123456789-+.eEtrufalsn\u0001\t\nxu'.split(''));
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.nat(),
        fc.constantFrom('insert', 'remove', 'replace'),
        alphabet,
        (value, at, how, ch) => {
          const json = JSON.stringify(value);
          const i = at % (json.length + 1);
          const text =
            how === 'insert'
              ? json.slice(0, i) + ch + json.slice(i)
              : how === 'remove'
                ? json.slice(0, i) + json.slice(i + 1)
                : json.slice(0, i) + ch + json.slice(i + 1);
          const bad = jsonSyntaxErrorAt(text);
          expect(bad === -1, text).toBe(parses(text));
          expect(bad).toBeLessThanOrEqual(text.length);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('points at the first character that is not JSON', () => {
    const cases: Array<[string, number]> = [
      ['{"a":1,}', 7],
      ['[1 2]', 3],
      ['{"a" 1}', 5],
      ['"a\u0001b"', 2],
      ['"\\x"', 2],
      ['"\\u12g4"', 5],
      ['01', 1],
      ['1.', 2],
      ['1e', 2],
      ['-', 1],
      ['tru', 0],
      ['{"a":1} x', 8],
      ['{"a":1', 6],
      ['"never closed', 13],
      ['', 0],
      ['null', -1],
      [' [ {"a" : [ true , false , null , -0.5e+3 ] } ] ', -1],
    ];
    for (const [text, at] of cases) expect(jsonSyntaxErrorAt(text), text).toBe(at);
  });

  it('answers a text nested beyond its depth without recursing, and follows one just within it', () => {
    const deep = '['.repeat(MAX_SCAN_DEPTH + 1) + ']'.repeat(MAX_SCAN_DEPTH + 1);
    expect(jsonSyntaxErrorAt(deep)).toBe(MAX_SCAN_DEPTH);
    const within = '['.repeat(MAX_SCAN_DEPTH) + ']'.repeat(MAX_SCAN_DEPTH);
    expect(jsonSyntaxErrorAt(within)).toBe(-1);
    expect(jsonSyntaxErrorAt('{"a":'.repeat(100_000))).toBe(5 * MAX_SCAN_DEPTH);
  });
});
