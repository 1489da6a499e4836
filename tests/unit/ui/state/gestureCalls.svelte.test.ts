/**
 * One gesture, one client call (issue 40): the run view's gestures — New run, Step, Step back, Run to
 * end, a timeline seek — and Send to run each make exactly ONE call of their client, with the
 * answer alone updating the screen and the query cache (no follow-up read). The clients are
 * counting fakes: every method of the run client and of the HTTP client counts, and a call the
 * gesture should not make shows up in the tally by name.
 */
import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import type { RunClient } from '../../../../src/client/runClient';
import type { EngineAPIService } from '../../../../src/client/EngineAPIService';
import type { IngestPort } from '../../../../src/client/sendToRun';
import type {
  ActivityHistogram,
  ExecutionRecord,
  StepViewAnswer,
  Template,
  TemplateGraph,
} from '../../../../src/contract/wire';
import { createQueryCache, queryKeys } from '../../../../src/ui/state/query/queries';
import { createBreakpoints } from '../../../../src/ui/state/run/breakpoints.svelte';
import { createRunView } from '../../../../src/ui/state/run/runView.svelte';
import { SendState } from '../../../../src/ui/state/ingest/send.svelte';
import { EMPTY_FORM } from '../../../../src/ui/state/ingest/form';

const TEMPLATE = 't1';
const graph: TemplateGraph = {
  templateId: TEMPLATE,
  name: 'Two nodes',
  description: '',
  warnings: [],
  nodes: [
    { nodeId: 'src', kind: 'DataSource', displayName: 'Source', inputs: [], outputs: [{ index: 0 }] },
    { nodeId: 'sink', kind: 'Sink', displayName: 'Sink', inputs: [{ index: 0, required: true }], outputs: [] },
  ],
  edges: [{ id: 'edge-0', from: 'src', to: 'sink' }],
};

function record(id: string, currentStep: number, status: ExecutionRecord['status'] = 'running'): ExecutionRecord {
  return {
    id,
    templateId: TEMPLATE,
    name: id,
    seed: 1,
    status,
    currentStep,
    ledgerSize: currentStep * 2,
    externalEventCount: 0,
    queueSize: 0,
    ledgerHash: null,
    createdAt: `2026-01-0${id === 'e1' ? 1 : 2}T00:00:00.000Z`,
    updatedAt: '2026-01-01T00:00:00.000Z',
    waitingFor: null,
    scenario: {},
  } as unknown as ExecutionRecord;
}

function view(executionId: string, step: number, status = 'running'): StepViewAnswer {
  return {
    templateId: TEMPLATE,
    executionId,
    step,
    status,
    stepEvents: 2,
    queueSize: 0,
    nodes: {
      src: { state: null, processed: step, waiting: 0, acted: true, lastUpdate: step, counts: {} },
      sink: { state: null, processed: step, waiting: 0, acted: false, lastUpdate: null, counts: {} },
    },
    edges: [{ id: 'edge-0', waiting: 0 }],
  } as unknown as StepViewAnswer;
}

function histogram(currentStep: number): ActivityHistogram {
  return {
    currentStep,
    ledgerSize: currentStep * 2,
    stepsPerBucket: 1,
    maxEvents: 2,
    buckets: Array.from({ length: currentStep }, (_, i) => ({ fromStep: i + 1, toStep: i + 1, events: 2 })),
  };
}

/** A run client answering a run whose end is step `end`, counting every call by name. */
function countingClients(end = 10) {
  const calls: string[] = [];
  let live = 3;
  const advanced = (executionId: string, to: number) => {
    live = Math.min(end, to);
    const status = live === end ? 'completed' : 'running';
    return {
      record: record(executionId, live, status as ExecutionRecord['status']),
      view: view(executionId, live, status),
      histogram: histogram(live),
    };
  };
  const runs: RunClient = {
    async openRun(templateId, options = {}) {
      calls.push('openRun');
      const e1 = record('e1', live);
      const step = options.step ?? live;
      return {
        template: { id: templateId, name: 'Two nodes', scenario: {} } as unknown as Template,
        executions: [e1],
        missing: false,
        record: e1,
        graph,
        view: view('e1', step),
        histogram: histogram(live),
      };
    },
    async startRun() {
      calls.push('startRun');
      live = 0;
      return { record: record('e2', 0), graph, view: view('e2', 0), histogram: histogram(0) };
    },
    async step(_t, executionId, target) {
      calls.push('step');
      return advanced(executionId, target);
    },
    async runToEnd(_t, executionId) {
      calls.push('runToEnd');
      return advanced(executionId, end);
    },
    async seek(_t, executionId, step) {
      calls.push('seek');
      return view(executionId, step);
    },
    async record(executionId) {
      calls.push('record');
      return record(executionId, live);
    },
  };
  // Any call of the HTTP client is a call the gesture should not make.
  const api = new Proxy({} as EngineAPIService, {
    get: (_t, name) =>
      typeof name === 'string' && name !== 'then'
        ? (...args: unknown[]) => {
            calls.push(`api.${name}`);
            return Promise.reject(new Error(`unexpected call ${name}(${args.length} arguments)`));
          }
        : undefined,
  });
  return { calls, runs, api };
}

