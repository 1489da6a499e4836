/**
 * The parser's vocabulary: the configuration a user writes (API.md, `POST /api/parser/configs`), the
 * events and summaries a parse produces, and the error value returned for a bad configuration.
 * Everything here is plain data (JSON-serialisable) so it can cross a worker boundary as it is.
 */

/** How a header line is split into fields and content. */
export type FormatSpec =
  /**
   * Benchmark-style format string: `<Date> <Time> <Level> <Component>: <Content>`. `<Name>` is a field
   * (it matches lazily, `.*?`); the text between fields is a regular-expression fragment (so `\[` is a
   * literal bracket and `(\[<Pid>\])?` an optional part); runs of spaces match `\s+`.
   */
  | { kind: 'format'; pattern: string }
  /** A JavaScript regular expression with named groups; the `contentField` group is the message. */
  | { kind: 'regex'; pattern: string; flags?: string }
  /** One JSON object per line: keys are fields, the first present `messageKey` is the content. */
  | { kind: 'json'; messageKey?: string | string[] }
  /** logfmt (`level=info msg="user logged in" user=42`): keys are fields, `messageKey` the content. */
  | { kind: 'logfmt'; messageKey?: string | string[] }
  /** A named preset from the registry (`syslog`, `hdfs`, …); its masks are added to the config's. */
  | { kind: 'preset'; name: string };

export type FormatKind = FormatSpec['kind'];

/**
 * Lines that continue the open event (stack traces). A line matching the pattern while an event is
 * open is a continuation even if the header format would match it too (loose formats such as
 * `<Level> <Content>` match `Caused by: …`). Templates are mined from the first line of the content.
 */
export interface ContinuationConfig {
  /** Default true. False: every line that does not match is unparsed. */
  enabled?: boolean;
  /**
   * Regular expression (source) a continuation line matches. Default `^(?:\s|at\s|Caused by)`:
   * starts with whitespace, `at ` or `Caused by`.
   */
  pattern?: string;
}

/**
 * How an event's time is read from its header fields (docs/parser.md, "Times"). Every event then
 * carries `timestamp` (epoch ms); one whose time cannot be read carries none and is counted
 * (`untimed`). A preset sets one; a configuration's keys replace the preset's one by one.
 */
export interface TimeConfig {
  /** False: no event gets a time (turns a preset's off). */
  enabled?: boolean;
  /** Fields whose texts, joined by one space, are the time (`["Date", "Day", "Time"]`). Default: the fields a format string marks (`<Time:time>`). */
  fields?: string[];
  /** Or: the first of these fields an event has (JSON and logfmt keys vary per line). */
  firstOf?: string[];
  /**
   * `iso8601`, `epoch-s`, `epoch-ms`, or a strftime-style pattern (`%b %d %H:%M:%S`); a list is tried
   * in order, the first that reads the whole text wins. Default `iso8601`.
   */
  layout?: string | string[];
  /** `UTC` (default) or a fixed offset such as `+02:00`, for times that do not carry their own. */
  zone?: string;
  /** The year of a layout without one, advancing at each month wrap (Dec → Jan). Default 2000. */
  year?: number;
}

/** A named regular expression replacing variable parts of the content before template mining. */
export interface MaskSpec {
  /** Letters, digits, `_`, `-`; starts with a letter or `_`. The placeholder is `<name>`. */
  name: string;
  /** Regular-expression source; must not match the empty string. */
  pattern: string;
  /** Extra flags (`i`, `u`, `s`, `m`); `g` is always added. */
  flags?: string;
}

/** Which masks run: the config's own first (in order), then the defaults it neither replaced nor disabled. */
export interface MaskConfig {
  /** Default true: the built-in masks (`DEFAULT_MASKS`) run after the config's own. */
  useDefaults?: boolean;
  /** Names of built-in masks to leave out. */
  disable?: string[];
  /** The config's own masks; one named like a default replaces it. */
  custom?: MaskSpec[];
}

