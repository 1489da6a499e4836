/**
 * The reads a workspace UI stands on, and run export/import: the normalised graph of a template, a
 * read-only view of any step ≤ the current one, the activity histogram, the ledger paged and
 * filtered, provenance and descendants of a token, a run as one NDJSON text and back (hash-checked),
 * and validating a scenario without saving it. None of the reads can advance a run: they open it
 * without the cross-tab lock and never commit.
 */
import * as v from 'valibot';
import { readBody } from '../body';
import { RunImportBody, ValidateBody } from '../../contract/schemas';
import { Engine, loadScenario, scenarioGraph, type LedgerPageQuery } from '../../engine';
import { isEnded, type Issue } from '../../contract/vocabulary';
import type {
  ActivityHistogram,
  ExecutionCreated,
  FsmViewAnswer,
  LedgerPage,
  Provenance,
  RunResultAnswer,
  StepRef,
  StepViewAnswer,
  TemplateGraph,
  ValidationAnswer,
} from '../../contract/wire';
import type { InputBatchRow } from '../../store/AppDB';
import * as executions from '../../store/executions';
import { executionToWire } from '../../store/mappers';
import type { ServiceContext } from '../context';
import { Failure, guard, ok, type Result } from '../result';
import { answer, at } from './runOps';
import { StoredRun } from './storedRun';
import { mustGet } from '../templates/templateOps';

