/**
 * Drawing sampled delays (docs/dsl.md, "Sampled delays") from a node's seeded stream: one draw of
 * the stream per delay (none for `fixed`), so the same seed gives the same waits.
 */
import type { Delay } from '../types';

/** Pure given `rand`: a wait in simulated ms (≥ 0), drawn with `rand` (uniform in [0, 1)). */
export function drawDelayMs(d: Delay, rand: () => number): number {
  let ms: number;
  switch (d.distribution) {
    case 'fixed':
      ms = d.ms;
      break;
    case 'uniform':
      ms = d.minMs + rand() * (d.maxMs - d.minMs);
      break;
    case 'exponential':
      // Inverse transform: 1 − u is in (0, 1], so the logarithm is finite.
      ms = -d.meanMs * Math.log(1 - rand());
      break;
    case 'empirical':
      ms = d.ms[Math.min(d.ms.length - 1, Math.floor(rand() * d.ms.length))] ?? 0;
      break;
  }
  return Math.max(0, ms * d.scale);
}

/** Pure: whole steps of `ms` simulated ms (rounded to the nearest step; ≥ 0). */
export function msToSteps(ms: number, tickMs: number): number {
  return Math.max(0, Math.round(ms / tickMs));
}
