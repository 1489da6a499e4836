/**
 * The wire contract (API.md): request and response bodies of every `/api/...` path and the closed
 * set of error codes, shared by the worker service (src/worker), the MSW handlers (src/api), the
 * client (src/client) and the UI. Types and constants only; the HTTP status of each error code is
 * the HTTP adapter's business (src/api/status.ts).
 */
import type { FsmView, RunResult, ScenarioGraph, SinkAggregateValue, StepView } from './queries';
import type { ExternalEvent, Issue, RunStatus, WaitingSource } from './vocabulary';
import type {
  ContinuationConfig,
  FormatSpec,
  GroupSummary,
  MappingConfig,
  MaskConfig,
  MiningConfig,
  ParseLimits,
  TemplateSummary,
  TimeConfig,
  UnparsedLine,
} from './parser';

export type {
  ActivityEntry,
  ActivityHistogram,
  GraphPort,
  HistogramBucket,
  LedgerFilter,
  LedgerPage,
  Lineage,
  LineageElement,
  Provenance,
  QueueSnapshot,
  FsmResult,
  FsmView,
  FsmViewInstances,
  FsmViewState,
  FsmViewTransition,
  RunResult,
  SinkResult,
  SinkResultFormula,
  ScenarioGraph,
  ScenarioGraphEdge,
  ScenarioGraphNode,
  SinkFormula,
  StepResult,
  StepView,
  StepViewNode,
} from './queries';
export { SINK_FORMULAS } from './queries';
/** An external event: addressed by `targetDataSourceId`, or *(compat)* in the original tool's shape and routed by `type`. */
export type { ExternalEvent, TargetedEvent, TypedEvent } from './vocabulary';

/** Every error answer: `{success: false, error: {code, message, details}}`. */
export interface ErrorBody {
  success: false;
  error: { code: ErrorCode; message: string; details: Record<string, unknown> };
}

/** Closed set of error codes (their HTTP statuses: src/api/status.ts `STATUS_OF`). */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'INVALID_PARAMETER'
  | 'UNKNOWN_FORMULA'
  | 'NOT_A_SINK'
  | 'UNKNOWN_DATA_SOURCE'
  | 'STEP_OUT_OF_RANGE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'TEMPLATE_NOT_FOUND'
  | 'EXECUTION_NOT_FOUND'
  | 'NODE_NOT_FOUND'
  | 'CORRELATION_ID_NOT_FOUND'
  | 'TOKEN_NOT_FOUND'
  | 'CONFIG_NOT_FOUND'
  | 'SOURCE_NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'INVALID_SCENARIO'
  | 'INVALID_CONFIG'
  | 'HASH_MISMATCH'
  | 'STORAGE_FULL'
  | 'STORAGE_ERROR'
  | 'REPLAY_MISMATCH'
  | 'ABORTED'
  | 'INTERNAL';

// ——— templates ———

export interface Template {
  id: string;
  name: string;
  description: string;
  version: string;
  slug: string;
  scenario: Record<string, unknown>;
  referenceDoc?: string;
  resources?: unknown[];
  createdAt: string;
  updatedAt: string;
  /**
   * Incremented by every update (1 when created; 0: not updated since templates had revisions). A
   * `PUT` with `If-Match: "<revision>"` is refused with 409 CONFLICT once another update came first.
   */
  revision: number;
}

export interface TemplateInput {
  name: string;
  description?: string;
  scenario: Record<string, unknown>;
  referenceDoc?: string;
  resources?: unknown[];
}

export type TemplatePatch = Partial<Pick<TemplateInput, 'name' | 'description' | 'scenario' | 'referenceDoc'>>;

export interface TemplateList {
  templates: Template[];
  count: number;
}

export interface TemplateCreated {
  success: true;
  template: Template;
  templateId: string;
  slug: string;
  message: string;
  warnings: Issue[];
}

export interface TemplateUpdated {
  success: true;
  template: Template;
  message: string;
  warnings: Issue[];
}

export interface Deleted {
  success: true;
  message: string;
}

// ——— executions ———

export interface ExecutionRecord {
  id: string;
  templateId: string;
  name: string;
  seed: number;
  status: RunStatus;
  currentStep: number;
  ledgerSize: number;
  externalEventCount: number;
  /** Pending tasks after `currentStep` (the engine's `getQueue().size()`). */
  queueSize: number;
  /**
   * SHA-256 (hex) of the canonical NDJSON ledger — the CLI's `ledgerHash` — set when the run has
   * ended (`completed` or `truncated`); null while it can still advance. Hashing costs ~4 µs per
   * event, so it is paid once at the end, not on every step.
   */
  ledgerHash: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Present (non-empty) only while the run is `completed` with DataSources that wait for external
   * events and have received none: those sources. Adding events lets the run go on.
   */
  waitingFor?: WaitingSource[];
}

