import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PendingFiles, unwritable } from '../atomicFiles';
import { performance } from 'node:perf_hooks';
import { parseArgs, optionValue } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command, type CliIO } from '../command';
import { readJson } from '../json';
import { checkOutputPaths } from '../samePaths';
import { accessReason, FileAccessError } from '../terminalText';
import { EventShardFilter } from '../shard/eventShardFilter';
import { SHARD_OPTIONS, shardSpec, workersCount } from '../shard/shardOption';
import { parseWithWorkers } from '../shard/parseWorkers';
import {
  boundCounts,
  LogParser,
  structuredHeader,
  structuredRow,
  templatesCsv,
  toExternalEvent,
  type FinalTemplates,
  type FormatSpec,
  type MaskSpec,
  type ParsedEvent,
  type ParseResult,
  type ParserConfig,
} from '../../parser';

const SPEC = {
  config: { kind: 'value' },
  format: { kind: 'value' },
  regex: { kind: 'value' },
  preset: { kind: 'value' },
  mask: { kind: 'value', repeat: true },
  'group-by': { kind: 'value' },
  target: { kind: 'value' },
  out: { kind: 'value' },
  structured: { kind: 'value' },
  templates: { kind: 'value' },
  workers: { kind: 'value' },
  ...SHARD_OPTIONS,
} as const;

/** Bytes read from a log file at a time. */
const CHUNK = 1 << 20;
/** Output is handed to the file once this much text is waiting. */
const FLUSH_AT = 1 << 20;

/**
 * `parse <file.log…>`: parses log files (read as one stream, in chunks, so memory does not grow with
 * the log) and prints `{lines, parsed, unparsed, templates, groups, ms, …}`. When events or the
 * structured CSV are written, the files are read twice: the first pass mines the final templates,
 * the second writes every event with its final template (mining is deterministic, so both passes see
 * the same clusters). `--shard I/N` writes one shard's events (docs/scale.md); `--workers K` runs
 * the K shards on threads and merges them into the single parse's file (shard/parseWorkers.ts).
 */
