/**
 * The streaming log parser: text chunks in, events, templates, groups and counts out.
 *
 * Per physical line: a blank line is counted and skipped; a line that looks like a continuation
 * (`^\s`, `at `, `Caused by`) while an event is open is appended to its content; a line the header
 * format matches starts an event (its content's first line is masked, tokenised and mined at once);
 * any other line is unparsed — counted, and the first `keepUnparsed` kept with their line numbers.
 * An event is complete when the next event starts or the input ends.
 *
 * Bounds (`limits`, docs/limits.md): a physical line is read up to `lineLength` characters (the line
 * splitter skips the rest as it streams in); an event takes at most `continuationLines` continuation
 * lines and `eventLength` characters, later continuation lines are counted and left out. A line the
 * format cannot read within its own bounds (JSON nested too deeply) is unparsed with a reason. Each is
 * counted in the stats, so memory stays proportional to the input and no line can throw.
 *
 * Memory: with `collect: false` the parser holds the templates, the groups and one open event — not
 * the log. Completed events can be streamed to `onEvent`; their template is the one known at that
 * moment (an event id never changes, a template only generalises). For final templates in a stream,
 * parse twice: pass the first pass's `finalTemplates()` to the second (mining is deterministic, so the
 * same input yields the same cluster for every line).
 */
import { compileConfig, type CompileOptions, type CompiledConfig } from './parserConfig';
import { Drain, liveVariant, survivor, type ChangeKind, type Cluster, type Variant } from './mining/drain';
import { GroupCounter } from './group';
import type { HeaderMatch } from './formats/lineReader';
import { LineSplitter, utf8Length } from './lines';
import { finalizeTemplates, resolveFinal, type FinalTemplate, type FinalTemplates } from './mining/merge';
import { ParamExtractor } from './mining/params';
import { joinTokens, tokenize } from './mining/tokens';
import { TimeReader } from './time';
import type { ParsedEvent, ParseProgress, ParseResult, ParserConfig, Result, UnparsedLine } from '../contract/parser';

export interface TemplateChange {
  change: Exclude<ChangeKind, 'none'>;
  eventId: string;
  template: string;
  lineNo: number;
}

export interface LogParserOptions extends CompileOptions {
  /** Keep every event for `end()` (default true). False: templates, groups and stats only. */
  collect?: boolean;
  /** Each completed event, in input order. */
  onEvent?: (event: ParsedEvent) => void;
  /** Progress every `progressEvery` lines (default 10,000) and at the end. */
  onProgress?: (progress: ParseProgress) => void;
  progressEvery?: number;
  /** Each cluster created or changed while mining. */
  onTemplate?: (change: TemplateChange) => void;
  /** Final templates from an earlier pass over the same input (see the file comment). */
  finalTemplates?: FinalTemplates;
}

interface Open {
  lineNo: number;
  names: readonly string[];
  values: readonly string[];
  content: string;
  extra: string[] | null;
  /** Characters of `content` and `extra` with their line breaks. */
  length: number;
  /** Continuation lines were left out of this event. */
  truncated: boolean;
  cluster: Cluster;
  /** The line's variant in its cluster (its words, for a cluster split at the end), or null. */
  variant: Variant | null;
  /** Epoch ms of the line's time, or null (none read, or none configured). */
  timestamp: number | null;
}

type Held = Omit<Open, 'extra' | 'length' | 'truncated'> & { lineId: number };

/** A mined line: its cluster and its variant there. */
interface Mined {
  cluster: Cluster;
  variant: Variant | null;
}

const MAX_KEPT_TEXT = 2000;
const MAX_FIELD_NAMES = 1000;

export class LogParser {
  private readonly drain: Drain;
  private readonly splitter: LineSplitter;
  private readonly extractor: ParamExtractor;
  private readonly groups: GroupCounter | null;
  private readonly held: Held[] = [];
  private readonly unparsedLines: UnparsedLine[] = [];
  private readonly fieldNames: string[];
  private readonly fieldSeen: Set<string> | null;
  private readonly onLine = (line: string, cut: boolean): void => this.line(line, cut);
  private readonly cache: Map<string, Mined> | null;
  private readonly time: TimeReader | null;
  private open: Open | null = null;
  private done = false;
  private lines = 0;
  private bytes = 0;
  private parsed = 0;
  private unparsed = 0;
  private continued = 0;
  private blank = 0;
  private truncatedLines = 0;
  private truncatedEvents = 0;
  private droppedContinuations = 0;
  private untimed = 0;

  /** Pure: a parser for `config`, or the configuration's first problem. */
  static create(config: ParserConfig, options: LogParserOptions = {}): Result<LogParser> {
    const compiled = compileConfig(config, options);
    if (!compiled.ok) return compiled;
    return { ok: true, value: new LogParser(compiled.value, options) };
  }

