import { describe, expect, it } from 'vitest';
import type { CaseTimeline } from '../../../../src/contract/discovery';
import {
  buildReplay,
  countAtOrBefore,
  defaultSpeed,
  formatLogTime,
  pointAlong,
  REPLAY_RATES,
  replayAt,
  spansYears,
} from '../../../../src/ui/state/discovery/replayModel';

// Three cases (times in ms):
//   c1: a@1000 b@3000 c@7000
//   c2: a@2000 x@2500 c@4000      (x is not on the map)
//   c3: b@6000 a@5000             (its time goes back: a is taken at 6000)
const TIMELINE: CaseTimeline = {
  activities: ['a', 'b', 'c', 'x'],
  caseNames: ['c1', 'c2', 'c3'],
  starts: [0, 3, 6, 8],
  activityOf: [0, 1, 2, 0, 3, 2, 1, 0],
  timeMs: [1000, 3000, 7000, 2000, 2500, 4000, 6000, 5000],
  truncated: false,
};
const SHOWN = new Set(['a', 'b', 'c']);

describe('replay model', () => {
  const m = buildReplay(TIMELINE, SHOWN);

  it('projects the cases onto the shown activities and spans their times', () => {
    expect(m.startMs).toBe(1000);
    expect(m.endMs).toBe(7000);
    expect(m.cases).toBe(3);
    expect(m.trails[1]).toEqual({ activities: ['a', 'c'], times: [2000, 4000] });
    expect(m.trails[2]).toEqual({ activities: ['b', 'a'], times: [6000, 6000] });
  });

  it('says where every case is at t', () => {
    // t = 2500: c1 is half-way from a (1000) to b (3000)? (2500 − 1000) / 2000 = 0.75; c2 a→c at
    // (2500 − 2000) / 2000 = 0.25; c3 has not started. Counts: a 2 (1000, 2000), b 0, c 0.
    expect(replayAt(m, 2500)).toEqual({
      t: 2500,
      counts: { a: 2, b: 0, c: 0 },
      tokens: [
        { case: 0, from: 'a', to: 'b', progress: 0.75 },
        { case: 1, from: 'a', to: 'c', progress: 0.25 },
      ],
      active: 2,
      done: 0,
    });
    // t = 6000: c1 b→c at (6000 − 3000) / 4000 = 0.75; c2 done at 4000; c3's two steps at 6000: done.
    expect(replayAt(m, 6000)).toEqual({
      t: 6000,
      counts: { a: 3, b: 2, c: 1 },
      tokens: [{ case: 0, from: 'b', to: 'c', progress: 0.75 }],
      active: 1,
      done: 2,
    });
    // Before the start nothing has happened; at the end every case is done.
    expect(replayAt(m, 0)).toMatchObject({ counts: { a: 0, b: 0, c: 0 }, tokens: [], active: 0, done: 0 });
    expect(replayAt(m, 7000)).toMatchObject({ counts: { a: 3, b: 2, c: 2 }, tokens: [], active: 0, done: 3 });
  });

  it('keeps every activity with no filter, and is empty for no steps', () => {
    expect(buildReplay(TIMELINE, null).trails[1]!.activities).toEqual(['a', 'x', 'c']);
    const none = buildReplay({ ...TIMELINE, caseNames: [], starts: [0], activityOf: [], timeMs: [] }, null);
    expect(none).toMatchObject({ startMs: 0, endMs: 0, cases: 0 });
    expect(replayAt(none, 0).tokens).toEqual([]);
  });

  it('counts values at or before t by binary search', () => {
    expect(countAtOrBefore([1, 2, 2, 5], 2)).toBe(3);
    expect(countAtOrBefore([1, 2, 2, 5], 0)).toBe(0);
    expect(countAtOrBefore([1, 2, 2, 5], 9)).toBe(4);
  });

  it('places a token along an edge by length', () => {
    // An L: 30 to the right, then 10 down (40 long). Half-way (20) is on the first leg; 0.875 (35) on the second.
    const pts = [
      { x: 0, y: 0 },
      { x: 30, y: 0 },
      { x: 30, y: 10 },
    ];
    expect(pointAlong(pts, 0.5)).toEqual({ x: 20, y: 0 });
    expect(pointAlong(pts, 0.875)).toEqual({ x: 30, y: 5 });
    expect(pointAlong(pts, 1.5)).toEqual({ x: 30, y: 10 });
    expect(pointAlong(pts, -1)).toEqual({ x: 0, y: 0 });
  });

  it('reads the time in the log’s own clock (UTC), with the year when the replay spans years', () => {
    // 2000-12-10T06:55:46Z = 976431346000 ms.
    expect(formatLogTime(976_431_346_000)).toBe('Dec 10 06:55:46');
    expect(formatLogTime(976_431_346_000, true)).toBe('Dec 10 2000 06:55:46');
    // 2001-01-01T00:00:00Z = 978307200000 ms.
    expect(spansYears(976_431_346_000, 978_307_200_000)).toBe(true);
    expect(spansYears(976_431_346_000, 976_431_347_000)).toBe(false);
  });

  it('starts at the slowest speed that plays the whole log within half an hour', () => {
    expect(REPLAY_RATES).toEqual([1_000, 10_000, 60_000, 600_000, 3_600_000]);
    // The sshd sample spans 4 h 9 min (14,939 s): at 10 s a second, 1,494 s ≤ 1,800 s.
    expect(defaultSpeed(14_939_000)).toBe(1);
    expect(defaultSpeed(60_000)).toBe(0);
    // A year at an hour a second is 8,760 s: past every rate, so the whole log in 30 s.
    expect(defaultSpeed(365 * 86_400_000)).toBe(5);
  });
});