export const parseCommand: Command = {
  name: 'parse',
  usage:
    'parse <file.log…> (--format F | --regex R | --preset P | --config C.json) [--mask NAME=REGEX…] [--group-by FIELD] [--target ID] [--out events.ndjson [--shard I/N | --shards N [--shard-env NAME] | --workers K]] [--structured out.csv] [--templates out.csv]',
  summary: 'parse logs into templates, groups and events',
  async run(argv, io) {
    const args = parseArgs(argv, SPEC);
    const usage = (message: string): number => {
      io.stderr(`flowledger parse: ${message}\nusage: flowledger ${this.usage}\n`);
      return EXIT_USAGE;
    };
    if (args.positionals.length === 0) return usage('no log file given');
    // A saved parser configuration (the API's shape) is the base; the flags override its parts.
    const configPath = optionValue(args, 'config');
    let base: Partial<ParserConfig> = {};
    if (configPath !== undefined) {
      const read = readJson(await io.readFile(configPath), configPath);
      if (!read.ok) return usage(read.message);
      if (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value))
        return usage(`${configPath}: a parser configuration must be a JSON object`);
      base = read.value as Partial<ParserConfig>;
    }
    const format = formatOption(args.values, base.format);
    // A configuration's own `format` of the wrong type is the parser's to name (`/format`), below.
    if (typeof format === 'string' && format !== (base.format as unknown)) return usage(format);
    const masks: MaskSpec[] = [];
    for (const m of args.values.mask ?? []) {
      const eq = m.indexOf('=');
      if (eq <= 0) return usage(`--mask "${m}" must be NAME=REGEX`);
      masks.push({ name: m.slice(0, eq), pattern: m.slice(eq + 1) });
    }
    const target = optionValue(args, 'target');
    const config: ParserConfig = {
      ...base,
      name: base.name ?? 'cli',
      format: format as FormatSpec,
      ...(masks.length > 0 ? { masks: { ...base.masks, custom: [...(base.masks?.custom ?? []), ...masks] } } : {}),
      ...(optionValue(args, 'group-by') !== undefined ? { groupByField: optionValue(args, 'group-by')! } : {}),
      ...(target !== undefined ? { mapping: { ...base.mapping, targetDataSourceId: target } } : {}),
    };
    const probe = LogParser.create(config);
    if (!probe.ok) {
      io.stderr(`flowledger parse: ${probe.error.message}${probe.error.path ? ` (config ${probe.error.path})` : ''}\n`);
      return EXIT_USAGE;
    }
    for (const file of args.positionals) {
      const problem = await unreadable(file);
      if (problem) {
        io.stderr(`flowledger parse: cannot read ${file}: ${problem}\n`);
        return EXIT_USAGE;
      }
    }

    const outPath = optionValue(args, 'out');
    let shard: ReturnType<typeof shardSpec>;
    try {
      shard = shardSpec(args, process.env);
    } catch (err) {
      return usage((err as Error).message);
    }
    if (shard !== null && outPath === undefined) return usage('--shard writes the events of one shard: it needs --out');
    const workersText = optionValue(args, 'workers');
    let workers: number | undefined;
    if (workersText !== undefined) {
      let k: number;
      try {
        k = workersCount(workersText);
      } catch (err) {
        return usage((err as Error).message);
      }
      if (shard !== null) return usage('--workers runs every shard itself: give it no --shard or --shards');
      if (outPath === undefined) return usage('--workers shards the events file and merges it back: it needs --out');
      workers = k;
    }
    const structuredPath = optionValue(args, 'structured');
    const templatesPath = optionValue(args, 'templates');
    await checkOutputPaths(
      [...args.positionals.map((path) => ({ role: 'the log', path })), { role: '--config', path: configPath }],
      [
        { role: '--out', path: outPath },
        { role: '--structured', path: structuredPath },
        { role: '--templates', path: templatesPath },
      ],
    );
    for (const path of [outPath, structuredPath, templatesPath]) {
      if (path === undefined) continue;
      const problem = await unwritable(path);
      if (problem) {
        io.stderr(`flowledger parse: cannot write ${path}: ${problem}\n`);
        return EXIT_USAGE;
      }
    }
    if (workers !== undefined)
      return parseWithWorkers(
        { args, out: outPath!, structured: structuredPath, templates: templatesPath, workers },
        io,
      );
    const groupsByParam = probe.value.compiled.groupBy?.kind === 'param';
    const twoPasses = outPath !== undefined || structuredPath !== undefined || groupsByParam;

    const started = performance.now();

    // Outputs go to temporary files renamed into place only once everything succeeded.
    const pending = new PendingFiles();
    let result: Awaited<ReturnType<typeof pass>>;
    try {
      result = await pass(config, args.positionals, {});
      if (twoPasses) {
        const outputs = new Outputs(
          outPath === undefined ? undefined : { shown: outPath, file: await pending.add(outPath) },
          structuredPath === undefined ? undefined : { shown: structuredPath, file: await pending.add(structuredPath) },
          result.fieldNames,
          shard === null ? null : new EventShardFilter(shard),
        );
        const final = result.final;
        const compiled = probe.value.compiled;
        try {
          result = await pass(config, args.positionals, { final, outputs, compiled });
        } finally {
          await outputs.close();
        }
      }
      if (templatesPath !== undefined) await io.writeFile(templatesPath, templatesCsv(result.templates));
      await pending.commit();
    } finally {
      await pending.discard();
    }

    const s = result.stats;
    const ms = Math.round(performance.now() - started);
    // `untimed` only for a configuration that reads times (a preset does by default).
    const timed = probe.value.compiled.time !== null;
    io.stdout(
      `${JSON.stringify({ lines: s.lines, parsed: s.parsed, unparsed: s.unparsed, templates: s.templates, groups: s.groups, ms, continued: s.continued, blank: s.blank, ...(timed ? { untimed: s.untimed } : {}), ...boundCounts(s) })}\n`,
    );
    reportUnparsed(result, io);
    return EXIT_OK;
  },
};

function formatOption(values: Record<string, string[]>, fromConfig: FormatSpec | undefined): FormatSpec | string {
  const given = (['format', 'regex', 'preset'] as const).filter((k) => values[k] !== undefined);
  if (given.length === 0 && fromConfig !== undefined) return fromConfig;
  if (given.length === 0)
    return "no format given: use --format '<Date> <Time> <Level>: <Content>', --regex '(?<Content>.*)', --preset NAME or --config C.json";
  if (given.length > 1)
    return `give one of --format, --regex, --preset (not ${given.map((g) => `--${g}`).join(' and ')})`;
  const value = values[given[0]!]![0]!;
  if (given[0] === 'format') return { kind: 'format', pattern: value };
  if (given[0] === 'regex') return { kind: 'regex', pattern: value };
  return { kind: 'preset', name: value };
}

async function unreadable(file: string): Promise<string | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? null : 'not a file';
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : (code ?? String(err));
  }
}

interface PassOptions {
  final?: FinalTemplates;
  outputs?: Outputs;
  compiled?: LogParser['compiled'];
}

