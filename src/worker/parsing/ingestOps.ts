/**
 * What the ingestion screens ask of their own worker (`ingest.worker.ts`): a preview of the first
 * lines, preset detection, line counting and a streamed parse of a whole file with progress and
 * cancellation. The parser core does the work; these functions only shape its answers for the page.
 */
import { BUILTIN_PRESETS, LogParser, compileConfig, mapEvents, parseLog } from '../../parser';
import type { ParserConfig } from '../../parser';
import type { PresetMatch, PreviewAnswer, PreviewTemplate, StreamProgress, StreamSummary } from '../../contract/ingest';
import { addressedTo, eventNameRows, templateCoverage } from './eventCensus';

export type { PresetMatch, PreviewAnswer, PreviewRow, StreamProgress, StreamSummary } from '../../contract/ingest';

/** Rows of parsed fields the preview sends back (the tables show these; counts cover every line). */
export const PREVIEW_ROWS = 200;

/**
 * Pure: parses `text` (the first lines of a source) with `config`, for the preview tables: the
 * parsed lines, and the events they become — checked against `template` when one is chosen.
 */
export function preview(text: string, config: ParserConfig, template: PreviewTemplate | null = null): PreviewAnswer {
  const out = parseLog(text, config);
  if (!out.ok) return { ok: false, message: out.error.message, path: out.error.path ?? '' };
  const mapped = mapEvents(out.events, config);
  const events = addressedTo(mapped.ok ? mapped.value : [], template?.targetDataSourceId ?? '');
  const checked = template && mapped.ok ? templateCoverage(events, template) : null;
  return {
    ok: true,
    stats: out.stats,
    fieldNames: out.fieldNames,
    templates: out.templates,
    groups: out.groups,
    unparsed: out.unparsed,
    rows: out.events.slice(0, PREVIEW_ROWS).map((e) => ({
      lineNo: e.lineNo,
      fields: e.fields,
      content: e.content,
      eventId: e.eventId,
      group: e.groupKey ?? null,
    })),
    events: eventNameRows(events),
    coverage: checked && 'coverage' in checked ? checked.coverage : null,
    coverageProblem: checked && 'problem' in checked ? checked.problem : null,
  };
}

/**
 * Pure: every built-in preset tried on `text` (a new source's first lines), best match rate first
 * (ties keep the registry's order). Continuation lines count as matched: they belong to an event.
 */
export function detectPresets(text: string): PresetMatch[] {
  const out: PresetMatch[] = [];
  for (const name of BUILTIN_PRESETS.names()) {
    const preset = BUILTIN_PRESETS.get(name)!;
    const r = parseLog(text, { name: 'detect', format: { kind: 'preset', name }, mining: {} });
    if (!r.ok) continue;
    const tried = r.stats.lines - r.stats.blank;
    // A preset that never parsed a header line does not get credit for "continuations".
    const matched = r.stats.parsed === 0 ? 0 : r.stats.parsed + r.stats.continued;
    out.push({
      plausible: plausibility(r.events),
      name,
      description: preset.description,
      matched,
      tried,
      rate: tried === 0 ? 0 : matched / tried,
      templates: r.stats.templates,
      ownMasks: preset.masks?.length ?? 0,
    });
  }
  // At an equal match rate, the preset whose well-known fields hold values of their kind (a time
  // in Time, a number in Pid) wins — a loose format matches any line —, then a preset made for that kind of log (it brings its own masks) fits better
  // than a general one (the Loghub OpenSSH preset over plain syslog), then the one with fewer templates.
  return out.sort(
    (a, b) => b.rate - a.rate || b.plausible - a.plausible || b.ownMasks - a.ownMasks || a.templates - b.templates,
  );
}

/**
 * Not pure (reads the stream, yields): parses a whole source as a stream of UTF-8 bytes with
 * `config`, templates and groups only (memory bounded by them, not by the log). `onProgress` after
 * every chunk; `cancelled()` is checked after every chunk, and `yieldTask` lets messages in between.
 */
export async function parseStream(
  stream: ReadableStream<Uint8Array>,
  total: number,
  config: ParserConfig,
  hooks: { onProgress: (p: StreamProgress) => void; cancelled: () => boolean; yieldTask: () => Promise<void> },
): Promise<StreamSummary | { ok: false; message: string }> {
  const compiled = compileConfig(config);
  if (!compiled.ok) return { ok: false, message: compiled.error.message };
  const parser = new LogParser(compiled.value, { collect: false });
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let bytes = 0;
  let cancelled = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // Big reads are split so that each step stays short and Cancel is seen quickly.
    for (let at = 0; at < value.length; at += SLICE) {
      const part = value.subarray(at, Math.min(value.length, at + SLICE));
      parser.push(decoder.decode(part, { stream: true }), part.length);
      bytes += part.length;
      hooks.onProgress({ bytes, total, lines: parser.progress.lines });
      await hooks.yieldTask();
      if (hooks.cancelled()) {
        cancelled = true;
        break;
      }
    }
    if (cancelled) break;
  }
  if (cancelled) await reader.cancel().catch(() => undefined);
  else parser.push(decoder.decode(), 0);
  const r = parser.end();
  return {
    stats: r.stats,
    templates: r.templates.length,
    groups: r.groups.length,
    topTemplates: [...r.templates].sort((a, b) => b.occurrences - a.occurrences).slice(0, 20),
    cancelled,
  };
}

/** Bytes pushed to the parser between two looks at the message queue (256 KiB: a few ms of work). */
export const SLICE = 256 * 1024;

/** Not pure (reads the stream): the number of lines in a stream of UTF-8 bytes (a last line without a newline counts). */
export async function countLines(stream: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stream.getReader();
  let lines = 0;
  let last = 10;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    if (value.length > 0) last = value[value.length - 1]!;
  }
  return last === 10 ? lines : lines + 1;
}

const FIELD_SHAPES: Record<string, RegExp> = {
  Time: /\d{1,2}:\d{2}/,
  Pid: /^\d+$/,
  Tid: /^\d+$/,
  Level: /^(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|CRIT|CRITICAL|FATAL|ALERT|EMERG|SEVERE)$/i,
  Status: /^\d{3}$/,
};

/** Pure: the share of well-known header fields whose values have their kind's shape (1 when none). */
function plausibility(events: readonly { fields: Record<string, string> }[]): number {
  let seen = 0;
  let fit = 0;
  for (const e of events.slice(0, 200))
    for (const [name, shape] of Object.entries(FIELD_SHAPES)) {
      const v = e.fields[name];
      if (v === undefined || v === '') continue;
      seen++;
      if (shape.test(v)) fit++;
    }
  return seen === 0 ? 1 : fit / seen;
}
