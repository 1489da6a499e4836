/**
 * The engine paths of the service (API.md "Engine paths"): step (advance, time travel, run to the
 * end), node events, node activity, sink aggregates, lineage, and the stored ledger as NDJSON.
 *
 * Step semantics: a target above the current step advances the run (to it, or to the end if the run
 * ends first) and commits; a target at or below it READS the state at that step and changes
 * nothing; `end` runs to completion, bounded by `maxSteps` (then `status: "truncated"`).
 */
import type { LedgerEvent } from '../../engine/types';
import type { QueryError, QueryResult } from '../../contract/queries';
import type {
  ActivityEntry,
  ErrorCode,
  Lineage,
  SinkAggregate,
  StepRef,
  StepResult,
  StepTarget,
} from '../../contract/wire';
import { readSegments } from '../../store/ledgerSegments';
import { ledgerFromSegments } from '../../store/segmentCodec';
import type { ServiceContext } from '../context';
import { fail, ok, type Result } from '../result';

/** Not pure: the engine-path methods of a service over `ctx`. */
export function runOps(ctx: ServiceContext) {
  return {
    /** Advances to `target` (or to the end), or reads an earlier step; answers the step result. */
    step(
      templateId: string,
      executionId: string,
      target: StepTarget,
      options: { activityLimit?: number; callId?: string } = {},
    ): Promise<Result<StepResult>> {
      const signal = ctx.callSignal(options.callId);
      return ctx
        .withRun(templateId, executionId, true, async (run) => {
          const { engine } = run;
          const read = { ...(options.activityLimit === undefined ? {} : { activityLimit: options.activityLimit }) };
          if (target !== 'end' && target <= engine.getCurrentTick())
            return answer(withTruncation(engine.stepResult(target, read), engine.scenario.maxSteps));
          const t0 = ctx.clock();
          await run.advance(
            target,
            signal && {
              signal,
              clock: ctx.clock,
              sliceMs: () => (ctx.activeCalls > 1 ? 1 : ctx.runSliceMs),
              nextTask: ctx.nextTask,
            },
          );
          const timings: Record<string, number> = { run: ctx.clock() - t0 };
          if (run.hasChanged()) Object.assign(timings, await run.commit(ctx));
          return answer(
            withTruncation(engine.stepResult(engine.getCurrentTick(), read), engine.scenario.maxSteps),
            timings,
          );
        })
        .finally(() => ctx.endCall(options.callId));
    },

    /** Aborts call `callId` (a step or a parse in progress stops at its next slice and answers ABORTED). */
    async abort(callId: string): Promise<Result<{ success: true; aborted: boolean }>> {
      return ok({ success: true, aborted: ctx.abortCall(callId) });
    },

    /** Ledger events of node `nodeId` up to `step` (default: the current step), oldest first. */
    nodeEvents(
      templateId: string,
      executionId: string,
      nodeId: string,
      step: StepRef = 'last',
    ): Promise<Result<LedgerEvent[]>> {
      return ctx.withRun(templateId, executionId, false, async (run) =>
        answer(run.engine.nodeEvents(nodeId, at(step))),
      );
    },

    /** Activity entries of node `nodeId` up to `step`, newest first, at most `limit`. */
    nodeActivity(
      templateId: string,
      executionId: string,
      nodeId: string,
      options: { limit?: number; step?: StepRef } = {},
    ): Promise<Result<ActivityEntry[]>> {
      return ctx.withRun(templateId, executionId, false, async (run) => {
        const query: { limit?: number; step?: number } = {};
        if (options.limit !== undefined) query.limit = options.limit;
        const step = at(options.step ?? 'last');
        if (step !== undefined) query.step = step;
        return answer(run.engine.nodeActivity(nodeId, query));
      });
    },

    /** `formula` over what Sink `sinkId` collected up to `step`. */
    sinkAggregate(
      templateId: string,
      executionId: string,
      sinkId: string,
      formula: string,
      options: { field?: string; step?: StepRef } = {},
    ): Promise<Result<SinkAggregate>> {
      return ctx.withRun(templateId, executionId, false, async (run) => {
        const query: { field?: string; step?: number } = {};
        if (options.field !== undefined) query.field = options.field;
        const step = at(options.step ?? 'last');
        if (step !== undefined) query.step = step;
        const r = run.engine.sinkAggregate(sinkId, formula, query);
        return r.ok ? ok({ templateId, executionId, ...r.value }) : answer(r);
      });
    },

    /** Every event up to `step` that touched a token carrying `correlationId`, source → sink. */
    lineage(
      templateId: string,
      executionId: string,
      correlationId: string,
      step: StepRef = 'last',
    ): Promise<Result<Lineage>> {
      return ctx.withRun(templateId, executionId, false, async (run) =>
        answer(run.engine.lineage(correlationId, at(step))),
      );
    },

    /** The stored ledger (the audit record in IndexedDB, not the in-memory run) as canonical NDJSON. */
    exportLedger(templateId: string, executionId: string): Promise<Result<string[]>> {
      return ctx.withRun(templateId, executionId, false, async (run) => {
        const scenario = run.engine.scenario;
        const rows = await readSegments(ctx.db, executionId);
        const nodes = scenario.nodes.map((n) => ({ nodeId: n.nodeId, nodeType: n.type }));
        return ok(ledgerFromSegments(rows, nodes, scenario.startTime, scenario.tickMs).ndjsonChunks());
      });
    },
  };
}

/**
 * Pure: the step result with a truncated run said in words too. The engine keeps the seed's sentence
 * ("Executed step 12; 7 events remaining in the queue") exactly, and a closed run's queue reads 0,
 * so without this clause the message of a run cut off by `maxSteps` would read like a completed one.
 */
function withTruncation(r: QueryResult<StepResult>, maxSteps: number): QueryResult<StepResult> {
  if (!r.ok || r.value.status !== 'truncated' || r.value.message.includes('; truncated: ')) return r; // the engine now names the bound
  return {
    ok: true,
    value: {
      ...r.value,
      message: `${r.value.message}; truncated: maxSteps (${maxSteps}) was reached before the run completed`,
    },
  };
}

/** Pure: `last` as "the current step" (undefined) for the engine's queries. */
export function at(step: StepRef): number | undefined {
  return step === 'last' ? undefined : step;
}

/** Pure: a query result as a service result. */
export function answer<T>(r: QueryResult<T>, timings?: Record<string, number>): Result<T> {
  return r.ok ? ok(r.value, timings) : fail(codeOf(r.error), r.error.message, r.error.details ?? {});
}

/** Pure: the API error code of an engine query error. */
function codeOf(error: QueryError): ErrorCode {
  const code = error.code;
  switch (code) {
    case 'UNKNOWN_NODE':
      return 'NODE_NOT_FOUND';
    case 'UNKNOWN_TOKEN':
      return 'TOKEN_NOT_FOUND';
    case 'UNKNOWN_CORRELATION_ID':
      return 'CORRELATION_ID_NOT_FOUND';
    case 'NOT_A_SINK':
      return 'NOT_A_SINK';
    case 'UNKNOWN_FORMULA':
      return 'UNKNOWN_FORMULA';
    case 'STEP_OUT_OF_RANGE':
      return 'STEP_OUT_OF_RANGE';
    case 'HASH_MISMATCH':
      return 'HASH_MISMATCH';
    case 'INVALID_LEDGER':
      return 'BAD_REQUEST';
    case 'INVALID_FILTER':
      return 'INVALID_PARAMETER';
    default: {
      const never: never = code;
      throw new Error(`unhandled query error code ${String(never)}`);
    }
  }
}
