/**
 * What the ingestion worker answers the ingestion screens (src/worker/ingest.worker.ts, reached
 * through src/client/ingestBridge.ts): a preview of a source's first lines, how well each built-in
 * preset reads them, and a streamed parse's progress and summary; and what the engine worker's
 * `ingestIntoRun` takes and answers (a log sent to a run in one operation). Types only.
 */
import type { EventCoverage } from './coverage';
import type { ParseAnswer, ParserConfigBody, ParserConfigRecord, ParseStats } from './wire';

/** One mined template, as the API's parse answer lists it. */
export type TemplateSummary = ParseAnswer['templates'][number];
/** One group of events, as the API's parse answer lists it. */
export type GroupSummary = ParseAnswer['groups'][number];

/** Rows of parsed fields the preview sends back (the tables show these; counts cover every line). */
export interface PreviewRow {
  lineNo: number;
  fields: Record<string, string>;
  content: string;
  eventId: string;
  group: string | null;
}

/** One name of the events a run will receive, per target DataSource (the preview's Events table). */
export interface EventNameRow {
  /** The event's name (its `event` field: an event rule's name, else its template id). */
  name: string;
  target: string;
  count: number;
  /** Distinct correlation ids (group keys) among these events. */
  correlationIds: number;
  exampleCorrelationId: string | null;
  /** The fields a formula reads as `data.<field>`, in first-seen order. */
  fields: string[];
}

/** The template a preview checks its events against, and the DataSource "Send to run" would feed. */
export interface PreviewTemplate {
  scenario: unknown;
  targetDataSourceId: string;
}

/** The parser core's counts of one parse (the API's `ParseStats` without its timing). */
export type IngestStats = Omit<ParseStats, 'ms'>;

export type PreviewAnswer =
  | {
      ok: true;
      stats: IngestStats;
      fieldNames: string[];
      templates: TemplateSummary[];
      groups: GroupSummary[];
      unparsed: ParseAnswer['unparsed'];
      rows: PreviewRow[];
      /** The events the previewed lines become, per name and target. */
      events: EventNameRow[];
      /** What the chosen template can consume of them (null: no template chosen). */
      coverage: EventCoverage | null;
      /** Why the coverage could not be computed, when it could not. */
      coverageProblem: string | null;
    }
  | { ok: false; message: string; path: string };

export interface PresetMatch {
  name: string;
  description: string;
  /** Lines that parsed with the preset's header format, out of the non-blank lines tried. */
  matched: number;
  tried: number;
  rate: number;
  /** Templates mined from the lines with this preset. */
  templates: number;
  /** Share of well-known fields (Time, Pid, Level…) holding a value of their kind, 0–1 (1 when none). */
  plausible: number;
  /** Masks the preset brings for its own kind of log (a sign it was made for such lines). */
  ownMasks: number;
}

export interface StreamProgress {
  bytes: number;
  total: number;
  lines: number;
}

export interface StreamSummary {
  stats: IngestStats;
  templates: number;
  groups: number;
  topTemplates: TemplateSummary[];
  cancelled: boolean;
}

/**
 * The log `ingestIntoRun` sends to a run: a file the person chose (a Blob, read in slices by the
 * engine worker, never as one string), or a source already stored, by id.
 */
export type IngestSource = { name: string; blob: Blob } | { sourceId: string };

/** The configuration `ingestIntoRun` parses with and stores: a new one, or the update of `configId`. */
export interface IngestParserConfig {
  /** Its `sources` are replaced by the log's stored id. */
  body: ParserConfigBody;
  configId?: string;
}

/** Where `ingestIntoRun` enqueues the events: an execution of `templateId` (a new one when none is named), for one of its DataSources. */
export interface IngestTarget {
  templateId: string;
  executionId?: string;
  targetDataSourceId: string;
}

/** The phases of `ingestIntoRun`, in order. `templates` and `events` are the two passes over the log. */
export type IngestPhase = 'templates' | 'events' | 'storing' | 'enqueueing';

export interface IngestProgress {
  phase: IngestPhase;
  /** Bytes of the log read in this pass (for `storing` and `enqueueing`: all of them). */
  bytes: number;
  total: number;
  lines: number;
}

/** What `ingestIntoRun` answers: where everything went, and how many events the run received. */
export interface Ingested {
  success: true;
  sourceId: string;
  config: ParserConfigRecord;
  executionId: string;
  enqueued: number;
  groups: number;
  queueSize: number;
  stats: ParseStats;
}
