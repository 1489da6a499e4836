// The one-call entry points of parse.ts: `mapEvents` refusing a bad configuration instead of throwing,
// and `boundCounts` keeping exactly the bound counts that are not zero (summaries show only those).
import { describe, expect, it } from 'vitest';
import { boundCounts, mapEvents, type ParserConfig } from '../../../src/parser';
import type { ParseStats } from '../../../src/contract/parser';

const STATS: ParseStats = {
  lines: 9,
  parsed: 5,
  unparsed: 1,
  continued: 2,
  blank: 1,
  templates: 3,
  groups: 2,
  ungrouped: 0,
  truncatedLines: 0,
  truncatedEvents: 0,
  droppedContinuations: 0,
  untimed: 0,
};

describe('mapEvents', () => {
  it('answers a configuration error as {ok: false} rather than throwing', () => {
    const bad: ParserConfig = { name: 't', format: { kind: 'regex', pattern: '(?<Content>' } };
    const r = mapEvents([], bad);
    expect(r.ok).toBe(false);
  });
});

describe('boundCounts', () => {
  it('is empty when no bound was hit', () => {
    expect(boundCounts(STATS)).toEqual({});
  });

  it('keeps a count of exactly 1 and leaves out the zero ones', () => {
    expect(boundCounts({ ...STATS, truncatedLines: 1 })).toEqual({ truncatedLines: 1 });
    expect(boundCounts({ ...STATS, truncatedEvents: 1 })).toEqual({ truncatedEvents: 1 });
    expect(boundCounts({ ...STATS, droppedContinuations: 1 })).toEqual({ droppedContinuations: 1 });
  });

  it('keeps all three with their values', () => {
    expect(boundCounts({ ...STATS, truncatedLines: 4, truncatedEvents: 2, droppedContinuations: 7 })).toEqual({
      truncatedLines: 4,
      truncatedEvents: 2,
      droppedContinuations: 7,
    });
  });
});