export interface ExecutionInput {
  name?: string;
  seed?: number;
  externalEvents?: ExternalEvent[];
}

export interface ExecutionCreated {
  success: true;
  executionId: string;
  execution: ExecutionRecord;
}

export interface ExecutionList {
  executions: ExecutionRecord[];
  count: number;
}

export interface EventsAdded {
  success: true;
  added: number;
  queueSize: number;
}

// ——— engine paths ———

/** `currentStep` query value: a non-negative integer or `end`. */
export type StepTarget = number | 'end';
/** `step` query value: a non-negative integer or `last`. */
export type StepRef = number | 'last';

/** `GET …/sinks/{sinkId}/aggregate` answer. */
export interface SinkAggregate extends SinkAggregateValue {
  templateId: string;
  executionId: string;
}

/** `GET /engine/templates/{templateId}/graph` answer: the template's normalised graph and its loader warnings. */
export interface TemplateGraph extends ScenarioGraph {
  templateId: string;
  warnings: Issue[];
}

/** `GET …/view?step=` answer. */
export interface StepViewAnswer extends StepView {
  templateId: string;
  executionId: string;
}

/** `GET …/nodes/{nodeId}/fsm?step=&state=&offset=&limit=` answer. */
export interface FsmViewAnswer extends FsmView {
  templateId: string;
  executionId: string;
}

/** `GET …/result?step=` answer. */
export interface RunResultAnswer extends RunResult {
  templateId: string;
  executionId: string;
}

/** `POST /admin/validate` body: a scenario document (as `POST /admin/templates` takes it). */
export interface ValidateInput {
  scenario: Record<string, unknown>;
}

/** `POST /admin/validate` answer: every problem, paths pointing into the body (`/scenario/…`). Nothing is stored. */
export interface ValidationAnswer {
  success: true;
  valid: boolean;
  errors: Issue[];
  warnings: Issue[];
  /** When valid: the scenario's normalised graph (as `…/graph` answers it), edges resolved — what an editor draws. */
  graph?: ScenarioGraph;
}

/** `POST /engine/templates/{templateId}/executions/import` body: an exported run (`GET …/export`). */
export interface RunImportInput {
  /** The export text: a header line, then the canonical ledger lines. */
  run: string;
  name?: string;
}

// ——— parser ———

/** Documented limits of the parser paths (openapi.json, docs/parser.md "In the browser"). */
export const PARSER_LIMITS = {
  /** Largest log `POST /api/parser/sources` stores, in UTF-8 bytes (256 MiB). */
  sourceBytes: 256 * 1024 * 1024,
  /** Largest request body of `POST /api/parser/sources`: the log plus room for JSON escaping (272 MiB). */
  sourceBodyBytes: 272 * 1024 * 1024,
  /** Events a parse answers when the body does not say (`eventLimit`). */
  defaultEventLimit: 10_000,
  maxEventLimit: 1_000_000,
} as const;

/** A log source as `load-sources` lists it: a bundled sample (the manifest's) or a log a user added. */
export interface LogSource {
  id: string;
  name: string;
  type: 'log';
  content: string;
  /** `bundled`: named by public/parser/manifest.json; `user`: added with `POST /api/parser/sources`. */
  origin: 'bundled' | 'user';
}

/** A source as `GET /api/parser/sources` lists it: without its text (`GET /api/parser/sources/{sourceId}` has it). */
export interface SourceSummary {
  id: string;
  name: string;
  type: 'log';
  origin: 'bundled' | 'user';
  /** Size of the text in UTF-8 bytes; null for a bundled file that could not be read. */
  bytes: number | null;
}

export interface SourceList {
  success: true;
  sources: SourceSummary[];
  /** Bundled files that could not be read or used, in words. */
  problems: string[];
}

export interface SourcesLoaded {
  success: true;
  sources: LogSource[];
  /** public/parser/manifest.json as fetched; null when it could not be read (see `problems`). */
  manifest: unknown;
  /** Bundled files that could not be read or used, in words (the user's sources are listed regardless). */
  problems: string[];
}

/** `POST /api/parser/sources` body. */
export interface SourceInput {
  name: string;
  type: 'log';
  content: string;
}

