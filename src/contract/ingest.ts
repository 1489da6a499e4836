/**
 * What the ingestion worker answers the ingestion screens (src/worker/ingest.worker.ts, reached
 * through src/client/ingestBridge.ts): a preview of a source's first lines, how well each built-in
 * preset reads them, and a streamed parse's progress and summary. Types only.
 */
import type { EventCoverage } from './coverage';
import type { ParseAnswer, ParseStats } from './wire';

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
