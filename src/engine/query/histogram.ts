/**
 * The activity histogram of a run: ledger events per step over steps 1 … current, in at most N
 * buckets of equal runs of steps — a timeline's bars. Each bucket is two reads of the ledger's step
 * index, so the cost is the number of buckets, never the ledger's size.
 */
import type { LiveRun } from '../replay/liveRun';
import type { ActivityHistogram, HistogramBucket } from '../../contract/queries';

/** Buckets when the caller does not say (one per step up to this many steps). */
export const DEFAULT_HISTOGRAM_BUCKETS = 1000;

/** Reads only: the histogram of `run` in at most `buckets` buckets (≥ 1; default 1,000). */
export function activityHistogram(run: LiveRun, buckets = DEFAULT_HISTOGRAM_BUCKETS): ActivityHistogram {
  const { ledger } = run;
  const steps = run.step;
  const width = steps === 0 ? 1 : Math.ceil(steps / Math.max(1, Math.floor(buckets)));
  const out: HistogramBucket[] = [];
  let maxEvents = 0;
  for (let from = 1; from <= steps; from += width) {
    const to = Math.min(steps, from + width - 1);
    const events = ledger.lastSeqAt(to) - ledger.lastSeqAt(from - 1);
    if (events > maxEvents) maxEvents = events;
    out.push({ fromStep: from, toStep: to, events });
  }
  return { currentStep: steps, ledgerSize: ledger.size, stepsPerBucket: width, maxEvents, buckets: out };
}