/** Not pure: a run view over the counting clients, its template open; `calls` emptied after the open. */
async function openedView() {
  const clients = countingClients();
  const cache = createQueryCache();
  let run!: ReturnType<typeof createRunView>;
  const dispose = $effect.root(() => {
    run = createRunView(clients.api, createBreakpoints(), cache, clients.runs);
  });
  await run.open(TEMPLATE);
  flushSync();
  expect(clients.calls).toEqual(['openRun']);
  expect(run.error).toBeNull();
  clients.calls.length = 0;
  return { ...clients, run, cache, dispose };
}

describe('the run view: one client call per gesture', () => {
  it('opening a template is one call, and its answer fills the cached list of runs', async () => {
    const { run, cache, dispose } = await openedView();
    expect(run.live).toBe(3);
    expect(run.shown).toBe(3);
    expect(run.model.edges.map((e) => e.id)).toEqual(['src->sink']);
    expect(cache.getQueryData<ExecutionRecord[]>(queryKeys.executions(TEMPLATE))?.map((e) => e.id)).toEqual(['e1']);
    dispose();
  });

  it('New run: one call (startRun); the new record is put into the cached list, step 0 shown', async () => {
    const { run, calls, cache, dispose } = await openedView();
    await run.newRun(7);
    expect(calls).toEqual(['startRun']);
    expect(run.execution?.id).toBe('e2');
    expect(run.shown).toBe(0);
    expect(run.counts).toEqual([]);
    expect(cache.getQueryData<ExecutionRecord[]>(queryKeys.executions(TEMPLATE))?.map((e) => e.id)).toEqual([
      'e1',
      'e2',
    ]);
    dispose();
  });

  it('Step at the live end: one call (step), answering the view, the record and the activity', async () => {
    const { run, calls, cache, dispose } = await openedView();
    await run.step();
    expect(calls).toEqual(['step']);
    expect([run.live, run.shown, run.view?.step]).toEqual([4, 4, 4]);
    expect(run.counts).toHaveLength(4);
    expect(cache.getQueryData<ExecutionRecord[]>(queryKeys.executions(TEMPLATE))?.[0]?.currentStep).toBe(4);
    dispose();
  });

  it('Step back: one call (seek)', async () => {
    const { run, calls, dispose } = await openedView();
    await run.stepBack();
    expect(calls).toEqual(['seek']);
    expect([run.live, run.shown]).toEqual([3, 2]);
    dispose();
  });

  it('Step while behind the live step: one call (seek), the run does not advance', async () => {
    const { run, calls, dispose } = await openedView();
    await run.seek(1);
    calls.length = 0;
    await run.step();
    expect(calls).toEqual(['seek']);
    expect([run.live, run.shown]).toEqual([3, 2]);
    dispose();
  });

  it('Run to end: one call (runToEnd)', async () => {
    const { run, calls, dispose } = await openedView();
    await run.runToEnd();
    expect(calls).toEqual(['runToEnd']);
    expect([run.live, run.shown, run.status]).toEqual([10, 10, 'completed']);
    expect(run.counts).toHaveLength(10);
    dispose();
  });

  it('a timeline seek: one call (seek)', async () => {
    const { run, calls, dispose } = await openedView();
    await run.seek(1);
    expect(calls).toEqual(['seek']);
    expect(run.view?.step).toBe(1);
    dispose();
  });
});

describe('Send to run: one client call', () => {
  it('sends the log with ONE engine-worker call (ingestIntoRun), then opens the run it fed', async () => {
    const calls: string[] = [];
    const port: IngestPort = {
      async ingestIntoRun(_source, _config, target) {
        calls.push('ingestIntoRun');
        return {
          ok: true,
          value: {
            executionId: 'e9',
            templateId: target.templateId,
            sourceId: 's1',
            config: { id: 'c1' },
            enqueued: 5,
            groups: 1,
          },
        } as never;
      },
      async abort() {
        calls.push('abort');
        return { ok: true, value: { success: true, aborted: false } };
      },
    };
    const opened: string[] = [];
    const { api } = countingClients();
    const sources = {
      selected: { key: 'k', name: 'auth.log', storedId: 'stored-1', bytes: 10 },
      patch: () => undefined,
      blobOf: () => Promise.reject(new Error('a stored source is not read on the page')),
    };
    const configs = { form: { ...EMPTY_FORM, targetDataSourceId: 'src' }, base: null };
    const send = new SendState(
      api,
      {} as never,
      () => port,
      sources as never,
      configs as never,
      (templateId, executionId) => opened.push(`${templateId}/${executionId}`),
    );
    send.templateId = TEMPLATE;
    send.dataSourceId = 'src';
    await send.send();
    expect(calls).toEqual(['ingestIntoRun']);
    expect(send.message?.kind).toBe('ok');
    expect(opened).toEqual([`${TEMPLATE}/e9`]);
  });
});
