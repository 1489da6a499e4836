/**
 * The HTTP client of Flowledger's API (API.md "Client SDK"). Built on `fetch` with a configurable base
 * URL, so it works unchanged against the in-browser handlers (Mock Service Worker) or any server that
 * implements the same paths. Every error answer becomes a thrown `ApiError {status, code, message,
 * details}`; a network failure or a non-JSON answer does too (codes `NETWORK_ERROR`, `BAD_RESPONSE`).
 */
import type { ExternalEvent, LedgerEvent } from '../engine/types';
import type { LedgerPageQuery } from '../engine';
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
  Template,
  TemplateCreated,
  TemplateGraph,
  TemplateInput,
  TemplateList,
  TemplatePatch,
  TemplateUpdated,
  ValidationAnswer,
} from '../api/wire';
import { ApiError } from './ApiError';

export interface EngineAPIServiceOptions {
  /** Prefix of every path; default `/api` (same origin). */
  baseUrl?: string;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | undefined>;

export class EngineAPIService {
  private readonly base: string;
  private readonly fetcher: typeof fetch;

  constructor(options: EngineAPIServiceOptions = {}) {
    this.base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
    this.fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  // ——— the seed's seven methods ———

  getTemplate(templateId: string): Promise<Template> {
    return this.get(`/engine/templates/${enc(templateId)}`);
  }

  getExecution(executionId: string): Promise<ExecutionRecord> {
    return this.get(`/engine/executions/${enc(executionId)}`);
  }

  /** Advances the execution to `currentStep` (or reads an earlier step without changing it); `end` runs to completion. */
  executeStep(
    templateId: string,
    executionId: string,
    currentStep: StepTarget,
    activityLimit?: number,
  ): Promise<StepResult> {
    return this.get(`${run(templateId, executionId)}/step`, { currentStep, activityLimit });
  }

  getNodeEvents(templateId: string, executionId: string, nodeId: string, step?: StepRef): Promise<LedgerEvent[]> {
    return this.get(`${run(templateId, executionId)}/nodes/${enc(nodeId)}/events`, { step });
  }

  getSinkAggregation(
    templateId: string,
    executionId: string,
    sinkId: string,
    formula: SinkFormula,
    field?: string,
    step?: StepRef,
  ): Promise<SinkAggregate> {
    return this.get(`${run(templateId, executionId)}/sinks/${enc(sinkId)}/aggregate`, { formula, field, step });
  }

  /** Newest first; `limit = 1` is the node's most recent operation. */
  getNodeActivity(
    templateId: string,
    executionId: string,
    nodeId: string,
    limit?: number,
    step?: StepRef,
  ): Promise<ActivityEntry[]> {
    return this.get(`${run(templateId, executionId)}/nodes/${enc(nodeId)}/activity`, { limit, step });
  }

  getTokenLineage(templateId: string, executionId: string, correlationId: string, step?: StepRef): Promise<Lineage> {
    return this.get(`${run(templateId, executionId)}/tokens/${enc(correlationId)}/lineage`, { step });
  }

  /** The stored ledger as canonical NDJSON (the audit record); its SHA-256 is the record's `ledgerHash` once the run has ended. */
  exportLedger(templateId: string, executionId: string): Promise<string> {
    return this.request<string>('GET', `${run(templateId, executionId)}/ledger`, undefined, 'text');
  }

  // ——— the workspace's reads ———

  /** The template's normalised graph: nodes (kind, display name, position, ports) and resolved edges. */
  getGraph(templateId: string): Promise<TemplateGraph> {
    return this.get(`/engine/templates/${enc(templateId)}/graph`);
  }

  /** A compact read of step `step` (≤ the current one; default `last`): never advances the run. */
  getStepView(templateId: string, executionId: string, step: StepRef = 'last'): Promise<StepViewAnswer> {
    return this.get(`${run(templateId, executionId)}/view`, { step });
  }

  /** Ledger events per step over the whole run, in at most `buckets` buckets (default: one per step, up to 1,000). */
  getHistogram(templateId: string, executionId: string, buckets?: number): Promise<ActivityHistogram> {
    return this.get(`${run(templateId, executionId)}/histogram`, { buckets });
  }

  /** A page of the ledger (default 100 events, at most 1,000), filtered by node, operation, correlation id and step range. */
  getLedgerPage(templateId: string, executionId: string, query: LedgerPageQuery = {}): Promise<LedgerPage> {
    const { offset, limit, nodeId, operation, correlationId, fromStep, toStep } = query;
    return this.get(`${run(templateId, executionId)}/ledger/events`, {
      offset,
      limit,
      nodeId,
      operation,
      correlationId,
      fromStep,
      toStep,
    });
  }

  /** The ancestor DAG of token `tokenId` (down to the generated tokens it was made from). */
  getProvenance(templateId: string, executionId: string, tokenId: string): Promise<Provenance> {
    return this.get(`${run(templateId, executionId)}/tokens/${enc(tokenId)}/provenance`);
  }

  /** The descendant DAG of token `tokenId` (every token made from it). */
  getDescendants(templateId: string, executionId: string, tokenId: string): Promise<Provenance> {
    return this.get(`${run(templateId, executionId)}/tokens/${enc(tokenId)}/descendants`);
  }

  /** The run as NDJSON text (header line + canonical ledger); `importRun` takes it back. */
  exportRun(templateId: string, executionId: string): Promise<string> {
    return this.request<string>('GET', `${run(templateId, executionId)}/export`, undefined, 'text');
  }

  /** Stores an exported run as a new execution of `templateId`, after re-executing it and checking its hash. */
  importRun(templateId: string, body: RunImportInput): Promise<ExecutionCreated> {
    return this.send('POST', `/engine/templates/${enc(templateId)}/executions/import`, body);
  }

  /** Validates a scenario document without saving it: `{valid, errors, warnings}`, paths under `/scenario`. */
  validateTemplate(scenario: Record<string, unknown>): Promise<ValidationAnswer> {
    return this.send('POST', '/admin/validate', { scenario });
  }

  // ——— templates ———

  listTemplates(): Promise<TemplateList> {
    return this.get('/admin/templates');
  }

  createTemplate(body: TemplateInput): Promise<TemplateCreated> {
    return this.send('POST', '/admin/templates', body);
  }

  updateTemplate(templateId: string, patch: TemplatePatch): Promise<TemplateUpdated> {
    return this.send('PUT', `/admin/templates/${enc(templateId)}`, patch);
  }

  deleteTemplate(templateId: string): Promise<Deleted> {
    return this.send('DELETE', `/admin/templates/${enc(templateId)}`);
  }

  // ——— executions ———

  createExecution(templateId: string, body: ExecutionInput = {}): Promise<ExecutionCreated> {
    return this.send('POST', `/engine/templates/${enc(templateId)}/executions`, body);
  }

  listExecutions(templateId: string): Promise<ExecutionList> {
    return this.get(`/engine/templates/${enc(templateId)}/executions`);
  }

  deleteExecution(executionId: string): Promise<Deleted> {
    return this.send('DELETE', `/engine/executions/${enc(executionId)}`);
  }

  addExternalEvents(templateId: string, executionId: string, events: ExternalEvent[]): Promise<EventsAdded> {
    return this.send('POST', `${run(templateId, executionId)}/events`, { events });
  }

  // ——— parser ———

  /** The bundled sample logs (public/parser/manifest.json) and the user's own, with their text. */
  loadSources(): Promise<SourcesLoaded> {
    return this.get('/parser/load-sources');
  }

  /** Every log source without its text (bundled first, then the user's). */
  listSources(): Promise<SourceList> {
    return this.get('/parser/sources');
  }

  /** One source with its text. */
  getSourceContent(sourceId: string): Promise<LogSource> {
    return this.get(`/parser/sources/${enc(sourceId)}`);
  }

  /** Stores a log of your own (at most 256 MiB); the answer describes it without echoing the text. */
  addSource(body: SourceInput): Promise<SourceAdded> {
    return this.send('POST', '/parser/sources', body);
  }

  listParserConfigs(): Promise<ParserConfigRecord[]> {
    return this.get('/parser/configs');
  }

  createParserConfig(body: ParserConfigBody): Promise<ParserConfigSaved> {
    return this.send('POST', '/parser/configs', body);
  }

  getParserConfig(configId: string): Promise<ParserConfigRecord> {
    return this.get(`/parser/configs/${enc(configId)}`);
  }

  /** Partial update: the given fields replace the stored ones; `null` removes an optional one. */
  updateParserConfig(
    configId: string,
    patch: { [K in keyof ParserConfigBody]?: ParserConfigBody[K] | null },
  ): Promise<ParserConfigSaved> {
    return this.send('PUT', `/parser/configs/${enc(configId)}`, patch);
  }

  deleteParserConfig(configId: string): Promise<Deleted> {
    return this.send('DELETE', `/parser/configs/${enc(configId)}`);
  }

  /** Parses in the worker; poll `parserProgress()` meanwhile (with your own `progressId`) for a progress bar. */
  parse(body: ParseRequest): Promise<ParseAnswer> {
    return this.send('POST', '/parser/parse', body);
  }

  /** Parses the configuration's sources and puts every event into the execution's external queue. */
  enqueue(configId: string, body: EnqueueRequest): Promise<Enqueued> {
    return this.send('POST', `/parser/configs/${enc(configId)}/enqueue`, body);
  }

  /** Progress records of the parses running in the worker (and the most recent finished ones). */
  parserProgress(): Promise<ParseJobs> {
    return this.get('/parser/progress');
  }

  // ——— transport ———

  private get<T>(path: string, query: Query = {}): Promise<T> {
    return this.request<T>('GET', path + queryString(query));
  }

  private send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return this.request<T>(method, path, body);
  }

  private async request<T>(method: string, path: string, body?: unknown, as: 'json' | 'text' = 'json'): Promise<T> {
    const init: RequestInit = { method, headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    }
    let response: Response;
    try {
      response = await this.fetcher(this.base + path, init);
    } catch (err) {
      throw new ApiError(
        0,
        'NETWORK_ERROR',
        `${method} ${this.base}${path} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const text = await response.text();
    if (as === 'text' && response.ok) return text as T;
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new ApiError(
        response.status,
        'BAD_RESPONSE',
        `${method} ${this.base}${path} answered ${response.status} with a body that is not JSON`,
        {
          body: text.slice(0, 200),
        },
      );
    }
    if (!response.ok) throw toApiError(response.status, parsed, `${method} ${this.base}${path}`);
    return parsed as T;
  }
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
