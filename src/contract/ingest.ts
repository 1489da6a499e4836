/**
 * What the ingestion worker answers the ingestion screens (src/worker/ingest.worker.ts, reached
 * through src/client/ingestBridge.ts): a preview of a source's first lines, how well each built-in
 * preset reads them, and a streamed parse's progress and summary. Types only.
 */
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
