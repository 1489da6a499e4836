/**
 * The service side of the `pled` compatibility profile (docs/browser-service.md "Compatibility
 * profile"): the original tool re-ran a template's scenario on every request, Flowledger's runs are
 * stored, and these operations give the original's answers from stored runs. The HTTP adapter
 * (src/api/pled/routes.ts) only reads the query and words the answer in the original's shapes.
 *
 *   - a read at `step=last` is of the whole run: the stored run is first run to its end;
 *   - execution id `none` is the template without events: a stored execution named `none`, made on
 *     first use (again after the template changes), once at a time per service.
 */
import type { LedgerEvent, NodeState } from '../../contract/vocabulary';
import type {
  ActivityEntry,
  ExecutionRecord,
  ExternalEvent,
  Lineage,
  StepRef,
  StepResult,
  StepTarget,
} from '../../contract/wire';
import { Failure, guard, ok, type Result } from '../result';
import type { executionOps } from '../runs/executionOps';
import type { runOps } from '../runs/runOps';
import type { settingsOps } from '../settingsOps';
import type { templateOps } from '../templates/templateOps';
import { aggregate, ledgerEntriesOf } from './pledAggregate';

/** Name of the stored execution that stands for the original's `none` (the template without events). */
export const NONE_EXECUTION = 'none';

/** The operations of the service these build on. */
type BaseOps = ReturnType<typeof templateOps> &
  ReturnType<typeof executionOps> &
  ReturnType<typeof runOps> &
  ReturnType<typeof settingsOps>;

/** A `step=…` read of the original: `last` (the whole run) or a step number. */
type PledStep = StepRef;

interface CallOptions {
  callId?: string;
}

/** Not pure: the value of a service result, or its failure thrown for `guard` to answer. */
function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Failure(r.error.code, r.error.message, r.error.details);
  return r.value;
}

