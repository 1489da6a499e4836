/**
 * Parsing source texts in the worker. The texts stream through `LogParser.push` in chunks of
 * `CHUNK_CHARS` characters (slices of the stored text: no second full copy is ever built), one after
 * another as one log — a newline is added between two texts when the first does not end with one.
 * A log kept as a Blob streams the same way, in slices of bytes read one at a time (`parseBlob`).
 * Between chunks the parse yields to the worker's event loop, so other requests and progress polls
 * are answered while a large log is parsed.
 *
 * Memory is bounded by the templates and groups, not by the log: the first pass mines templates and
 * counts groups without keeping events; only when events are wanted, a second pass gives each event
 * its final template (mining is deterministic, so both passes see the same clusters), maps it to an
 * external event and stops at the event limit.
 */
import type { ExternalEvent } from '../../engine/types';
import type { ParseStats } from '../../contract/wire';
import { boundCounts, LogParser, toExternalEvent, type CompiledConfig, type ParseResult } from '../../parser';

/** Characters pushed to the parser at a time (256 Ki: ~2,000 log lines, a few milliseconds of work). */
export const CHUNK_CHARS = 256 * 1024;

export interface StreamOptions {
  /** Most events to map and return (Infinity: all). 0 skips the second pass. */
  eventLimit: number;
  /** After each chunk: the pass, characters read in it, lines read in it. */
  onProgress?: (phase: 'templates' | 'events', processed: number, lines: number) => void;
  /** Resolves on a later turn of the event loop. */
  nextTask: () => Promise<void>;
  /** Monotonic milliseconds. */
  clock: () => number;
  chunkChars?: number;
}

export interface StreamResult extends Pick<ParseResult, 'templates' | 'groups' | 'unparsed'> {
  events: ExternalEvent[];
  eventsTruncated: boolean;
  stats: ParseStats;
}

/** Not pure (yields, reads the clock): parses `texts` as one log with `compiled`. */
export function parseTexts(
  texts: readonly string[],
  compiled: CompiledConfig,
  options: StreamOptions,
): Promise<StreamResult> {
  const size = options.chunkChars ?? CHUNK_CHARS;
  return parseChunks(() => textChunks(texts, size), compiled, options);
}

/**
 * Not pure (reads the Blob, yields, reads the clock): parses `blob` (UTF-8) as one log with
 * `compiled`, reading it in slices of `sliceBytes` — never the whole Blob at once; progress counts
 * bytes.
 */
export function parseBlob(
  blob: Blob,
  compiled: CompiledConfig,
  options: StreamOptions & { sliceBytes?: number },
): Promise<StreamResult> {
  return parseChunks(() => blobChunks(blob, options.sliceBytes ?? CHUNK_CHARS), compiled, options);
}

/** One piece of a log: its text, how much of the input it stands for (characters or bytes), and whether it is a newline added between two texts. */
type Chunk = readonly [text: string, size: number, join?: boolean];

/** Not pure: parses the log `chunks()` gives (read once per pass) with `compiled`. */
async function parseChunks(
  chunks: () => AsyncIterable<Chunk>,
  compiled: CompiledConfig,
  options: StreamOptions,
): Promise<StreamResult> {
  const t0 = options.clock();
  const first = new LogParser(compiled, { collect: false });
  await pushAll(first, chunks, 'templates', options, () => false);
  const mined = first.end();
  const events: ExternalEvent[] = [];
  const limit = Math.min(options.eventLimit, mined.stats.parsed);
  if (limit > 0) {
    const second = new LogParser(compiled, {
      collect: false,
      finalTemplates: first.finalTemplates(),
      onEvent: (e) => {
        if (events.length < limit) events.push(toExternalEvent(e, compiled.mapping, compiled.masks));
      },
    });
    const complete = await pushAll(second, chunks, 'events', options, () => events.length >= limit);
    // The last event completes only when the input ends.
    if (complete && events.length < limit) second.end();
  }
  const s = mined.stats;
  return {
    events,
    eventsTruncated: events.length < s.parsed,
    templates: mined.templates,
    groups: mined.groups,
    unparsed: mined.unparsed,
    stats: {
      lines: s.lines,
      parsed: s.parsed,
      unparsed: s.unparsed,
      groups: s.groups,
      templates: s.templates,
      ms: Math.round((options.clock() - t0) * 10) / 10,
      continued: s.continued,
      blank: s.blank,
      ungrouped: s.ungrouped,
      // Only for a configuration that reads times (a preset does by default).
      ...(compiled.time === null ? {} : { untimed: s.untimed }),
      ...boundCounts(s),
    },
  };
}

/** The texts in slices of `size` characters (slices of the stored text: no second full copy), a newline between two that need one. */
async function* textChunks(texts: readonly string[], size: number): AsyncGenerator<Chunk> {
  for (let t = 0; t < texts.length; t++) {
    const text = texts[t]!;
    for (let at = 0; at < text.length; at += size) {
      const chunk = text.slice(at, at + size);
      yield [chunk, chunk.length];
    }
    if (joins(texts, t)) yield ['\n', 1, true];
  }
}

/** Not pure (reads the Blob): its UTF-8 text in slices of `size` bytes (a character cut by a slice end is decoded with the next). */
async function* blobChunks(blob: Blob, size: number): AsyncGenerator<Chunk> {
  const decoder = new TextDecoder();
  for (let at = 0; at < blob.size; at += size) {
    const bytes = await blob.slice(at, Math.min(blob.size, at + size)).arrayBuffer();
    yield [decoder.decode(bytes, { stream: true }), bytes.byteLength];
  }
  const tail = decoder.decode();
  if (tail !== '') yield [tail, 0];
}

/** Pure: how many characters `texts` make as one log (the newlines added between them included). */
export function streamLength(texts: readonly string[]): number {
  let n = 0;
  texts.forEach((t, i) => (n += t.length + (joins(texts, i) ? 1 : 0)));
  return n;
}

/** Pushes every chunk, yielding after each but a joining newline; returns false when `stop()` ended it early. */
async function pushAll(
  parser: LogParser,
  chunks: () => AsyncIterable<Chunk>,
  phase: 'templates' | 'events',
  options: StreamOptions,
  stop: () => boolean,
): Promise<boolean> {
  let processed = 0;
  for await (const [text, size, join] of chunks()) {
    parser.push(text, size);
    processed += size;
    // A newline added between two texts is not a chunk of its own: no progress, no yield.
    if (join) continue;
    options.onProgress?.(phase, processed, parser.progress.lines);
    await options.nextTask();
    if (stop()) return false;
  }
  return true;
}

/** Whether a newline goes after text `i` so that the next text starts on a line of its own. */
function joins(texts: readonly string[], i: number): boolean {
  const text = texts[i]!;
  return i < texts.length - 1 && text.length > 0 && !text.endsWith('\n');
}

/** Not pure: resolves on a later task of the event loop (a message to itself: no timer clamping). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
