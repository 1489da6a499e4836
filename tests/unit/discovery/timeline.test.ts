import { describe, expect, it } from 'vitest';
import { caseTimeline, readCaseLog } from '../../../src/engine/discovery';

const ev = (c: string, a: string, t?: number) => ({
  targetDataSourceId: 'src',
  correlationId: c,
  event: a,
  ...(t === undefined ? {} : { timestamp: t }),
});
// c1: a@0 b@1000 c(no time); c2: a@100 c@600; c3: d (no time at all); c4: a@5000 b@8000.
const LOG = [
  ev('c1', 'a', 0),
  ev('c2', 'a', 100),
  ev('c1', 'b', 1000),
  ev('c3', 'd'),
  ev('c2', 'c', 600),
  ev('c1', 'c'),
  ev('c4', 'a', 5000),
  ev('c4', 'b', 8000),
];

function log() {
  const r = readCaseLog(LOG);
  if (!r.ok) throw new Error(r.problem.message);
  return r.log;
}

describe('caseTimeline', () => {
  it('lists each case’s timed steps in log order, cases by first appearance, untimed left out', () => {
    expect(caseTimeline(log(), 100)).toEqual({
      activities: ['a', 'b', 'd', 'c'],
      caseNames: ['c1', 'c2', 'c4'],
      starts: [0, 2, 4, 6],
      activityOf: [0, 1, 0, 3, 0, 1],
      timeMs: [0, 1000, 100, 600, 5000, 8000],
      truncated: false,
    });
  });

  it('takes whole cases within the step limit and says some were left out', () => {
    const t = caseTimeline(log(), 5);
    expect(t.caseNames).toEqual(['c1', 'c2']);
    expect(t.starts).toEqual([0, 2, 4]);
    expect(t.timeMs).toEqual([0, 1000, 100, 600]);
    expect(t.truncated).toBe(true);
  });
});
