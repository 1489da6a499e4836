/**
 * Sampled delays (docs/dsl.md, "Sampled delays"): the input form (DelaySchema) becomes a `Delay`
 * with its `scale` filled in; the cross-field rules (a uniform range the right way round, a
 * non-empty empirical list) are validation errors at the field's path.
 */
import type * as v from 'valibot';
import type { Delay } from '../types';
import type { DelaySchema } from './schema';
import { IssueList, pointer } from './issues';

export type DelayInput = v.InferOutput<typeof DelaySchema>;

/** Pure: the normalised delay (scale 1 when absent); the empirical list is copied. */
export function normaliseDelay(d: DelayInput): Delay {
  const scale = d.scale ?? 1;
  switch (d.distribution) {
    case 'fixed':
      return { distribution: 'fixed', ms: d.ms, scale };
    case 'uniform':
      return { distribution: 'uniform', minMs: d.minMs, maxMs: d.maxMs, scale };
    case 'exponential':
      return { distribution: 'exponential', meanMs: d.meanMs, scale };
    case 'empirical':
      return { distribution: 'empirical', ms: d.ms.slice(), scale };
  }
}

/** Not pure (records issues): a uniform range whose bounds are crossed, an empty empirical list. */
export function validateDelay(d: DelayInput, at: string, issues: IssueList): void {
  if (d.distribution === 'uniform' && d.minMs > d.maxMs)
    issues.error(pointer(at, 'maxMs'), `"maxMs" (${d.maxMs}) is less than "minMs" (${d.minMs})`);
  if (d.distribution === 'empirical' && d.ms.length === 0)
    issues.error(pointer(at, 'ms'), `the list of observed waits is empty; give at least one`);
}
