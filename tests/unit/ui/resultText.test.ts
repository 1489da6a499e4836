/**
 * The Result's words and numbers: values as one short line, simulated time in person units, FSM
 * counts in declaration order — each worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { resultValue, simulatedTime, stateCountText } from '../../../src/ui/state/run/resultText';

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
