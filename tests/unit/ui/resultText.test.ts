/**
 * The Result's words and numbers: values as one short line, simulated time in person units, FSM
 * counts in declaration order — each worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  readableValue,
  resultValue,
  simulatedTime,
  sinkFigures,
  stateCountText,
} from '../../../src/ui/state/run/resultText';

describe('resultValue', () => {
  it('groups numbers and keeps at most two decimals', () => {
    expect(resultValue(1125750)).toBe('1,125,750');
    expect(resultValue(254.45833333333334)).toBe('254.46');
    expect(resultValue(767.3)).toBe('767.3');
  });
  it('shows records as JSON, cut to the limit, and nothing as "none"', () => {
    expect(resultValue([24, 20, 28])).toBe('[24,20,28]');
    expect(resultValue('abcdefghij', 5)).toBe('abcd…');
    expect(resultValue(null)).toBe('none');
  });
});

describe('simulatedTime', () => {
  it('names the largest units first and leaves zero parts out', () => {
    expect(simulatedTime(0)).toBe('0 s');
    expect(simulatedTime(250)).toBe('250 ms');
    expect(simulatedTime(18_000)).toBe('18 s');
    // 1 h 1 min 0 s
    expect(simulatedTime(3_660_000)).toBe('1 h 1 min');
    // 1 d 0 h 0 min 5 s
    expect(simulatedTime(86_405_000)).toBe('1 d 5 s');
  });
});

describe('stateCountText', () => {
  it('keeps declaration order and the states never reached', () => {
    expect(stateCountText({ ready: 9, approved: 5, rejected: 0 })).toBe('ready 9 · approved 5 · rejected 0');
  });
});

describe('the Result reads a Sink by what it holds (issue 41, item 4)', () => {
  const sink = (over: Partial<Parameters<typeof sinkFigures>[0]>) => ({
    count: 3,
    sum: 12,
    numeric: 3,
    last: 6,
    formula: 'sum',
    named: false,
    value: 12,
    ...over,
  });

  it('numbers give the sum first, then the latest', () => {
    expect(sinkFigures(sink({}))).toEqual({
      main: { label: 'sum', text: '12' },
      others: [{ label: 'latest', text: '6' }],
      latestFull: null,
    });
  });

  it('records and lists give the latest value, shown readably (the full value for a hover)', () => {
    const rec = sinkFigures(
      sink({
        numeric: 0,
        sum: 0,
        last: { server: 'a', value: 4 },
        formula: 'latest',
        value: { server: 'a', value: 4 },
      }),
    );
    expect(rec).toEqual({
      main: { label: 'latest', text: '{ server: "a", value: 4 }' },
      others: [],
      latestFull: '{"server":"a","value":4}',
    });
    const list = sinkFigures(sink({ numeric: 1, last: [24, 1200.5], formula: 'latest', value: [24, 1200.5] }));
    expect(list.main).toEqual({ label: 'latest', text: '[24, 1,200.5]' });
  });

  it('a Sink that names its figure shows it first, the others under it', () => {
    expect(sinkFigures(sink({ formula: 'average', named: true, value: 4 }))).toEqual({
      main: { label: 'average', text: '4' },
      others: [
        { label: 'sum', text: '12' },
        { label: 'latest', text: '6' },
      ],
      latestFull: null,
    });
    expect(sinkFigures(sink({ formula: 'count', named: true, value: 3 })).main).toEqual({ label: 'count', text: '3' });
    expect(sinkFigures(sink({ numeric: 0, last: 'x', formula: 'average', named: true, value: null })).main).toEqual({
      label: 'average',
      text: 'none',
    });
  });

  it('nothing collected, or no token with a value: no figure', () => {
    expect(sinkFigures(sink({ count: 0, numeric: 0, sum: 0, last: null, formula: 'count', value: 0 })).main).toBeNull();
    expect(sinkFigures(sink({ numeric: 0, sum: 0, last: null, formula: 'count', value: 3 })).main).toBeNull();
  });

  it('readableValue cuts a long value with an ellipsis', () => {
    expect(readableValue({ a: 'x'.repeat(100) }, 20)).toBe('{ a: "xxxxxxxxxxxxx…');
    expect(readableValue(null)).toBe('none');
    expect(readableValue('text')).toBe('text');
  });
});
