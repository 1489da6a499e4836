/**
 * The execution operations of the service (API.md "Executions"): create (with external events),
 * list, read, delete, and add external events to a run. An execution keeps a COPY of its
 * template's scenario, so editing the template later never changes a past run.
 */
import { readBodyAs } from '../body';
import { EventsBody, ExecutionBody } from '../../contract/schemas';
import { isEnded } from '../../contract/vocabulary';
import { Engine } from '../../engine';
import type { Deleted, EventsAdded, ExecutionCreated, ExecutionList, ExecutionRecord } from '../../contract/wire';
import type { InputBatchRow } from '../../store/AppDB';
import * as executions from '../../store/executions';
import { executionToWire } from '../../store/mappers';
import type { ServiceContext } from '../context';
import { addEvents } from './eventInput';
import { Failure, guard, ok, type Result } from '../result';
import { StoredRun } from './storedRun';
import { mustGet } from '../templates/templateOps';

/** Not pure: the execution methods of a service over `ctx`. */
export function executionOps(ctx: ServiceContext) {
  return {
    /** Starts a run of template `templateId` at step 0: body `{name?, seed?, externalEvents?}`. */
    createExecution(templateId: string, body: unknown = {}): Promise<Result<ExecutionCreated>> {
      return guard(async () => {
        const template = await mustGet(ctx, templateId);
        const input = readExecutionInput(body);
        const engine = new Engine();
        const loaded = engine.initialize(template.scenario, input.seed === undefined ? {} : { seed: input.seed });
        if (!loaded.scenario) {
          throw new Failure('INVALID_SCENARIO', `Template "${templateId}" no longer loads; fix its scenario first`, {
            issues: loaded.errors.map((i) => ({ path: `/scenario${i.path}`, message: i.message })),
          });
        }
        const events =
          input.externalEvents === undefined ? [] : addEvents(engine, input.externalEvents, '/externalEvents');
        const id = ctx.newId();
        const at = ctx.now();
        const count = (await executions.listExecutions(ctx.db, templateId)).length;
        const status = engine.status;
        const batches: InputBatchRow[] = events.length > 0 ? [{ executionId: id, batch: 0, step: 0, events }] : [];
        const run = await StoredRun.create(
          ctx,
          engine,
          {
            id,
            templateId,
            name: input.name ?? `Run ${count + 1}`,
            seed: engine.seed,
            status,
            currentStep: 0,
            ledgerSize: 0,
            externalEventCount: events.length,
            queueSize: engine.getQueue().size(),
            ledgerHash: isEnded(status) ? engine.ledgerHash() : null,
            createdAt: at,
            updatedAt: at,
            waitingFor: engine.waitingFor,
            scenario: template.scenario,
          },
          batches,
        );
        ctx.runs.set(run);
        return ok({ success: true, executionId: id, execution: executionToWire(run.record) });
      });
    },

    /** The executions of template `templateId`, oldest first. */
    listExecutions(templateId: string): Promise<Result<ExecutionList>> {
      return guard(async () => {
        await mustGet(ctx, templateId);
        const rows = await executions.listExecutions(ctx.db, templateId);
        return ok({ executions: rows.map(executionToWire), count: rows.length });
      });
    },

    /** The execution record (as stored: no engine is opened). */
    getExecution(executionId: string): Promise<Result<ExecutionRecord>> {
      return guard(async () => {
        const row = await executions.getExecution(ctx.db, executionId);
        if (!row) throw new Failure('EXECUTION_NOT_FOUND', `Execution "${executionId}" not found`, { executionId });
        return ok(executionToWire(row));
      });
    },

    /** Deletes the execution with its ledger, inputs and checkpoints. */
    deleteExecution(executionId: string): Promise<Result<Deleted>> {
      return guard(() =>
        ctx.lockExecution(executionId, async () => {
          const row = await executions.deleteExecution(ctx.db, executionId);
          ctx.runs.drop(executionId);
          if (!row) throw new Failure('EXECUTION_NOT_FOUND', `Execution "${executionId}" not found`, { executionId });
          ctx.announce({ executionId, revision: -1 });
          return ok({ success: true as const, message: `Execution '${row.name}' deleted` });
        }),
      );
    },

    /** Adds external events (body `{events}`) at the current step: all or none. */
    addExternalEvents(templateId: string, executionId: string, body: unknown): Promise<Result<EventsAdded>> {
      return appendEvents(ctx, templateId, executionId, () => eventsOf(body));
    },
  };
}

/**
 * Not pure: THE way events enter a stored run — `POST …/events` and the parser's enqueue both come
 * here. Under the execution's lock, `read()`'s events (read once the run is open) are checked and
 * added at the current step, all or none, and committed with the run as one input batch in one
 * transaction.
 */
export function appendEvents(
  ctx: ServiceContext,
  templateId: string,
  executionId: string,
  read: () => unknown,
  beforeCommit?: () => Promise<void>,
): Promise<Result<EventsAdded>> {
  return ctx.withRun(templateId, executionId, true, async (run) => {
    const { events, timings } = await run.addEvents(ctx, read(), '/events', beforeCommit);
    return ok({ success: true, added: events.length, queueSize: run.engine.getQueue().size() }, { ...timings });
  });
}

/** Pure: a create body read by `ExecutionBody` (no body: all defaults); its first problem is Failure BAD_REQUEST. */
function readExecutionInput(body: unknown): { name?: string; seed?: number; externalEvents?: unknown } {
  if (body === undefined || body === null) return {};
  const r = readBodyAs(ExecutionBody, body);
  if (r.ok) {
    const { name, seed, externalEvents } = r.value;
    return {
      ...(name !== undefined ? { name } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(externalEvents !== undefined ? { externalEvents } : {}),
    };
  }
  const first = r.issues[0]!;
  if (first.path === '/name')
    throw new Failure('BAD_REQUEST', '"name" must be a non-empty string', { issues: [first] });
  if (first.path === '/seed') {
    const seed = (body as { seed?: unknown }).seed;
    throw new Failure('BAD_REQUEST', `"seed" must be an integer; got ${JSON.stringify(seed)}`, { issues: [first] });
  }
  throw new Failure('BAD_REQUEST', 'The request body must be a JSON object', {});
}

/** Pure: the events of an `{events}` body (checked as a list by `addEvents`). */
function eventsOf(body: unknown): unknown {
  const r = readBodyAs(EventsBody, body);
  if (!r.ok)
    throw new Failure('BAD_REQUEST', 'The request body must be {"events": [...]}', {
      issues: [{ path: '/events', message: 'required field "events" is missing' }],
    });
  return r.value.events;
}
