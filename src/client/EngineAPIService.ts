/**
 * The HTTP client of Flowledger's API (API.md "Client SDK"). Built on `fetch` with a configurable base
 * URL, so it works unchanged against the in-browser handlers (Mock Service Worker) or any server that
 * implements the same paths. Every error answer becomes a thrown `ApiError {status, code, message,
 * details}`; a network failure or a non-JSON answer does too (codes `NETWORK_ERROR`, `BAD_RESPONSE`).
 */
import type { LedgerDiff } from '../contract/diff';
import type { ExternalEvent, LedgerEvent } from '../contract/vocabulary';
import type { LedgerPageQuery } from '../contract/queries';
import type {
  ConformAnswer,
  ConformRequest,
  DiscoverAnswer,
  DiscoverRequest,
  ExportRequest,
  ImportXesAnswer,
  ImportXesRequest,
} from '../contract/discovery';
import type {
  ExperimentAnswer,
  ExperimentRequest,
  SimulationModelAnswer,
  SimulationModelRequest,
} from '../contract/simulation';
import type {
  ActivityEntry,
  ActivityHistogram,
  Deleted,
  ErrorBody,
  EventsAdded,
  ExecutionCreated,
  ExecutionInput,
  ExecutionList,
  ExecutionRecord,
  Enqueued,
  EnqueueRequest,
  LedgerPage,
  Lineage,
  LogSource,
  ParseAnswer,
  ParseJobs,
  ParseRequest,
  ParserConfigBody,
  ParserConfigRecord,
  ParserConfigSaved,
  Provenance,
  RunImportInput,
  RunResultAnswer,
  SinkAggregate,
  SinkFormula,
  SourceAdded,
  SourceInput,
  SourceList,
  SourcesLoaded,
  StepRef,
  StepResult,
  StepTarget,
  StepViewAnswer,
  FsmViewAnswer,
  Template,
  TemplateCreated,
  TemplateGraph,
  TemplateInput,
  TemplateList,
  TemplatePatch,
  TemplateUpdated,
  ValidationAnswer,
} from '../contract/wire';
import { PARSER_LIMITS } from '../contract/wire';
import { PROFILE_HEADER, type SettingsAnswer, type SettingsPatch } from '../contract/settings';
import { ApiError } from './ApiError';
import { fetchTransport, type ApiTransport } from './transport';

export interface EngineAPIServiceOptions {
  /** Prefix of every path; default `/api` (same origin). With the in-page transport it must be absolute. */
  baseUrl?: string;
  /** The fetch to use (ignored when `transport` is given); default the global one. */
  fetch?: typeof fetch;
  /** How requests are answered (transport.ts); default `fetchTransport(fetch)`. */
  transport?: ApiTransport;
}

/** Options every method takes last: an `AbortSignal` cancels the call (it rejects with code `ABORTED`). */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Options of `updateTemplate`: `ifRevision` makes the update conditional (see there). */
export interface UpdateTemplateOptions extends CallOptions {
  /** The template's `revision` the change was made on (sent as `If-Match`). */
  ifRevision?: number;
}

/** What the transport methods take: the call's options and any header of the request. */
interface RequestOptions extends CallOptions {
  headers?: Record<string, string>;
}

type Query = Record<string, string | number | undefined>;

export class EngineAPIService {
  private readonly base: string;
  private readonly transport: ApiTransport;

  constructor(options: EngineAPIServiceOptions = {}) {
    this.base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
    this.transport = options.transport ?? fetchTransport(options.fetch);
  }

  // ——— the seed's seven methods ———

  getTemplate(templateId: string, options: CallOptions = {}): Promise<Template> {
    return this.get(`/engine/templates/${enc(templateId)}`, {}, options);
  }

  getExecution(executionId: string, options: CallOptions = {}): Promise<ExecutionRecord> {
    return this.get(`/engine/executions/${enc(executionId)}`, {}, options);
  }

  /** Advances the execution to `currentStep` (or reads an earlier step without changing it); `end` runs to completion. */
  executeStep(
    templateId: string,
    executionId: string,
    currentStep: StepTarget,
    activityLimit?: number,
    options: CallOptions = {},
  ): Promise<StepResult> {
    return this.get(`${run(templateId, executionId)}/step`, { currentStep, activityLimit }, options);
  }

