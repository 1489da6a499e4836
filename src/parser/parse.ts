/**
 * One-call parsing: a whole text (or its chunks) and a configuration in, every event with its final
 * template out. For logs too large to hold, use `LogParser` with `collect: false`.
 */
import type { ExternalEvent } from '../contract/vocabulary';
import { compileConfig, type CompileOptions } from './parserConfig';
import { toExternalEvents } from './mapping';
import { LogParser, type LogParserOptions } from './parser';
import type {
  BoundCounts,
  ParsedEvent,
  ParseResult,
  ParseStats,
  ParserConfig,
  ParserError,
  Result,
} from '../contract/parser';

export type ParseOutcome = ({ ok: true } & ParseResult) | { ok: false; error: ParserError };

/**
 * Pure: parses `input` (a text, or its chunks in order) with `config`. Never throws: a bad
 * configuration is `{ok: false, error}`; lines that match nothing are counted in `unparsed`.
 */
export function parseLog(
  input: string | Iterable<string>,
  config: ParserConfig,
  options: Omit<LogParserOptions, 'collect'> = {},
): ParseOutcome {
  const created = LogParser.create(config, { ...options, collect: true });
  if (!created.ok) return created;
  const parser = created.value;
  if (typeof input === 'string') parser.push(input);
  else for (const chunk of input) parser.push(chunk);
  return { ok: true, ...parser.end() };
}

/**
 * Pure: parsed events as `ExternalEvent`s for the external queue, mapped by `config.mapping` (each
 * with `correlationId` = its group key). The config is the one the events were parsed with.
 */
export function mapEvents(
  events: readonly ParsedEvent[],
  config: ParserConfig,
  options: CompileOptions = {},
): Result<ExternalEvent[]> {
  const compiled = compileConfig(config, options);
  if (!compiled.ok) return compiled;
  return { ok: true, value: toExternalEvents(events, compiled.value.mapping, compiled.value.masks) };
}

/**
 * Pure: the bound counts of `stats` that are not zero (`truncatedLines`, `truncatedEvents`,
 * `droppedContinuations`), for summaries that show them only when a bound was hit.
 */
export function boundCounts(stats: ParseStats): BoundCounts {
  const out: BoundCounts = {};
  if (stats.truncatedLines > 0) out.truncatedLines = stats.truncatedLines;
  if (stats.truncatedEvents > 0) out.truncatedEvents = stats.truncatedEvents;
  if (stats.droppedContinuations > 0) out.droppedContinuations = stats.droppedContinuations;
  return out;
}
