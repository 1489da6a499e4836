/**
 * How the merge reads one event line of a shard file without parsing it (src/engine/shard/shardLine.ts):
 * the order key, the marks, the Sink flag and the ledger line from the prefix
 * `{"k":"…","m":[…],("s":1,)"e":` (shardFormat.ts), and no Head for any other line, which the merge
 * then names ("a line is not a keyed ledger event", mergeShards.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { keyedLine } from '../../../../src/engine/shard/shardLine';

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