  getNodeEvents(
    templateId: string,
    executionId: string,
    nodeId: string,
    step?: StepRef,
    options: CallOptions = {},
  ): Promise<LedgerEvent[]> {
    return this.get(`${run(templateId, executionId)}/nodes/${enc(nodeId)}/events`, { step }, options);
  }

  getSinkAggregation(
    templateId: string,
    executionId: string,
    sinkId: string,
    formula: SinkFormula,
    field?: string,
    step?: StepRef,
    options: CallOptions = {},
  ): Promise<SinkAggregate> {
    return this.get(
      `${run(templateId, executionId)}/sinks/${enc(sinkId)}/aggregate`,
      { formula, field, step },
      options,
    );
  }

  /** Newest first; `limit = 1` is the node's most recent operation. */
  getNodeActivity(
    templateId: string,
    executionId: string,
    nodeId: string,
    limit?: number,
    step?: StepRef,
    options: CallOptions = {},
  ): Promise<ActivityEntry[]> {
    return this.get(`${run(templateId, executionId)}/nodes/${enc(nodeId)}/activity`, { limit, step }, options);
  }

  getTokenLineage(
    templateId: string,
    executionId: string,
    correlationId: string,
    step?: StepRef,
    options: CallOptions = {},
  ): Promise<Lineage> {
    return this.get(`${run(templateId, executionId)}/tokens/${enc(correlationId)}/lineage`, { step }, options);
  }

  /** The stored ledger as canonical NDJSON (the audit record); its SHA-256 is the record's `ledgerHash` once the run has ended. */
  exportLedger(templateId: string, executionId: string, options: CallOptions = {}): Promise<string> {
    return this.request<string>('GET', `${run(templateId, executionId)}/ledger`, undefined, 'text', options);
  }

  /**
   * Compares execution `executionId` (side a) with `otherExecutionId` (side b), each as it stands: the
   * first divergent step, what differs there, per-node, per-Sink and per-FSM-state totals with deltas
   * (b − a), nodes added, removed or renamed, and which input differs (docs/compare.md).
   */
  diffExecutions(executionId: string, otherExecutionId: string, options: CallOptions = {}): Promise<LedgerDiff> {
    return this.get(`/engine/executions/${enc(executionId)}/diff/${enc(otherExecutionId)}`, {}, options);
  }

  // ——— the workspace's reads ———

  /** The template's normalised graph: nodes (kind, display name, position, ports) and resolved edges. */
  getGraph(templateId: string, options: CallOptions = {}): Promise<TemplateGraph> {
    return this.get(`/engine/templates/${enc(templateId)}/graph`, {}, options);
  }

  /** A compact read of step `step` (≤ the current one; default `last`): never advances the run. */
  getStepView(
    templateId: string,
    executionId: string,
    step: StepRef = 'last',
    options: CallOptions = {},
  ): Promise<StepViewAnswer> {
    return this.get(`${run(templateId, executionId)}/view`, { step }, options);
  }

  /** What the run amounts to at step `step` (default `last`): Sink totals and main values, FSM states, problems, hash. */
  getRunResult(
    templateId: string,
    executionId: string,
    step: StepRef = 'last',
    options: CallOptions = {},
  ): Promise<RunResultAnswer> {
    return this.get(`${run(templateId, executionId)}/result`, { step }, options);
  }

  /**
   * The state diagram of FSM `nodeId` at `query.step` (default `last`): machines now and entries per
   * state, firings per transition, and a page of the correlation ids of the machines in `query.state`.
   */
  getFsmView(
    templateId: string,
    executionId: string,
    nodeId: string,
    query: { step?: StepRef; state?: string; offset?: number; limit?: number } = {},
    options: CallOptions = {},
  ): Promise<FsmViewAnswer> {
    const { step = 'last', state, offset, limit } = query;
    return this.get(
      `${run(templateId, executionId)}/nodes/${enc(nodeId)}/fsm`,
      { step, state, offset, limit },
      options,
    );
  }

  /** Ledger events per step over the whole run, in at most `buckets` buckets (default: one per step, up to 1,000). */
  getHistogram(
    templateId: string,
    executionId: string,
    buckets?: number,
    options: CallOptions = {},
  ): Promise<ActivityHistogram> {
    return this.get(`${run(templateId, executionId)}/histogram`, { buckets }, options);
  }

