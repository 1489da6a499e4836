/**
 * A log of a known process (issue 43's acceptance): cases arrive with exponential gaps of a set
 * mean; each runs `register`, then `review` (70 %) or `fastTrack` (30 %), then `close`.
 * Waits: register → review uniform 10–50 s, register → fastTrack a fixed 20 s, review → close a
 * fixed 30 s, fastTrack → close uniform 0–60 s. So the mean cycle time is
 * 0.7 · (30 + 30) + 0.3 · (20 + 30) = 57 s, and the arrival rate 1 / mean gap. Seeded (a node
 * stream of the engine's generator), so the same seed gives the same log; times are whole ms.
 */
import { NodeRandom } from '../engine/behaviors/random';

export interface KnownProcessOptions {
  cases: number;
  /** Mean gap between arrivals, ms. */
  meanGapMs: number;
  /** Probability of `review` (default 0.7). */
  branch?: number;
  seed?: number;
  /** Epoch ms of the first arrival (default 2025-01-01T00:00:00Z). */
  startMs?: number;
}

/** The process's known figures. */
export const KNOWN_PROCESS = { branch: 0.7, meanCycleMs: 57_000 } as const;

/** Pure (seeded): the events `{correlationId, event, timestamp}` of the known process, case by case. */
export function knownProcessEvents(
  o: KnownProcessOptions,
): { correlationId: string; event: string; timestamp: number }[] {
  const rng = new NodeRandom(o.seed ?? 1, 'knownProcess');
  const branch = o.branch ?? KNOWN_PROCESS.branch;
  const out: { correlationId: string; event: string; timestamp: number }[] = [];
  let t = o.startMs ?? 1_735_689_600_000;
  for (let c = 1; c <= o.cases; c++) {
    if (c > 1) t += Math.round(-o.meanGapMs * Math.log(1 - rng.next()));
    const id = `case-${c}`;
    let at = t;
    out.push({ correlationId: id, event: 'register', timestamp: at });
    if (rng.next() < branch) {
      at += Math.round(10_000 + rng.next() * 40_000);
      out.push({ correlationId: id, event: 'review', timestamp: at });
      at += 30_000;
    } else {
      at += 20_000;
      out.push({ correlationId: id, event: 'fastTrack', timestamp: at });
      at += Math.round(rng.next() * 60_000);
    }
    out.push({ correlationId: id, event: 'close', timestamp: at });
  }
  return out;
}