/** Template mining (Drain-style fixed-depth prefix tree). */
export interface MiningConfig {
  /** Tree depth as in Drain (root and length layers included, so depth 4 keys on 2 leading tokens). Default 4. */
  depth?: number;
  /** Minimum similarity (0–1) for a line to join a cluster: the share of the template's constant tokens it repeats. Default 0.8. */
  similarity?: number;
  /** Children per tree node before new tokens go to the wildcard branch. Default 100. */
  maxChildren?: number;
  /**
   * A word position becomes a parameter once the lines of a template show this many different words
   * there; with fewer (two or more), each word is an event of its own. Default 5.
   */
  variableAfter?: number;
  /**
   * Constant or variable by frequency (docs/parser.md, "Constants or variables"): a position with more
   * different words than this is an open vocabulary, a parameter. From `variableAfter` words up to
   * this many, the words stay constants — one event each — when every one is frequent (below).
   * Default 8.
   */
  constantMaxValues?: number;
  /** Each word of such an enumeration holds at least this share of its template's lines. Default 0.05. */
  constantMinShare?: number;
  /** … and at least this many lines. Default 3. */
  constantMinLines?: number;
  /** Merge pass after mining (see `merge.ts`). Default true. */
  merge?: boolean;
  /** Masked contents remembered with their cluster (identical ones skip the tree). 0 turns it off. Default 4096. */
  cache?: number;
}

/** Parsed events → `ExternalEvent`s for the engine's external queue. */
export interface MappingConfig {
  /** The DataSource node the events feed. Default `logs`. */
  targetDataSourceId?: string;
  /** Header fields copied into the event; default all (`'all'`). */
  fields?: string[] | 'all';
  /** Built-in data copied into the event; each defaults to true. */
  include?: {
    content?: boolean;
    eventId?: boolean;
    template?: boolean;
    params?: boolean;
    lineId?: boolean;
    /** The event's time in epoch ms (when read), as `timestamp`. */
    timestamp?: boolean;
  };
  /** Source of the `event` name: `eventId` (default), `template`, or a field spec (see `groupByField`). */
  event?: string;
  /** Source of `value` (a field spec); numeric when it parses as a number. Absent: no `value`. */
  value?: string;
  /**
   * Rules naming the event from its text, tried in order before `event`: the first whose `pattern`
   * (a regular expression) matches the event's `content` (or its `template` when `on: 'template'`)
   * gives the event name. Lets an FSM react to `connect`/`auth_ok`/`disconnect` instead of `E7`.
   */
  eventRules?: EventRule[];
}

export interface EventRule {
  pattern: string;
  flags?: string;
  event: string;
  on?: 'content' | 'template';
}

/**
 * A parser configuration (API.md). `groupByField` is a field spec: a header field or regex group
 * (`Pid`), a JSON/logfmt key, `param:N` (the N-th template parameter, from 0), or a mask name
 * (`blk`: the first text that mask matched). Prefixes `field:`, `mask:` and `param:` force a kind.
 */
export interface ParserConfig {
  name: string;
  description?: string;
  /** Source names or ids this config parses (used by the API layer, carried here). */
  sources?: string[];
  groupByField?: string;
  /** Key for events without the group field. Default `_ungrouped`; `null` leaves them without a group. */
  missingGroupKey?: string | null;
  format?: FormatSpec;
  continuation?: ContinuationConfig;
  mining?: MiningConfig;
  masks?: MaskConfig;
  mapping?: MappingConfig;
  /** How many unparsed lines are kept (with their line numbers); all are counted. Default 20. */
  keepUnparsed?: number;
  /** Bounds on what one line or one event may hold (docs/limits.md, "Log parser"). */
  limits?: ParseLimits;
  /** How each event's time is read (a preset sets one). */
  time?: TimeConfig;
}

/**
 * What one line or event may hold, so one line or a flood of continuation lines cannot exhaust
 * memory or time. Each bound that is hit is counted in `ParseStats`.
 */