/** Not pure: the `pled` profile's operations over `ops` (the service's own, not counted again). */
export function pledOps(ops: BaseOps) {
  const noneRuns = new Map<string, Promise<Result<string>>>();

  /** The execution id a path's `executionId` stands for: itself, or for `none` the template's events-free run. */
  async function resolve(templateId: string, executionId: string): Promise<Result<string>> {
    if (executionId !== NONE_EXECUTION) return ok(executionId);
    const pending = noneRuns.get(templateId);
    if (pending) return pending;
    const made = guard(async () => {
      const template = value(await ops.getTemplate(templateId));
      const list = value(await ops.listExecutions(templateId));
      const current = list.executions.find(
        (e) => e.name === NONE_EXECUTION && e.externalEventCount === 0 && e.createdAt >= template.updatedAt,
      );
      if (current) return ok(current.id);
      return ok(value(await ops.createExecution(templateId, { name: NONE_EXECUTION })).executionId);
    });
    noneRuns.set(templateId, made);
    try {
      return await made;
    } finally {
      noneRuns.delete(templateId);
    }
  }

  /** The run at `step` (`last`: run to its end first); the step result without events. */
  async function runAt(templateId: string, executionId: string, step: PledStep, callId?: string) {
    return value(await ops.step(templateId, executionId, step === 'last' ? 'end' : step, { activityLimit: 0, callId }));
  }

  /** The node type of `nodeId` in the template's scenario as written, or `unknown`. */
  async function nodeTypeOf(templateId: string, nodeId: string): Promise<string> {
    const template = await ops.getTemplate(templateId);
    if (!template.ok) return 'unknown';
    const nodes = (template.value.scenario as { nodes?: unknown }).nodes;
    const node = Array.isArray(nodes)
      ? (nodes as Array<Record<string, unknown>>).find(
          (n) => n !== null && typeof n === 'object' && n.nodeId === nodeId,
        )
      : undefined;
    return typeof node?.type === 'string' ? node.type : 'unknown';
  }

  return {
    /** The execution id `executionId` stands for (`none`: the template's run without events, made when needed). */
    pledExecution(templateId: string, executionId: string): Promise<Result<string>> {
      return resolve(templateId, executionId);
    },

    /** An execution record with the external events it was given, as the original's execution read. */
    executionWithEvents(executionId: string): Promise<Result<ExecutionRecord & { externalEvents: ExternalEvent[] }>> {
      return guard(async () => {
        const record = value(await ops.getExecution(executionId));
        return ok({ ...record, externalEvents: value(await ops.executionEvents(record.id)) });
      });
    },

    /** Steps the run `executionId` stands for to `target`, with every activity of the step. */
    pledStep(
      templateId: string,
      executionId: string,
      target: StepTarget,
      options: CallOptions = {},
    ): Promise<Result<StepResult & { executionId: string }>> {
      return guard(async () => {
        const id = value(await resolve(templateId, executionId));
        const r = value(
          await ops.step(templateId, id, target, { activityLimit: Number.MAX_SAFE_INTEGER, callId: options.callId }),
        );
        return ok({ ...r, executionId: id });
      });
    },

    /** A node's events up to `step` (the whole run for `last`), with the counts the original reports. */
    pledNodeEvents(
      templateId: string,
      executionId: string,
      nodeId: string,
      step: PledStep,
      options: CallOptions = {},
    ): Promise<
      Result<{
        executionId: string;
        step: number;
        nodeType: string;
        totalActivityLogEntries: number;
        nodeSpecificEntries: number;
        events: LedgerEvent[];
      }>
    > {
      return guard(async () => {
        const id = value(await resolve(templateId, executionId));
        const at = await runAt(templateId, id, step, options.callId);
        const all = value(await ops.nodeEvents(templateId, id, nodeId, 'last'));
        const upTo = all.filter((e) => e.step <= at.step);
        return ok({
          executionId: id,
          step: at.step,
          nodeType: all[0]?.nodeType ?? (await nodeTypeOf(templateId, nodeId)),
          totalActivityLogEntries: at.allActivitiesTotal,
          nodeSpecificEntries: all.length,
          events: upTo,
        });
      });
    },

    /** A node's activity at `step` (the whole run for `last`), with its state then. */
    pledNodeActivity(
      templateId: string,
      executionId: string,
      nodeId: string,
      step: PledStep,
      options: CallOptions = {},
    ): Promise<
      Result<{
        executionId: string;
        step: number;
        timestamp: number;
        activities: ActivityEntry[];
        nodeState: NodeState | null;
      }>
    > {
      return guard(async () => {
        const id = value(await resolve(templateId, executionId));
        const at = await runAt(templateId, id, step, options.callId);
        const activities = value(await ops.nodeActivity(templateId, id, nodeId, { step: at.step }));
        return ok({
          executionId: id,
          step: at.step,
          timestamp: at.timestamp,
          activities,
          nodeState: at.nodeStates[nodeId] ?? null,
        });
      });
    },

    /**
     * The original's sink aggregate at `step`: `formula` (or `customExpression`) over the entries of
     * the tokens the sink collected. 400 NOT_A_SINK for another node, 404 for an unknown one.
     */
    pledSinkAggregate(
      templateId: string,
      executionId: string,
      sinkId: string,
      query: { formula: string; customExpression: string | null; step: PledStep },
      options: CallOptions = {},
    ): Promise<
      Result<{
        executionId: string;
        step: number;
        timestamp: number;
        aggregatedValue: unknown;
        totalEvents: number;
        totalActivityLogEntries: number;
        events: LedgerEvent[];
      }>
    > {
      return guard(async () => {
        const id = value(await resolve(templateId, executionId));
        const at = await runAt(templateId, id, query.step, options.callId);
        value(await ops.sinkAggregate(templateId, id, sinkId, 'count', { step: at.step }));
        const collected = value(await ops.nodeEvents(templateId, id, sinkId, at.step)).filter(
          (e) => e.operation === 'TOKEN_COLLECTED',
        );
        const entries = ledgerEntriesOf(collected);
        return ok({
          executionId: id,
          step: at.step,
          timestamp: at.timestamp,
          aggregatedValue: aggregate(entries, query.formula, query.customExpression, at.timestamp),
          totalEvents: entries.length,
          totalActivityLogEntries: at.allActivitiesTotal,
          events: collected,
        });
      });
    },

    /** The lineage of `correlationId` at `step` (the whole run for `last`). */
    pledLineage(
      templateId: string,
      executionId: string,
      correlationId: string,
      step: PledStep,
      options: CallOptions = {},
    ): Promise<Result<{ executionId: string; timestamp: number; lineage: Lineage }>> {
      return guard(async () => {
        const id = value(await resolve(templateId, executionId));
        const at = await runAt(templateId, id, step, options.callId);
        const lineage = value(await ops.lineage(templateId, id, correlationId, at.step));
        return ok({ executionId: id, timestamp: at.timestamp, lineage });
      });
    },
  };
}