  constructor(
    readonly compiled: CompiledConfig,
    private readonly options: LogParserOptions = {},
  ) {
    const { mining, isVariable, masks, groupBy } = compiled;
    this.splitter = new LineSplitter(compiled.limits.lineLength);
    this.drain = new Drain({
      depth: mining.depth,
      similarity: mining.similarity,
      maxChildren: mining.maxChildren,
      variableAfter: mining.variableAfter,
      maxValues: mining.constantMaxValues,
      isVariable,
    });
    this.extractor = new ParamExtractor(masks.placeholders);
    this.groups = groupBy === null ? null : new GroupCounter(groupBy, masks, compiled.missingGroupKey);
    this.cache = mining.cache > 0 ? new Map() : null;
    this.time = compiled.time === null ? null : new TimeReader(compiled.time);
    this.fieldNames = [...compiled.reader.fieldNames];
    this.fieldSeen = compiled.reader.kind === 'json' || compiled.reader.kind === 'logfmt' ? new Set() : null;
  }

  /** Feeds a chunk of text; `bytes` is its size in the source (default: its UTF-8 length). */
  push(chunk: string, bytes?: number): void {
    if (this.done) throw new Error('LogParser.push called after end()');
    this.bytes += bytes ?? utf8Length(chunk);
    this.splitter.push(chunk, this.onLine);
  }

  /** Ends the input and returns the result; the parser cannot be used afterwards. */
  end(): ParseResult {
    if (this.done) throw new Error('LogParser.end called twice');
    this.splitter.end(this.onLine);
    this.complete();
    this.done = true;
    this.options.onProgress?.(this.progress);
    const final = this.finalTemplates();
    const events =
      this.options.collect === false
        ? []
        : this.held.map((h) => {
            const r = resolveFinal(final, h.cluster.id, h.variant?.tokens ?? null)!;
            return this.finalEvent(h, r.final, r.paramTemplate);
          });
    if (this.groups !== null && this.options.collect !== false) for (const e of events) this.groups.assign(e);
    return {
      events,
      templates: final.list.map((t) => ({
        eventId: t.eventId,
        template: t.template,
        occurrences: t.occurrences,
        ...(t.mergedIds.length > 0 ? { mergedIds: t.mergedIds } : {}),
      })),
      groups: this.groups?.summary() ?? [],
      unparsed: { count: this.unparsed, lines: this.unparsedLines },
      stats: {
        lines: this.lines,
        parsed: this.parsed,
        unparsed: this.unparsed,
        continued: this.continued,
        blank: this.blank,
        templates: final.list.length,
        groups: this.groups?.size ?? 0,
        ungrouped: this.groups?.ungrouped ?? 0,
        truncatedLines: this.truncatedLines,
        truncatedEvents: this.truncatedEvents,
        droppedContinuations: this.droppedContinuations,
        untimed: this.untimed,
      },
      fieldNames: this.fieldNames,
    };
  }

  /** Pure snapshot: the templates as they stand (merge pass applied). */
  finalTemplates(): FinalTemplates {
    const { merge, variableAfter, constantMinShare, constantMinLines } = this.compiled.mining;
    return finalizeTemplates(this.drain.clusters, {
      merge,
      variableAfter,
      isVariable: this.compiled.isVariable,
      isPlaceholder: this.compiled.isPlaceholder,
      valueWords: this.drain.openWords,
      constants: { maxValues: this.drain.maxValues, minShare: constantMinShare, minLines: constantMinLines },
    });
  }

  get progress(): ParseProgress {
    return { lines: this.lines, bytes: this.bytes };
  }