/** Not pure: the workspace methods of a service over `ctx`. */
export function workspaceOps(ctx: ServiceContext) {
  return {
    /** The normalised graph of template `templateId` (422 INVALID_SCENARIO when it no longer loads). */
    graph(templateId: string): Promise<Result<TemplateGraph>> {
      return guard(async () => {
        const template = await mustGet(ctx, templateId);
        const loaded = loadScenario(template.scenario);
        if (!loaded.scenario) throw invalidScenario(loaded.errors, `Template "${templateId}" does not load`);
        const engine = new Engine();
        engine.start(loaded.scenario);
        return ok({ templateId, ...engine.graph(), warnings: loaded.warnings.map(underScenario) });
      });
    },

    /** A compact read of step `step` (≤ the current one; above it is STEP_OUT_OF_RANGE, never an advance). */
    stepView(templateId: string, executionId: string, step: StepRef = 'last'): Promise<Result<StepViewAnswer>> {
      return ctx.withRun(templateId, executionId, false, async (run) => {
        const t0 = ctx.clock();
        const r = run.engine.stepView(at(step));
        return r.ok ? ok({ templateId, executionId, ...r.value }, { query: ctx.clock() - t0 }) : answer(r);
      });
    },

    /** What the run amounts to at step `step` (≤ the current one): Sinks, FSMs, problems, duration, hash. */
    runResult(templateId: string, executionId: string, step: StepRef = 'last'): Promise<Result<RunResultAnswer>> {
      return ctx.withRun(templateId, executionId, false, async (run) => {
        const t0 = ctx.clock();
        const r = run.engine.runResult(at(step));
        return r.ok ? ok({ templateId, executionId, ...r.value }, { query: ctx.clock() - t0 }) : answer(r);
      });
    },

    /**
     * The state diagram of FSM `nodeId` at step `step` (≤ the current one): machines now and entries
     * per state, firings per transition, what the step did, and a page of the machines in
     * `query.state` (INVALID_PARAMETER for a node that is not an FSM or a state it does not have).
     */
    fsmView(
      templateId: string,
      executionId: string,
      nodeId: string,
      query: { step?: StepRef; state?: string; offset?: number; limit?: number } = {},
    ): Promise<Result<FsmViewAnswer>> {
      return ctx.withRun(templateId, executionId, false, async (run) => {
        const t0 = ctx.clock();
        const step = at(query.step ?? 'last');
        const r = run.engine.fsmView(nodeId, {
          ...(step === undefined ? {} : { step }),
          ...(query.state === undefined ? {} : { state: query.state }),
          ...(query.offset === undefined ? {} : { offset: query.offset }),
          ...(query.limit === undefined ? {} : { limit: query.limit }),
        });
        return r.ok ? ok({ templateId, executionId, ...r.value }, { query: ctx.clock() - t0 }) : answer(r);
      });
    },

    /** Ledger events per step over the run, in at most `buckets` buckets. */
    histogram(templateId: string, executionId: string, buckets?: number): Promise<Result<ActivityHistogram>> {
      return ctx.withRun(templateId, executionId, false, async (run) => ok(run.engine.histogram(buckets)));
    },

    /** A page of the ledger, filtered (a bad filter is INVALID_PARAMETER naming it). */
    ledgerPage(templateId: string, executionId: string, query: LedgerPageQuery = {}): Promise<Result<LedgerPage>> {
      return ctx.withRun(templateId, executionId, false, async (run) => {
        const t0 = ctx.clock();
        const page = run.engine.ledgerPage(query);
        return answer(page, { query: ctx.clock() - t0 });
      });
    },

    /** The ancestor DAG of token `tokenId`. */
    provenance(templateId: string, executionId: string, tokenId: string): Promise<Result<Provenance>> {
      return ctx.withRun(templateId, executionId, false, async (run) => answer(run.engine.provenance(tokenId)));
    },

    /** The descendant DAG of token `tokenId`. */
    descendants(templateId: string, executionId: string, tokenId: string): Promise<Result<Provenance>> {
      return ctx.withRun(templateId, executionId, false, async (run) => answer(run.engine.descendants(tokenId)));
    },

    /** The run as NDJSON: a header (scenario, seed, input log, step, status, hash), then the ledger lines. */
    exportRun(templateId: string, executionId: string): Promise<Result<string[]>> {
      return ctx.withRun(templateId, executionId, false, async (run) => ok(run.engine.exportRunChunks()));
    },

    /**
     * Stores an exported run (`{run, name?}`) as a new execution of template `templateId`, after
     * re-executing it and checking its hash (HASH_MISMATCH, 422, when it does not match; BAD_REQUEST
     * when the text is not an export). The run keeps its own scenario copy, as every execution does.
     */
    importRun(templateId: string, body: unknown): Promise<Result<ExecutionCreated>> {
      return guard(async () => {
        await mustGet(ctx, templateId);
        const input = mustRead(RunImportBody, body);
        const imported = Engine.importRun(input.run);
        if (!imported.ok) return answer(imported);
        const engine = imported.value;
        const end = input.run.indexOf('\n');
        const header = JSON.parse(end < 0 ? input.run : input.run.slice(0, end)) as {
          scenarioForm: string;
          scenario: unknown;
        };
        if (header.scenarioForm !== 'document')
          throw new Failure(
            'BAD_REQUEST',
            'This run was exported from an already loaded scenario, not a document; only runs exported by the API can be imported',
            { issues: [{ path: '/run', message: 'scenarioForm must be "document"' }] },
          );
        const id = ctx.newId();
        const now = ctx.now();
        const log = engine.inputLog();
        const batches: InputBatchRow[] = log.map((b, batch) => ({
          executionId: id,
          batch,
          step: b.step,
          events: b.events,
        }));
        const status = engine.status;
        const count = (await executions.listExecutions(ctx.db, templateId)).length;
        const run = await StoredRun.create(
          ctx,
          engine,
          {
            id,
            templateId,
            name: input.name ?? `Imported run ${count + 1}`,
            seed: engine.seed,
            status,
            currentStep: engine.getCurrentTick(),
            ledgerSize: engine.ledger.size,
            externalEventCount: log.reduce((n, b) => n + b.events.length, 0),
            queueSize: engine.getQueue().size(),
            ledgerHash: isEnded(status) ? engine.ledgerHash() : null,
            createdAt: now,
            updatedAt: now,
            scenario: header.scenario,
          },
          batches,
        );
        ctx.runs.set(run);
        return ok({ success: true, executionId: id, execution: executionToWire(run.record) });
      });
    },

    /** Checks a scenario (`{scenario}`) as creating a template would, without storing anything. */
    validateScenario(body: unknown): Promise<Result<ValidationAnswer>> {
      return guard(async () => {
        const input = mustRead(ValidateBody, body);
        const loaded = loadScenario(input.scenario);
        return ok({
          success: true,
          valid: loaded.scenario !== null,
          errors: loaded.errors.map(underScenario),
          warnings: loaded.warnings.map(underScenario),
          ...(loaded.scenario ? { graph: scenarioGraph(loaded.scenario) } : {}),
        });
      });
    },
  };
}

/** Pure: the body read by `schema`, or a Failure BAD_REQUEST listing every problem with its JSON pointer. */
export function mustRead<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const r = readBody(schema, body);
  if (r.ok) return r.value;
  throw new Failure(
    'BAD_REQUEST',
    `The request body is not valid: ${r.issues.map((i) => `${i.path || '/'}: ${i.message}`).join('; ')}`,
    { issues: r.issues },
  );
}

function underScenario(i: Issue): Issue {
  return { path: `/scenario${i.path}`, message: i.message };
}

function invalidScenario(errors: Issue[], what: string): Failure {
  const issues = errors.map(underScenario);
  return new Failure('INVALID_SCENARIO', `${what}: ${issues[0]?.path ?? '/scenario'}: ${issues[0]?.message ?? ''}`, {
    issues,
  });
}