  /** A page of the ledger (default 100 events, at most 1,000), filtered by node, operation, correlation id and step range. */
  getLedgerPage(
    templateId: string,
    executionId: string,
    query: LedgerPageQuery = {},
    options: CallOptions = {},
  ): Promise<LedgerPage> {
    const { offset, limit, nodeId, operation, correlationId, fromStep, toStep } = query;
    return this.get(
      `${run(templateId, executionId)}/ledger/events`,
      {
        offset,
        limit,
        nodeId,
        operation,
        correlationId,
        fromStep,
        toStep,
      },
      options,
    );
  }

  /** The ancestor DAG of token `tokenId` (down to the generated tokens it was made from). */
  getProvenance(
    templateId: string,
    executionId: string,
    tokenId: string,
    options: CallOptions = {},
  ): Promise<Provenance> {
    return this.get(`${run(templateId, executionId)}/tokens/${enc(tokenId)}/provenance`, {}, options);
  }

  /** The descendant DAG of token `tokenId` (every token made from it). */
  getDescendants(
    templateId: string,
    executionId: string,
    tokenId: string,
    options: CallOptions = {},
  ): Promise<Provenance> {
    return this.get(`${run(templateId, executionId)}/tokens/${enc(tokenId)}/descendants`, {}, options);
  }

  /** The run as NDJSON text (header line + canonical ledger); `importRun` takes it back. */
  exportRun(templateId: string, executionId: string, options: CallOptions = {}): Promise<string> {
    return this.request<string>('GET', `${run(templateId, executionId)}/export`, undefined, 'text', options);
  }

  /**
   * The same export as a Blob, read from the answer as it arrives and never made one string: what a
   * download should use, since a run at the documented bounds is longer than a string can be.
   */
  exportRunFile(templateId: string, executionId: string, options: CallOptions = {}): Promise<Blob> {
    return this.request<Blob>('GET', `${run(templateId, executionId)}/export`, undefined, 'blob', options);
  }

  /** Stores an exported run as a new execution of `templateId`, after re-executing it and checking its hash. */
  importRun(templateId: string, body: RunImportInput, options: CallOptions = {}): Promise<ExecutionCreated> {
    return this.send('POST', `/engine/templates/${enc(templateId)}/executions/import`, body, options);
  }

  /** Validates a scenario document without saving it: `{valid, errors, warnings}`, paths under `/scenario`. */
  validateTemplate(scenario: Record<string, unknown>, options: CallOptions = {}): Promise<ValidationAnswer> {
    return this.send('POST', '/admin/validate', { scenario }, options);
  }

  // ——— templates ———

  listTemplates(options: CallOptions = {}): Promise<TemplateList> {
    return this.get('/admin/templates', {}, options);
  }

  createTemplate(body: TemplateInput, options: CallOptions = {}): Promise<TemplateCreated> {
    return this.send('POST', '/admin/templates', body, options);
  }

  /**
   * Updates the fields in `patch`. With `options.ifRevision` (the template's `revision` the change was
   * made on) the update is conditional: when another update came first it is refused with an
   * `ApiError` 409 `CONFLICT` whose `details.changed` names the fields changed since, and nothing is
   * written. Without it the update applies to whatever is stored.
   */
  updateTemplate(
    templateId: string,
    patch: TemplatePatch,
    options: UpdateTemplateOptions = {},
  ): Promise<TemplateUpdated> {
    const { ifRevision, ...call } = options;
    const headers = ifRevision === undefined ? undefined : { 'if-match': `"${ifRevision}"` };
    return this.send('PUT', `/admin/templates/${enc(templateId)}`, patch, { ...call, headers });
  }

  deleteTemplate(templateId: string, options: CallOptions = {}): Promise<Deleted> {
    return this.send('DELETE', `/admin/templates/${enc(templateId)}`, undefined, options);
  }

  // ——— executions ———

  createExecution(templateId: string, body: ExecutionInput = {}, options: CallOptions = {}): Promise<ExecutionCreated> {
    return this.send('POST', `/engine/templates/${enc(templateId)}/executions`, body, options);
  }

  listExecutions(templateId: string, options: CallOptions = {}): Promise<ExecutionList> {
    return this.get(`/engine/templates/${enc(templateId)}/executions`, {}, options);
  }

  deleteExecution(executionId: string, options: CallOptions = {}): Promise<Deleted> {
    return this.send('DELETE', `/engine/executions/${enc(executionId)}`, undefined, options);
  }