export interface ParseLimits {
  /** Characters of a physical line that are read; the rest is skipped (`truncatedLines`). Default 1,048,576. */
  lineLength?: number;
  /** Continuation lines joined to one event; later ones are counted but left out (`truncatedEvents`). Default 1,000. */
  continuationLines?: number;
  /** Characters of an event's content with its continuation lines; lines past it are left out. Default 1,048,576. */
  eventLength?: number;
}

/** One parsed log event: a header line plus any continuation lines. */
export interface ParsedEvent {
  /** 1-based ordinal among parsed events (the benchmark's `LineId`). */
  lineId: number;
  /** 1-based physical line number of the header line in the input. */
  lineNo: number;
  /** Header fields by name (format order for format/regex; key order for JSON/logfmt). */
  fields: Record<string, string>;
  /** The message; continuation lines are appended after `\n`. */
  content: string;
  eventId: string;
  template: string;
  /** The text under each wildcard or mask placeholder of the template, in order. */
  params: string[];
  /** Group key (correlation id) when grouping is configured. */
  groupKey?: string;
  /** Epoch ms of the event's time, when the configuration reads times and this one could be read. */
  timestamp?: number;
}

export interface TemplateSummary {
  eventId: string;
  template: string;
  occurrences: number;
  /** Ids of clusters the merge pass folded into this one (a streaming consumer saw these ids). */
  mergedIds?: string[];
}

export interface GroupSummary {
  key: string;
  count: number;
  /** `lineNo` of the group's first event. */
  firstLine: number;
}

export interface UnparsedLine {
  lineNo: number;
  text: string;
  /** Why the format could not read the line, when it was a bound rather than a mismatch (JSON nested too deeply). */
  reason?: string;
}

export interface ParseStats {
  /** Physical lines read (parsed + continued + unparsed + blank). */
  lines: number;
  /** Header lines that became events. */
  parsed: number;
  unparsed: number;
  /** Continuation lines joined to the previous event. */
  continued: number;
  /** Empty or whitespace-only lines that continued nothing (ignored, counted). */
  blank: number;
  templates: number;
  groups: number;
  /** Events without the group field (in the missing-key bucket, or ungrouped). */
  ungrouped: number;
  /** Lines longer than `limits.lineLength`, read up to it. */
  truncatedLines: number;
  /** Events that reached `limits.continuationLines` or `limits.eventLength`: later continuation lines were left out. */
  truncatedEvents: number;
  /** Continuation lines left out of their event by those bounds (counted in `continued` too). */
  droppedContinuations: number;
  /** Events whose time could not be read although the configuration reads times (they carry no `timestamp`). */
  untimed: number;
}

/** The counts of bounds a parse hit (`limits`), only those that are not zero. */
export type BoundCounts = Partial<Pick<ParseStats, 'truncatedLines' | 'truncatedEvents' | 'droppedContinuations'>>;

export interface ParseResult {
  events: ParsedEvent[];
  templates: TemplateSummary[];
  groups: GroupSummary[];
  unparsed: { count: number; lines: UnparsedLine[] };
  stats: ParseStats;
  /** Header field names in order (for JSON/logfmt: keys as first seen). */
  fieldNames: string[];
}

export type ParserErrorCode =
  | 'BAD_CONFIG'
  | 'BAD_FORMAT'
  | 'BAD_REGEX'
  | 'UNKNOWN_PRESET'
  | 'BAD_MASK'
  | 'BAD_GROUP_BY'
  | 'BAD_MAPPING'
  | 'BAD_MINING'
  | 'BAD_TIME';

/** An expected failure (a bad configuration), returned as a value, never thrown. */
export interface ParserError {
  code: ParserErrorCode;
  /** A sentence naming what is wrong and why. */
  message: string;
  /** Where in the configuration, as a JSON Pointer (`/format/pattern`). */
  path: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ParserError };

/** Progress of a streaming parse: physical lines and bytes consumed so far. */
export interface ParseProgress {
  lines: number;
  bytes: number;
}
