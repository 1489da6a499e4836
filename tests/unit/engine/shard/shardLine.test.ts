/**
 * How the merge reads one event line of a shard file without parsing it (src/engine/shard/shardLine.ts):
 * the order key, the marks, the Sink flag and the ledger line from the prefix
 * `{"k":"…","m":[…],("s":1,)"e":` (shardFormat.ts), and no Head for any other line, which the merge
 * then names ("the line is neither a keyed ledger event … nor the trailer", mergeShards.test.ts; what
 * `eventProblem` refuses is mergeShardsTampered.test.ts'); and the renumbering of token
 * ids by the order they first appear across the shards.
 */
import { describe, expect, it } from 'vitest';
import { keyedLine, TokenRenumbering, type Head } from '../../../../src/engine/shard/shardLine';

/** A Head of ledger line `line` with its marks found: the eventId's and seq's digits, then each quoted token id. */
function head(line: string): Head {
  const id = line.indexOf('"eventId":"e') + 12;
  const seq = line.indexOf('"seq":') + 6;
  const marks = [id, line.indexOf('"', id), seq, line.indexOf('}', seq)];
  for (const m of line.matchAll(/"[a-z]+#[0-9]+"/g)) marks.push(m.index, m.index + m[0].length);
  return { key: '', marks, sink: false, line };
}

describe('keyedLine', () => {
  it('reads the key, the marks, the Sink flag and the ledger line from the prefix', () => {
    expect(keyedLine('{"k":"0000000a","m":[1,2,3,4,5,6],"e":{"seq":1}}')).toEqual({
      key: '0000000a',
      marks: [1, 2, 3, 4, 5, 6],
      sink: false,
      line: '{"seq":1}',
    });
    // Four marks (eventId and seq, no token id to renumber) are whole pairs too.
    expect(keyedLine('{"k":"0b","m":[10,12,30,31],"s":1,"e":{"v":2}}')).toEqual({
      key: '0b',
      marks: [10, 12, 30, 31],
      sink: true,
      line: '{"v":2}',
    });
    // The key is the text up to its closing quote and compares as a plain string: a "]" in it does
    // not end the marks, which start after `,"m":[`.
    expect(keyedLine('{"k":"a]","m":[0,1,2,3],"e":{}}')).toEqual({
      key: 'a]',
      marks: [0, 1, 2, 3],
      sink: false,
      line: '{}',
    });
  });

  it('gives no Head for a line whose prefix is not {"k":…,"m":[…],"e": or whose marks are not whole integer pairs', () => {
    for (const text of [
      '{"j":"0a","m":[1,2,3,4],"e":{}}', // not "k" first
      '{"k":"0a","n":[1,2,3,4],"e":{}}', // not "m" after the key
      '{"k":"0a","m":[1,2,3,4],"x":{}}', // neither "s":1 nor "e" after the marks
      '{"k":"0a","m":[1,2,3,4.5],"e":{}}', // one mark not an integer
      '{"k":"0a","m":[],"e":{}}', // no marks
      '{"k":"0a', // the key never closed
      '{"k":"0a","m":[1,2,3,4', // the marks never closed
    ])
      expect(keyedLine(text), text).toBeNull();
  });
});

describe('TokenRenumbering', () => {
  it('numbers each node’s tokens in the order they first appear across the shards, whatever their local numbers', () => {
    // docs/scale.md: token ids are renumbered per node, a token numbered when it first appears; a
    // shard's local number is only a name, the same in that shard alone (here p#0 of shard 0).
    const r = new TokenRenumbering(2);
    const lines = [
      [0, '{"eventId":"e1","inputToken":"p#0","outputToken":"q#1","seq":1}', '1'],
      [1, '{"eventId":"e1","inputToken":"p#1","outputToken":"q#1","seq":1}', '2'],
      [0, '{"eventId":"e2","inputToken":"p#0","outputToken":"q#2","seq":2}', '3'],
    ] as const;
    expect(lines.map(([shard, line, seq]) => r.line(shard, head(line), seq))).toEqual([
      '{"eventId":"e1","inputToken":"p#1","outputToken":"q#1","seq":1}\n',
      '{"eventId":"e2","inputToken":"p#2","outputToken":"q#2","seq":2}\n',
      '{"eventId":"e3","inputToken":"p#1","outputToken":"q#3","seq":3}\n',
    ]);
  });
});
