import { describe, expect, it } from 'vitest';
import { discoveryLog, runDiscoveryBench } from '../../../src/bench/discovery';
import { discoveryRows } from '../../../src/cli/commands/discoveryBenchRows';

describe('discovery benchmarks D1–D3', () => {
  it('generate the same log every time, with interleaved cases', () => {
    const a = discoveryLog(2000);
    expect(discoveryLog(2000)).toEqual(a);
    expect(a).toHaveLength(2000);
    // Every case starts with "received".
    const firsts = new Map<unknown, unknown>();
    for (const e of a) if (!firsts.has(e['correlationId'])) firsts.set(e['correlationId'], e['event']);
    expect(new Set(firsts.values())).toEqual(new Set(['received']));
    // 64 cases open at once: the first 64 distinct cases all appear before any case ends.
    expect(new Set(a.slice(0, 400).map((e) => e['correlationId'])).size).toBeGreaterThan(32);
  });

  it('measure discover, conform and XES export, and give one row each', () => {
    let t = 0;
    // A clock that advances 1 ms per reading: the figures are checked for shape, not speed.
    const [D1, D2, D3] = runDiscoveryBench({ now: () => t++, quick: true });
    expect(D1).toMatchObject({ id: 'D1', events: 100_000 });
    expect(D1.cases).toBeGreaterThan(10_000);
    expect(D2.eventFitness).toBeLessThan(1);
    expect(D2.caseFitness).toBeLessThan(1);
    expect(D3.megabytes).toBeGreaterThan(10);
    expect(D3.largestChunkKiB).toBeLessThanOrEqual(80);
    expect(discoveryRows([D1, D2, D3]).map((r) => r.id)).toEqual(['D1', 'D2', 'D3']);
  }, 60_000);
});
