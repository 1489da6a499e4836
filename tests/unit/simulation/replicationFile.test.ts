/**
 * The replication file's lines (engine/simulation/replicationFile.ts): figures read back exactly,
 * non-finite ones included; the slices of N shards cover every replication once; a header or a line
 * that is not what `experiment --shard` wrote is named for what is wrong with it.
 */
import { describe, expect, it } from 'vitest';
import {
  readReplicationEnd,
  readReplicationHeader,
  readReplicationLine,
  replicationEndLine,
  replicationHeaderLine,
  replicationLine,
  sliceOf,
  type ReplicationHeader,
} from '../../../src/engine/simulation';

const header: ReplicationHeader = {
  flowledgerReplications: 1,
  shard: 0,
  shards: 1,
  templateHash: 'abc',
  seed: 7,
  replications: 3,
  horizon: null,
  variants: [
    { label: 'a', file: 'm.json with a', hash: 'h1' },
    { label: 'b', file: 'm.json with b', hash: 'h2' },
  ],
};

describe('replication file', () => {
  it('reads back every figure as the same double, NaN and ±Infinity included, and the truncation', () => {
    const figures = {
      'cases.count': 3,
      'cases.cycleTimeMs': 0.1 + 0.2,
      'sinks.s.sum': Infinity,
      'x.y': -Infinity,
      'z.n': NaN,
      'w.tiny': 5e-324,
    };
    const line = replicationLine(5, 1, { seed: 9, figures, truncatedBy: 'maxSteps' });
    const back = readReplicationLine(line.trimEnd(), 5, header);
    expect(back).toEqual({ j: 5, variant: 1, replication: { seed: 9, figures, truncatedBy: 'maxSteps' } });
    expect(typeof back !== 'string' && Object.keys(back.replication.figures)).toEqual(Object.keys(figures));
    expect(readReplicationHeader(replicationHeaderLine(header).trimEnd())).toEqual(header);
    expect(readReplicationEnd(replicationEndLine(4).trimEnd())).toBe(4);
  });

  it('gives N shards slices that cover the replications once, in order', () => {
    for (let total = 0; total <= 13; total++)
      for (let n = 1; n <= 16; n++) {
        const covered: number[] = [];
        for (let i = 0; i < n; i++) {
          const { from, to } = sliceOf(i, n, total);
          for (let j = from; j < to; j++) covered.push(j);
        }
        expect(covered).toEqual(Array.from({ length: total }, (_, j) => j));
      }
  });

  it('names what is wrong with a header, a line or a trailer', () => {
    expect(readReplicationHeader('{"flowledgerShard":1}')).toContain('not a replication file header');
    expect(readReplicationHeader(JSON.stringify({ ...header, shard: 1 }))).toBe(
      'the header\'s "shard"/"shards" are not an index below a count',
    );
    expect(readReplicationHeader(JSON.stringify({ ...header, variants: [] }))).toContain('"variants"');
    const line = replicationLine(2, 0, { seed: 8, figures: { 'a.b': 1 } }).trimEnd();
    expect(readReplicationLine(line, 2, header)).not.toBeTypeOf('string');
    expect(readReplicationLine(line, 3, header)).toBe(
      'replication 2 again (replication 3 comes next): a line is repeated or out of place',
    );
    expect(readReplicationLine(line, 1, header)).toBe(
      'replication 2 where replication 1 comes next: a line is missing or out of place',
    );
    expect(readReplicationLine(line.replace('"seed":8', '"seed":9'), 2, header)).toBe(
      'replication 2 is variant 0 with seed 8, not what the line says',
    );
    expect(readReplicationLine(line.replace(':1}', ':"1"}'), 2, header)).toBe('its figure "a.b" is not a number');
    expect(readReplicationEnd('{"flowledgerReplicationsEnd":{}}')).toContain('its trailer is not');
  });
});