  addExternalEvents(
    templateId: string,
    executionId: string,
    events: ExternalEvent[],
    options: CallOptions = {},
  ): Promise<EventsAdded> {
    return this.send('POST', `${run(templateId, executionId)}/events`, { events }, options);
  }

  // ——— parser ———

  /** The bundled sample logs (public/parser/manifest.json) and the user's own, with their text. */
  loadSources(options: CallOptions = {}): Promise<SourcesLoaded> {
    return this.get('/parser/load-sources', {}, options);
  }

  /** Every log source without its text (bundled first, then the user's). */
  listSources(options: CallOptions = {}): Promise<SourceList> {
    return this.get('/parser/sources', {}, options);
  }

  /** One source with its text. */
  getSourceContent(sourceId: string, options: CallOptions = {}): Promise<LogSource> {
    return this.get(`/parser/sources/${enc(sourceId)}`, {}, options);
  }

  /**
   * Stores a log of your own (at most 256 MiB); the answer describes it without echoing the text. A
   * log longer than the bound in characters is over it in UTF-8 bytes too: it is refused here at
   * once (413 PAYLOAD_TOO_LARGE, as the service words it), not after its JSON body — several copies
   * of it — has been built, sent and read.
   */
  addSource(body: SourceInput, options: CallOptions = {}): Promise<SourceAdded> {
    const content = (body as { content?: unknown } | null)?.content;
    const limit = PARSER_LIMITS.sourceBytes;
    if (typeof content === 'string' && content.length > limit)
      return Promise.reject(
        new ApiError(
          413,
          'PAYLOAD_TOO_LARGE',
          `The log is at least ${content.length} bytes; a source may be at most ${limit} bytes (UTF-8)`,
          { limit, size: content.length },
        ),
      );
    return this.send('POST', '/parser/sources', body, options);
  }

  listParserConfigs(options: CallOptions = {}): Promise<ParserConfigRecord[]> {
    return this.get('/parser/configs', {}, options);
  }

  createParserConfig(body: ParserConfigBody, options: CallOptions = {}): Promise<ParserConfigSaved> {
    return this.send('POST', '/parser/configs', body, options);
  }

  getParserConfig(configId: string, options: CallOptions = {}): Promise<ParserConfigRecord> {
    return this.get(`/parser/configs/${enc(configId)}`, {}, options);
  }

  /** Partial update: the given fields replace the stored ones; `null` removes an optional one. */
  updateParserConfig(
    configId: string,
    patch: { [K in keyof ParserConfigBody]?: ParserConfigBody[K] | null },
    options: CallOptions = {},
  ): Promise<ParserConfigSaved> {
    return this.send('PUT', `/parser/configs/${enc(configId)}`, patch, options);
  }

  deleteParserConfig(configId: string, options: CallOptions = {}): Promise<Deleted> {
    return this.send('DELETE', `/parser/configs/${enc(configId)}`, undefined, options);
  }

  /** Parses in the worker; poll `parserProgress()` meanwhile (with your own `progressId`) for a progress bar. */
  parse(body: ParseRequest, options: CallOptions = {}): Promise<ParseAnswer> {
    return this.send('POST', '/parser/parse', body, options);
  }

  /** Parses the configuration's sources and puts every event into the execution's external queue. */
  enqueue(configId: string, body: EnqueueRequest, options: CallOptions = {}): Promise<Enqueued> {
    return this.send('POST', `/parser/configs/${enc(configId)}/enqueue`, body, options);
  }

  /** Progress records of the parses running in the worker (and the most recent finished ones). */
  parserProgress(options: CallOptions = {}): Promise<ParseJobs> {
    return this.get('/parser/progress', {}, options);
  }

  // ——— process mining (docs/discovery.md) ———

  /**
   * The directly-follows graph and variants of events — given inline, or a run's input events or
   * ledger — filtered, with a V3 template that replays them (`createTemplate` stores it).
   */
  discover(body: DiscoverRequest, options: CallOptions = {}): Promise<DiscoverAnswer> {
    return this.send('POST', '/mining/discover', body, options);
  }

  /** Events replayed against stored template `body.templateId`'s FSM: fitness, deviations per case, state and event. */
  conform(body: ConformRequest, options: CallOptions = {}): Promise<ConformAnswer> {
    return this.send('POST', '/mining/conform', body, options);
  }

