/**
 * Comparing two executions in the service (docs/compare.md): both runs as they stand (up to their
 * current step) are opened, their in-memory ledgers read through the engine's comparison straight
 * from their columns — nothing is copied, each ledger is held once, by its run — and their stored
 * inputs (scenario copy, seed, input log) compared to say which one differs. The same comparison the
 * command line makes, so the API and `flowledger diff` give the same answer.
 *
 * The two runs are opened in the order of their ids, so two comparisons of the same pair in
 * opposite directions cannot each hold one run while waiting for the other. The comparison yields
 * to other messages every slice and stops at an abort (ABORTED).
 */
import type { LedgerDiff } from '../../contract/diff';
import { diffRuns, inputDifferences, type RunInputs } from '../../engine/diff';
import { inputBatchesFrom } from '../../store/inputLog';
import type { ServiceContext } from '../context';
import { fail, Failure, ok, type Result } from '../result';
import type { StoredRun } from './storedRun';

/** Not pure: the comparison methods of a service over `ctx`. */
export function diffOps(ctx: ServiceContext) {
  return {
    /** Compares execution `executionId` (side a) with `otherExecutionId` (side b), each as it stands. */
    diffExecutions(
      executionId: string,
      otherExecutionId: string,
      options: { callId?: string } = {},
    ): Promise<Result<LedgerDiff>> {
      const signal = ctx.callSignal(options.callId);
      const compare = (a: StoredRun, b: StoredRun) => compareRuns(ctx, a, b, signal);
      const [first, second] = [executionId, otherExecutionId].sort();
      const answer =
        executionId === otherExecutionId
          ? ctx.withRun(null, executionId, false, (run) => compare(run, run))
          : ctx.withRun(null, first!, false, (one) =>
              ctx.withRun(null, second!, false, (two) =>
                one.executionId === executionId ? compare(one, two) : compare(two, one),
              ),
            );
      return answer.finally(() => ctx.endCall(options.callId));
    },
  };
}

/** Not pure (reads storage, yields): the comparison of two open runs. */
async function compareRuns(
  ctx: ServiceContext,
  a: StoredRun,
  b: StoredRun,
  signal: AbortSignal | undefined,
): Promise<Result<LedgerDiff>> {
  const why = inputDifferences(await inputsOf(ctx, a), await inputsOf(ctx, b));
  const t0 = ctx.clock();
  let slice = t0;
  const pace = async () => {
    if (ctx.clock() - slice >= ctx.runSliceMs) {
      await ctx.nextTask();
      slice = ctx.clock();
    }
    if (signal?.aborted) throw new Failure('ABORTED', 'The comparison was aborted by the caller', {});
  };
  try {
    const diff = await diffRuns(a.engine.ledger, b.engine.ledger, { why, pace });
    return ok(diff, { diff: ctx.clock() - t0 });
  } catch (err) {
    if (err instanceof Failure) return fail(err.error.code, err.error.message, err.error.details);
    throw err;
  }
}

/** Not pure (reads storage): what run `run` is made from — its scenario copy, its seed, its input log. */
async function inputsOf(ctx: ServiceContext, run: StoredRun): Promise<RunInputs> {
  const batches = await inputBatchesFrom(ctx.db, run.executionId, 0);
  return {
    templateKey: run.templateId,
    scenario: run.record.scenario,
    seed: run.engine.seed,
    events: batches.flatMap((batch) => batch.events),
  };
}
