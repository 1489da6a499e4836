/**
 * The comparison itself, apart from its `$state`: the service compares two ledgers as they stand, so
 * both runs go to their end first — side a through the view that shows it, side b through the client —
 * and the diff is asked for only once both have. Plain async code, so a Node test holds the order.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { LedgerDiff } from '../../../contract/diff';

/** The run the comparison starts from (the workspace's open run). */
export interface DiffSide {
  templateId: string;
  executionId: string;
  /** Steps this run to its end through the view that shows it. */
  runToEnd(): Promise<void>;
}

/** Not pure (steps both runs, then reads): the diff of `side` (a) with execution `otherId` (b) of its template. */
export async function runDiff(
  api: Pick<EngineAPIService, 'executeStep' | 'diffExecutions'>,
  side: DiffSide,
  otherId: string,
  signal?: AbortSignal,
  onStepped?: () => void,
): Promise<LedgerDiff> {
  await Promise.all([side.runToEnd(), api.executeStep(side.templateId, otherId, 'end', undefined, { signal })]);
  onStepped?.();
  return api.diffExecutions(side.executionId, otherId, { signal });
}
