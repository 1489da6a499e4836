/**
 * The Compare view's flow: the open run (side a) compared with another execution of its template
 * (side b). The service compares both ledgers as they stand, so both runs are first stepped to their
 * end — side a through the workspace's own run view (its timeline and counts follow), side b through
 * the client — and only then is the diff asked for. A newer comparison wins over one still under way.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { LedgerDiff } from '../../../contract/diff';
import { invalidateTemplate } from '../query/queries';
import { explainError } from '../shell/explain';
import { latestWins } from '../shell/latest';
import { runDiff, type DiffSide } from './runDiff';

export { diffCandidates, runLabel, runNumbers } from './candidates';
export type { DiffSide } from './runDiff';

/** Not pure: the compare state over `api`; `cache` is told when side b's record changed. */
export function createDiff(api: EngineAPIService, cache: QueryClient | null = null) {
  let open = $state(false);
  let loading = $state(false);
  let error = $state<string | null>(null);
  let diff = $state.raw<LedgerDiff | null>(null);
  let pair = $state.raw<{ a: string; b: string } | null>(null);
  const comparing = latestWins();

  /** Compares `side` with execution `otherId` of the same template; opens the view. */
  async function compare(side: DiffSide, otherId: string): Promise<void> {
    const signal = comparing.next();
    open = true;
    loading = true;
    error = null;
    diff = null;
    pair = { a: side.executionId, b: otherId };
    try {
      // Side b's record changed (it ran to its end): the cached list must say so.
      const answer = await runDiff(api, side, otherId, signal, () => {
        if (cache) void invalidateTemplate(cache, side.templateId);
      });
      if (signal.aborted) return;
      diff = answer;
    } catch (err) {
      if (!signal.aborted) error = explainError(err, 'Comparing the runs');
    } finally {
      if (!signal.aborted) loading = false;
    }
  }

  return {
    get open() {
      return open;
    },
    get loading() {
      return loading;
    },
    get error() {
      return error;
    },
    get diff() {
      return diff;
    },
    /** The executions compared: `a` the open run, `b` the other. */
    get pair() {
      return pair;
    },
    compare,
    /** Closes the view (a comparison under way is dropped). */
    close(): void {
      comparing.abort();
      open = false;
      loading = false;
      diff = null;
      error = null;
      pair = null;
    },
  };
}

export type DiffState = ReturnType<typeof createDiff>;