/** Streams the files through one parser; the second pass writes events as they complete. */
async function pass(
  config: ParserConfig,
  files: readonly string[],
  opts: PassOptions,
): Promise<ParseResult & { final: FinalTemplates }> {
  const outputs = opts.outputs;
  const created = LogParser.create(config, {
    collect: false,
    ...(opts.final ? { finalTemplates: opts.final } : {}),
    ...(outputs && opts.compiled ? { onEvent: (e: ParsedEvent) => outputs.event(e, opts.compiled!) } : {}),
  });
  if (!created.ok) throw new Error(created.error.message);
  const parser = created.value;
  for (const file of files) {
    const decoder = new TextDecoder('utf-8');
    let last = '';
    for await (const buf of createReadStream(file, { highWaterMark: CHUNK })) {
      const bytes = buf as Buffer;
      const text = decoder.decode(bytes, { stream: true });
      if (text.length > 0) last = text;
      parser.push(text, bytes.length);
      if (outputs) await outputs.flush();
    }
    const tail = decoder.decode();
    if (tail.length > 0) {
      last = tail;
      parser.push(tail, 0);
    }
    // Files are one stream, but a file's last line never runs into the next file's first.
    if (last !== '' && !last.endsWith('\n')) parser.push('\n', 0);
  }
  const result = parser.end();
  if (outputs) await outputs.flush();
  return { ...result, final: parser.finalTemplates() };
}

/** The event files of the second pass, written in order with backpressure. */
class Outputs {
  private readonly ndjson: Sink | null;
  private readonly csv: Sink | null;

  constructor(
    outPath: OutputFile | undefined,
    csvPath: OutputFile | undefined,
    private readonly fieldNames: readonly string[],
    /** With --shard: what of each event line is written (only the events file is sharded). */
    private readonly shard: EventShardFilter | null,
  ) {
    this.ndjson = outPath === undefined ? null : new Sink(outPath);
    this.csv = csvPath === undefined ? null : new Sink(csvPath);
    this.csv?.add(structuredHeader(fieldNames));
  }

  event(e: ParsedEvent, compiled: LogParser['compiled']): void {
    if (this.ndjson) {
      const event = toExternalEvent(e, compiled.mapping, compiled.masks);
      const line = `${JSON.stringify(event)}\n`;
      this.ndjson.add(this.shard === null ? line : this.shard.event(event, line));
    }
    this.csv?.add(structuredRow(e, this.fieldNames));
  }

  async flush(): Promise<void> {
    await this.ndjson?.flush();
    await this.csv?.flush();
  }

  async close(): Promise<void> {
    if (this.shard !== null) this.ndjson?.add(this.shard.end());
    await this.ndjson?.close();
    await this.csv?.close();
  }
}

/** An output: the path the user gave (named in errors) and the file written (a temporary file beside it, or a device). */
interface OutputFile {
  shown: string;
  file: string;
}

/** One output file written with backpressure; a write error (a full disk) is `cannot write PATH: REASON`. */
class Sink {
  private readonly stream: WriteStream;
  private pending: string[] = [];
  private size = 0;
  private failure: FileAccessError | null = null;
  private readonly shown: string;

  constructor(out: OutputFile) {
    this.shown = out.shown;
    this.stream = createWriteStream(out.file, { encoding: 'utf8' });
    this.stream.on('error', (err) => (this.failure ??= this.refusal(err)));
  }

  private refusal(err: unknown): FileAccessError {
    return new FileAccessError('write', this.shown, accessReason(err, 'write'));
  }

  add(text: string): void {
    this.pending.push(text);
    this.size += text.length;
  }

  async flush(force = false): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.size === 0 || (!force && this.size < FLUSH_AT)) return;
    const text = this.pending.join('');
    this.pending = [];
    this.size = 0;
    if (!this.stream.write(text)) await this.settle('drain');
  }

  /**
   * Waits for `event`, or for the error that ends the stream instead. The waits the race did not
   * need are removed (aborted): left behind, every drain of a long parse added a `close` and an
   * `error` listener to the stream, and Node warned of a leak after ten.
   */
  private async settle(event: 'drain' | 'finish'): Promise<void> {
    const done = new AbortController();
    try {
      await Promise.race([once(this.stream, event, done), once(this.stream, 'close', done)]);
    } catch (err) {
      throw this.failure ?? this.refusal(err);
    } finally {
      done.abort();
    }
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    await this.flush(true);
    if (this.failure) throw this.failure;
    this.stream.end();
    await this.settle('finish');
  }
}

function reportUnparsed(result: ParseResult, io: CliIO): void {
  const { count, lines } = result.unparsed;
  if (count === 0) return;
  const shown = lines
    .slice(0, 5)
    .map(
      (l) =>
        `  line ${l.lineNo}: ${l.text.length > 120 ? `${l.text.slice(0, 120)}…` : l.text}${l.reason ? ` (${l.reason})` : ''}`,
    );
  io.stderr(
    `flowledger parse: ${count} line(s) did not match the format${count > shown.length ? ` (first ${shown.length} shown)` : ''}:\n${shown.join('\n')}\n`,
  );
}