  /**
   * A simulation model calibrated on events (docs/simulation.md), stored in the library, with its
   * fidelity to them over `replications` runs. An aborted call stops at the next replication.
   */
  simulationModel(body: SimulationModelRequest, options: CallOptions = {}): Promise<SimulationModelAnswer> {
    return this.send('POST', '/mining/simulation-model', body, options);
  }

  /**
   * One batch of an experiment: replications `from` … `from + count − 1` of stored template
   * `templateId` (and of each variant of `vary`), their figures in seed order. Ask batch after batch
   * for a progress bar; abort the call to cancel (it stops at the next replication).
   */
  experiment(body: ExperimentRequest, options: CallOptions = {}): Promise<ExperimentAnswer> {
    return this.send('POST', '/mining/experiment', body, options);
  }

  /** Events as a XES file (default) or OCEL 2.0 JSON, as a Blob for a download. */
  exportEvents(body: ExportRequest, options: CallOptions = {}): Promise<Blob> {
    return this.request<Blob>('POST', '/mining/export', body, 'blob', options);
  }

  /** A XES file's text back into external events (`addExternalEvents` or `createExecution` takes them). */
  importXes(body: ImportXesRequest, options: CallOptions = {}): Promise<ImportXesAnswer> {
    return this.send('POST', '/mining/import-xes', body, options);
  }

  // ——— settings ———

  /** The stored settings and the profile this page's API answers outside clients in. */
  getSettings(options: CallOptions = {}): Promise<SettingsAnswer> {
    return this.get('/settings', {}, options);
  }

  /** Stores the settings named in `patch` (e.g. `{compat: 'pled'}`); a page's own `?compat=` choice is dropped. */
  updateSettings(patch: SettingsPatch, options: CallOptions = {}): Promise<SettingsAnswer> {
    return this.send('PUT', '/settings', patch, options);
  }

  // ——— transport ———

  private get<T>(path: string, query: Query = {}, options: CallOptions = {}): Promise<T> {
    return this.request<T>('GET', path + queryString(query), undefined, 'json', options);
  }

  private send<T>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    return this.request<T>(method, path, body, 'json', options);
  }

  private async request<T>(
    method: string,
    path: string,
    body: unknown,
    as: 'json' | 'text' | 'blob',
    { signal, headers: extra }: RequestOptions,
  ): Promise<T> {
    const what = `${method} ${this.base}${path}`;
    // This client speaks the default profile's shapes, whatever profile the page has chosen for others.
    const headers: Record<string, string> = { accept: 'application/json', [PROFILE_HEADER]: 'default', ...extra };
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    if (signal) init.signal = signal;
    const exchange = async (): Promise<{ response: Response; text: string; blob?: Blob }> => {
      let response: Response;
      try {
        response = await this.transport(new Request(this.base + path, init));
      } catch (err) {
        if (signal?.aborted) throw aborted(what);
        throw new ApiError(0, 'NETWORK_ERROR', `${what} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (as === 'blob' && response.ok) return { response, text: '', blob: await response.blob() };
      return { response, text: await response.text() };
    };
    const { response, text, blob } = await (signal ? untilAborted(exchange(), signal, what) : exchange());
    if (as === 'blob' && blob) return blob as T;
    if (as === 'text' && response.ok) return text as T;
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ApiError(
        response.status,
        'BAD_RESPONSE',
        `${what} answered ${response.status} with a body that is not JSON`,
        {
          body: text.slice(0, 200),
        },
      );
    }
    if (!response.ok) throw toApiError(response.status, parsed, what);
    return parsed as T;
  }
}

/** Pure: the error of a call its caller aborted. */
function aborted(what: string): ApiError {
  return new ApiError(0, 'ABORTED', `${what} was aborted by the caller`);
}

/**
 * Not pure: `work`, or a rejection with ABORTED as soon as `signal` aborts — whichever comes first
 * (a transport may not stop on its own: the in-page one runs the handler to its end).
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, what: string): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(aborted(what));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted(what));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function toApiError(status: number, body: unknown, what: string): ApiError {
  const error = (body as Partial<ErrorBody> | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiError(status, error.code, error.message, error.details ?? {});
  }
  return new ApiError(status, 'BAD_RESPONSE', `${what} answered ${status} without an error body`);
}

function enc(segment: string): string {
  return encodeURIComponent(segment);
}

function run(templateId: string, executionId: string): string {
  return `/engine/templates/${enc(templateId)}/executions/${enc(executionId)}`;
}

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}