  private line(line: string, cut: boolean): void {
    const lineNo = ++this.lines;
    if (cut) this.truncatedLines++;
    const every = this.options.progressEvery ?? 10_000;
    if (this.options.onProgress && lineNo % every === 0) this.options.onProgress(this.progress);
    if (isBlank(line)) {
      this.blank++;
      return;
    }
    // A continuation-looking line continues the open event even if the header format would match
    // it too: loose formats (`<Level> <Content>`) match `Caused by: …` as well.
    const open = this.open;
    if (open !== null && this.compiled.continuation?.test(line)) {
      this.continued++;
      const { continuationLines, eventLength } = this.compiled.limits;
      const extra = open.extra?.length ?? 0;
      if (extra < continuationLines && open.length + 1 + line.length <= eventLength) {
        (open.extra ??= []).push(line);
        open.length += 1 + line.length;
      } else {
        this.droppedContinuations++;
        if (!open.truncated) this.truncatedEvents++;
        open.truncated = true;
      }
      return;
    }
    let m: HeaderMatch | null;
    let reason: string | undefined;
    try {
      m = this.compiled.reader.read(line);
      if (m === null) reason = this.compiled.reader.refusal?.(line) ?? undefined;
    } catch (err) {
      // A safety net: every reader is linear and bounded, so this is not expected to happen.
      m = null;
      reason = `the format could not read the line: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (m !== null) {
      this.complete();
      const content = m.content;
      const nl = content.indexOf('\n');
      const { cluster, variant } = this.mine(
        this.compiled.masks.apply(nl === -1 ? content : content.slice(0, nl)),
        lineNo,
      );
      if (this.fieldSeen !== null) this.noteFields(m.names);
      // Read in line order: a layout without a year follows the months from line to line.
      let timestamp: number | null = null;
      if (this.time !== null) {
        timestamp = this.time.read(m.names, m.values);
        if (timestamp === null) this.untimed++;
      }
      const length = content.length;
      this.open = {
        lineNo,
        names: m.names,
        values: m.values,
        content,
        extra: null,
        length,
        truncated: false,
        cluster,
        variant,
        timestamp,
      };
      return;
    }
    this.unparsed++;
    if (cut)
      reason ??= `the line is longer than ${this.compiled.limits.lineLength} characters (limits.lineLength) and was read up to there`;
    if (this.unparsedLines.length < this.compiled.keepUnparsed) {
      this.unparsedLines.push({
        lineNo,
        text: line.length > MAX_KEPT_TEXT ? `${line.slice(0, MAX_KEPT_TEXT)}…` : line,
        ...(reason === undefined ? {} : { reason }),
      });
    }
  }

  /**
   * Mines one masked content. Identical masked contents always share a cluster: the first one's
   * cluster is remembered (up to `mining.cache` entries, then the memory starts over), which also
   * skips tokenising and the tree for the many lines that repeat a shape exactly.
   */
  private mine(masked: string, lineNo: number): Mined {
    const cached = this.cache?.get(masked);
    if (cached !== undefined) {
      if (cached.variant !== null) liveVariant(cached.variant).count++;
      return { cluster: this.drain.repeat(cached.cluster), variant: cached.variant };
    }
    const { tokens, glue } = tokenize(masked);
    const { cluster, change, variant } = this.drain.add(tokens, glue);
    if (this.cache !== null) {
      if (this.cache.size >= this.compiled.mining.cache) this.cache.clear();
      this.cache.set(masked, { cluster, variant });
    }
    if (change !== 'none' && this.options.onTemplate) {
      this.options.onTemplate({
        change,
        eventId: `E${cluster.id}`,
        template: joinTokens(cluster.tokens, cluster.glue),
        lineNo,
      });
    }
    return { cluster, variant };
  }

  /** Completes the open event: keeps it, streams it, or just counts its group. */
  private complete(): void {
    const open = this.open;
    if (open === null) return;
    this.open = null;
    this.parsed++;
    const collect = this.options.collect !== false;
    const onEvent = this.options.onEvent;
    // Nothing to keep, stream or count: the event is only counted (in `parsed`).
    if (!collect && !onEvent && this.groups === null) return;
    const held: Held = {
      lineId: this.parsed,
      lineNo: open.lineNo,
      names: open.names,
      values: open.values,
      content: open.extra === null ? open.content : [open.content, ...open.extra].join('\n'),
      cluster: open.cluster,
      variant: open.variant,
      timestamp: open.timestamp,
    };
    if (collect) this.held.push(held);
    if (!onEvent && (collect || this.groups === null)) return;
    const known = this.options.finalTemplates;
    const id = held.cluster.id;
    const live = survivor(held.cluster);
    const resolved = known === undefined ? undefined : resolveFinal(known, id, held.variant?.tokens ?? null);
    const final = resolved?.final ?? {
      eventId: `E${live.id}`,
      template: joinTokens(live.tokens, live.glue),
      occurrences: 0,
      mergedIds: [],
    };
    // Counting groups by a field or mask needs no parameters: skip the regex then.
    const withParams = onEvent !== undefined || this.compiled.groupBy?.kind === 'param';
    const event = this.finalEvent(held, final, resolved?.paramTemplate, withParams);
    if (this.groups !== null) {
      if (collect) this.groups.keyOf(event);
      else this.groups.assign(event);
    }
    onEvent?.(event);
  }

  private finalEvent(h: Held, final: FinalTemplate, paramTemplate = final.template, withParams = true): ParsedEvent {
    const fields: Record<string, string> = {};
    for (let i = 0; i < h.names.length; i++) setField(fields, h.names[i]!, h.values[i]!);
    const params = withParams ? this.extractor.extract(paramTemplate, h.content) : [];
    const event: ParsedEvent = {
      lineId: h.lineId,
      lineNo: h.lineNo,
      fields,
      content: h.content,
      eventId: final.eventId,
      template: final.template,
      params,
    };
    if (h.timestamp !== null) event.timestamp = h.timestamp;
    return event;
  }

  private noteFields(names: readonly string[]): void {
    for (const n of names) {
      if (this.fieldSeen!.has(n) || this.fieldNames.length >= MAX_FIELD_NAMES) continue;
      this.fieldSeen!.add(n);
      this.fieldNames.push(n);
    }
  }
}

/** `__proto__` as a key would change the object's prototype instead of adding a field. */
function setField(fields: Record<string, string>, name: string, value: string): void {
  if (name === '__proto__')
    Object.defineProperty(fields, name, { value, enumerable: true, writable: true, configurable: true });
  else fields[name] = value;
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 12 && c !== 11) return false;
  }
  return true;
}