/** A stored source without its text: the answer of `POST /api/parser/sources` (echoing a large log back would double it). */
export interface SourceInfo {
  id: string;
  name: string;
  type: 'log';
  origin: 'user';
  /** Size of the content in UTF-8 bytes. */
  bytes: number;
  createdAt: string;
}

export interface SourceAdded {
  success: true;
  source: SourceInfo;
}

/**
 * A parser configuration as the API takes it (docs/parser.md "Configuration"): `sources` names the
 * logs it parses (source ids, or names), in order; the rest is the parser core's `ParserConfig`.
 */
export interface ParserConfigBody {
  name: string;
  description?: string;
  sources: string[];
  groupByField?: string;
  missingGroupKey?: string | null;
  format?: FormatSpec;
  continuation?: ContinuationConfig;
  masks?: MaskConfig;
  mining?: MiningConfig;
  mapping?: MappingConfig;
  keepUnparsed?: number;
  /** Bounds on one line and one event (docs/limits.md, "Log parser"). */
  limits?: ParseLimits;
  /** How each event's time is read (docs/parser.md, "Times"); a preset sets one. */
  time?: TimeConfig;
}

export interface ParserConfigRecord extends ParserConfigBody {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** Answer of creating or updating a configuration. */
export interface ParserConfigSaved {
  success: true;
  config: ParserConfigRecord;
  message: string;
}

/** Options shared by `parse` and `enqueue`. */
export interface ParseOptions {
  /** Names the progress record of this parse (`GET /api/parser/progress`); default a fresh id. */
  progressId?: string;
}

/** `POST /api/parser/parse` body: a saved configuration or one given inline. */
export type ParseRequest = ({ configId: string } | { config: ParserConfigBody }) &
  ParseOptions & {
    /** At most this many events in the answer (0–1,000,000, default 10,000); stats and groups always cover the whole input. */
    eventLimit?: number;
  };

export interface ParseStats {
  lines: number;
  parsed: number;
  unparsed: number;
  groups: number;
  templates: number;
  /** Milliseconds the worker spent parsing (every pass over the text, chunking and yielding included). */
  ms: number;
  continued: number;
  blank: number;
  ungrouped: number;
  /** Present when a parse bound was hit (docs/limits.md, "Log parser"): lines cut at `limits.lineLength`. */
  truncatedLines?: number;
  /** Present when hit: events that reached `limits.continuationLines` or `limits.eventLength`. */
  truncatedEvents?: number;
  /** Present when hit: continuation lines left out of their event by those bounds. */
  droppedContinuations?: number;
  /** Present when the configuration reads times: events whose time could not be read (they carry no `timestamp`). */
  untimed?: number;
}

export interface ParseAnswer {
  success: true;
  /** The parsed events mapped to external events (each with `correlationId` = its group key), at most `eventLimit`. */
  events: ExternalEvent[];
  /** True when `events` stops at `eventLimit` before the last parsed event. */
  eventsTruncated: boolean;
  templates: TemplateSummary[];
  groups: GroupSummary[];
  /** Lines that matched no format: all counted, the first `keepUnparsed` kept with their line numbers. */
  unparsed: { count: number; lines: UnparsedLine[] };
  stats: ParseStats;
}

/** `POST /api/parser/configs/{configId}/enqueue` body. */
export interface EnqueueRequest extends ParseOptions {
  templateId: string;
  executionId: string;
  /** Overrides the configuration's `mapping.targetDataSourceId`; must be a DataSource of the execution's scenario. */
  targetDataSourceId: string;
}

export interface Enqueued {
  success: true;
  enqueued: number;
  groups: number;
  /** The execution's pending tasks after the events were added. */
  queueSize: number;
  stats: ParseStats;
}

/** The progress record of one parse (or enqueue) in the worker: poll `GET /api/parser/progress` while it runs. */
export interface ParseJob {
  id: string;
  kind: 'parse' | 'enqueue';
  /** Name of the configuration being parsed. */
  config: string;
  /** `templates`: first pass (mining); `events`: second pass (events with their final templates); `done`. */
  phase: 'templates' | 'events' | 'done';
  /** Characters of source text read in this phase, of `total`. */
  processed: number;
  total: number;
  /** Share of the whole job done, 0–1 (both passes counted). */
  fraction: number;
  /** Lines read in this phase. */
  lines: number;
  startedAt: string;
  /** Milliseconds from start to end, once done. */
  ms?: number;
}

export interface ParseJobs {
  success: true;
  /** Running jobs, then the most recent finished ones, oldest first. */
  jobs: ParseJob[];
}
