/**
 * Parser benchmarks (TARGETS.md): P3 grouping accuracy on the Loghub-2k sets, and P1 throughput
 * (format + masks + template mining) over a log repeated to about a million lines. Node only (reads
 * files, reads the clock); the timed work is the pure parser core.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  BUILTIN_PRESETS,
  compileConfig,
  LogParser,
  parseLog,
  readCsv,
  wildcardTemplate,
  type MiningConfig,
  type ParsedEvent,
  type ParserConfig,
} from '../parser';

/**
 * The ten Loghub-2k datasets with the header format and masks the public benchmark uses for each
 * (`../shared/data/loghub/README.md`). Everything else is the parser's defaults: one set for all ten.
 */
export interface LoghubDataset {
  name: string;
  format: string;
  masks: string[];
}

export const LOGHUB_DATASETS: readonly LoghubDataset[] = [
  {
    name: 'HDFS',
    format: '<Date> <Time> <Pid> <Level> <Component>: <Content>',
    masks: [String.raw`blk_-?\d+`, String.raw`(\d+\.){3}\d+(:\d+)?`],
  },
  { name: 'Apache', format: String.raw`\[<Time>\] \[<Level>\] <Content>`, masks: [String.raw`(\d+\.){3}\d+`] },
  {
    name: 'OpenSSH',
    format: String.raw`<Date> <Day> <Time> <Component> sshd\[<Pid>\]: <Content>`,
    masks: [String.raw`(\d+\.){3}\d+`, String.raw`([\w-]+\.){2,}[\w-]+`],
  },
  {
    name: 'Proxifier',
    format: String.raw`\[<Time>\] <Program> - <Content>`,
    masks: [String.raw`<\d+\ssec`, String.raw`([\w-]+\.)+[\w-]+(:\d+)?`, String.raw`\d{2}:\d{2}(:\d{2})*`, '[KGTM]B'],
  },
  {
    name: 'Android',
    format: '<Date> <Time>  <Pid>  <Tid> <Level> <Component>: <Content>',
    masks: [
      String.raw`(/[\w-]+)+`,
      String.raw`([\w-]+\.){2,}[\w-]+`,
      String.raw`\b(\-?\+?\d+)\b|\b0[Xx][a-fA-F\d]+\b|\b[a-fA-F\d]{4,}\b`,
    ],
  },
  { name: 'HPC', format: '<LogId> <Node> <Component> <State> <Time> <Flag> <Content>', masks: [String.raw`=\d+`] },
  {
    name: 'Mac',
    format: String.raw`<Month>  <Date> <Time> <User> <Component>\[<PID>\]( \(<Address>\))?: <Content>`,
    masks: [String.raw`([\w-]+\.){2,}[\w-]+`],
  },
  {
    name: 'OpenStack',
    format: String.raw`<Logrecord> <Date> <Time> <Pid> <Level> <Component> \[<ADDR>\] <Content>`,
    masks: [String.raw`((\d+\.){3}\d+,?)+`, String.raw`/.+?\s`, String.raw`\d+`],
  },
  {
    name: 'Thunderbird',
    format: String.raw`<Label> <Timestamp> <Date> <User> <Month> <Day> <Time> <Location> <Component>(\[<PID>\])?: <Content>`,
    masks: [String.raw`(\d+\.){3}\d+`],
  },
  {
    name: 'Windows',
    format: '<Date> <Time>, <Level>                  <Component>    <Content>',
    masks: [String.raw`0x.*?\s`],
  },
];

export interface DatasetAccuracy {
  dataset: string;
  lines: number;
  /** Grouping accuracy, 0–1. */
  ga: number;
  /** F1 of grouping: precision and recall of the predicted groups that are exactly a true group. */
  fga: number;
  /** Parsing accuracy: share of lines whose template (placeholders written `<*>`) equals the truth. */
  pa: number;
  templates: number;
  truthTemplates: number;
  unparsed: number;
}

export interface AccuracyReport {
  datasets: DatasetAccuracy[];
  average: number;
  min: number;
  averageFga: number;
  averagePa: number;
}

function groupsOf(labels: readonly string[]): Map<string, number[]> {
  const members = new Map<string, number[]>();
  labels.forEach((p, i) => {
    const list = members.get(p);
    if (list) list.push(i);
    else members.set(p, [i]);
  });
  return members;
}

/** The predicted groups that hold exactly the lines of one true group. */
function exactGroups(predicted: readonly string[], truth: readonly string[]): number[][] {
  if (predicted.length !== truth.length)
    throw new Error(`accuracy: ${predicted.length} predictions for ${truth.length} truths`);
  const truthSize = new Map<string, number>();
  for (const t of truth) truthSize.set(t, (truthSize.get(t) ?? 0) + 1);
  const out: number[][] = [];
  for (const lines of groupsOf(predicted).values()) {
    const t = truth[lines[0]!]!;
    if (lines.every((i) => truth[i] === t) && truthSize.get(t) === lines.length) out.push(lines);
  }
  return out;
}

/** Pure: for each line, whether its predicted group holds exactly the lines of its true event (see GA). */
export function correctLines(predicted: readonly string[], truth: readonly string[]): boolean[] {
  const out = new Array<boolean>(truth.length).fill(false);
  for (const g of exactGroups(predicted, truth)) for (const i of g) out[i] = true;
  return out;
}

/**
 * Pure: grouping accuracy (Loghub README): a line is correct when the set of lines sharing its
 * predicted group is exactly the set sharing its true event; GA = correct lines / lines.
 */
export function groupingAccuracy(predicted: readonly string[], truth: readonly string[]): number {
  if (truth.length === 0 && predicted.length === 0) return 1;
  const correct = exactGroups(predicted, truth).reduce((n, g) => n + g.length, 0);
  return correct / truth.length;
}

/**
 * Pure: F1 of grouping (Loghub-2.0's FGA): of the predicted groups, those that are exactly a true group
 * are correct; precision = correct / predicted groups, recall = correct / true groups.
 */
export function groupingF1(predicted: readonly string[], truth: readonly string[]): number {
  if (truth.length === 0 && predicted.length === 0) return 1;
  const correct = exactGroups(predicted, truth).length;
  if (correct === 0) return 0;
  const precision = correct / groupsOf(predicted).size;
  const recall = correct / groupsOf(truth).size;
  return (2 * precision * recall) / (precision + recall);
}

/** Pure: the share of lines whose predicted template equals the true one. */
export function parsingAccuracy(predicted: readonly string[], truth: readonly string[]): number {
  if (predicted.length !== truth.length)
    throw new Error(`parsingAccuracy: ${predicted.length} predictions for ${truth.length} truths`);
  if (truth.length === 0) return 1;
  let same = 0;
  for (let i = 0; i < truth.length; i++) if (predicted[i] === truth[i]) same++;
  return same / truth.length;
}

/** Pure: GA, FGA and PA of one parse of `log` against the benchmark's structured CSV (`LineId` = line number). */
export function datasetAccuracy(dataset: string, log: string, truthCsv: string, config: ParserConfig): DatasetAccuracy {
  const rows = readCsv(truthCsv);
  const header = rows[0] ?? [];
  const lineCol = header.indexOf('LineId');
  const eventCol = header.indexOf('EventId');
  const templateCol = header.indexOf('EventTemplate');
  const body = rows.slice(1).filter((r) => r.length > 1);
  const truth = body.map((r) => r[eventCol]!);
  const truthTemplates = body.map((r) => r[templateCol] ?? '');
  const lineNos = body.map((r) => Number(r[lineCol]));
  const compiled = compileConfig(config);
  if (!compiled.ok) throw new Error(`${dataset}: ${compiled.error.message}`);
  const result = parseLog(log, config);
  if (!result.ok) throw new Error(`${dataset}: ${result.error.message}`);
  const byLine = new Map<number, ParsedEvent>();
  for (const e of result.events) byLine.set(e.lineNo, e);
  // A line the parser could not read is a group of its own.
  const predicted = lineNos.map((n) => byLine.get(n)?.eventId ?? `unparsed:${n}`);
  const placeholders = compiled.value.masks.placeholders;
  const templates = lineNos.map((n) => {
    const e = byLine.get(n);
    return e === undefined ? '' : wildcardTemplate(e.template, placeholders);
  });
  return {
    dataset,
    lines: truth.length,
    ga: groupingAccuracy(predicted, truth),
    fga: groupingF1(predicted, truth),
    pa: parsingAccuracy(templates, truthTemplates),
    templates: result.templates.length,
    truthTemplates: new Set(truth).size,
    unparsed: result.stats.unparsed,
  };
}

/** Reads `<dir>/<DS>/<DS>_2k.log` and its corrected ground truth for each dataset and measures GA, FGA, PA. */
export function loghubAccuracy(dataDir: string, mining?: MiningConfig, only?: readonly string[]): AccuracyReport {
  const datasets = LOGHUB_DATASETS.filter((d) => only === undefined || only.includes(d.name)).map((d) => {
    const log = readFileSync(join(dataDir, d.name, `${d.name}_2k.log`), 'utf8');
    const truth = readFileSync(join(dataDir, d.name, `${d.name}_2k.log_structured_corrected.csv`), 'utf8');
    return datasetAccuracy(d.name, log, truth, loghubConfig(d, mining));
  });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const gas = datasets.map((d) => d.ga);
  return {
    datasets,
    average: mean(gas),
    min: Math.min(...gas),
    averageFga: mean(datasets.map((d) => d.fga)),
    averagePa: mean(datasets.map((d) => d.pa)),
  };
}

/**
 * The configuration used for a Loghub dataset: its benchmark format and masks (named `ma`, `mb`, … in
 * the order of the README: short, no digit and lower case, so no mask rewrites another's placeholder), everything else the
 * parser's defaults.
 */
const MASK_NAMES = ['ma', 'mb', 'mc', 'md', 'me', 'mf'];

export function loghubConfig(dataset: LoghubDataset, mining?: MiningConfig): ParserConfig {
  return {
    name: `loghub-${dataset.name}`,
    format: { kind: 'format', pattern: dataset.format },
    masks: { custom: dataset.masks.map((pattern, i) => ({ name: MASK_NAMES[i]!, pattern })) },
    ...(mining ? { mining } : {}),
  };
}

export interface ThroughputReport {
  lines: number;
  templates: number;
  /** Median over the runs. */
  ms: number;
  linesPerSecond: number;
  runs: number[];
  /** CPU time of the process over the same runs (user + system), median: less moved by other work on the machine. */
  cpuMs: number;
  cpuLinesPerSecond: number;
}

/** Not pure: CPU milliseconds this process has used (user + system). */
function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * P1: parses `log` repeated to at least `targetLines` lines, streamed in 1 MiB chunks with events
 * not collected (templates and counts only), `runs` times; reports the median.
 */
export function parserThroughput(
  log: string,
  config: ParserConfig,
  targetLines = 1_000_000,
  runs = 5,
): ThroughputReport {
  const body = log.endsWith('\n') ? log : `${log}\n`;
  const perCopy = body.split('\n').length - 1;
  const copies = Math.max(1, Math.ceil(targetLines / Math.max(1, perCopy)));
  const chunks: string[] = [];
  const CHUNK = 1 << 20;
  const whole = body.repeat(copies);
  for (let i = 0; i < whole.length; i += CHUNK) chunks.push(whole.slice(i, i + CHUNK));
  const times: number[] = [];
  const cpu: number[] = [];
  let lines = 0;
  let templates = 0;
  for (let r = 0; r < runs; r++) {
    const created = LogParser.create(config, { collect: false });
    if (!created.ok) throw new Error(created.error.message);
    const parser = created.value;
    const cpuStart = cpuNow();
    const start = performance.now();
    for (const c of chunks) parser.push(c, c.length);
    const result = parser.end();
    times.push(performance.now() - start);
    cpu.push(cpuNow() - cpuStart);
    lines = result.stats.lines;
    templates = result.stats.templates;
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ms = median(times);
  const cpuMs = median(cpu);
  return {
    lines,
    templates,
    ms,
    linesPerSecond: Math.round(lines / (ms / 1000)),
    runs: times,
    cpuMs,
    cpuLinesPerSecond: Math.round(lines / (Math.max(cpuMs, 0.001) / 1000)),
  };
}

/**
 * The configuration P1 parses a Loghub dataset with: its built-in preset when there is one (HDFS,
 * Apache, OpenSSH, Proxifier: the benchmark's format and masks as the project's own, trusted patterns
 * on the native regex engine), otherwise `loghubConfig` (a user's format and masks, on RE2).
 */
export function throughputConfig(dataset: LoghubDataset): ParserConfig {
  const preset = dataset.name.toLowerCase();
  return BUILTIN_PRESETS.get(preset) !== undefined
    ? { name: `loghub-${dataset.name}`, format: { kind: 'preset', name: preset } }
    : loghubConfig(dataset);
}

/** P1 on a Loghub dataset's 2k log (with its preset), repeated to about `targetLines` lines. */
export function loghubThroughput(
  dataDir: string,
  dataset = 'HDFS',
  targetLines = 1_000_000,
  runs = 5,
  config: (d: LoghubDataset) => ParserConfig = throughputConfig,
): ThroughputReport {
  const entry = LOGHUB_DATASETS.find((d) => d.name === dataset);
  if (!entry) throw new Error(`unknown dataset ${dataset}`);
  const log = readFileSync(join(dataDir, entry.name, `${entry.name}_2k.log`), 'utf8');
  return parserThroughput(log, config(entry), targetLines, runs);
}

export interface VariedThroughputReport {
  lines: number;
  ms: number;
  linesPerSecond: number;
  /** The same over CPU time (see ThroughputReport). */
  cpuMs: number;
  cpuLinesPerSecond: number;
  /** Lines per second of each dataset (its own format and masks). */
  datasets: { dataset: string; lines: number; linesPerSecond: number; cpuLinesPerSecond: number }[];
}

/**
 * Pure: `log`'s lines repeated `copies` times, every digit of copy k shifted by k and by its place in
 * the line (mod 10), so no copy repeats another: identical lines and cached contents cannot flatter
 * the throughput.
 */
export function perturbedCopies(log: string, copies: number): string {
  const lines = log.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines[lines.length - 1] === '') lines.pop();
  const out: string[] = [];
  for (let k = 0; k < copies; k++) {
    for (const line of lines)
      out.push(k === 0 ? line : line.replace(/\d/g, (c, at: number) => String((Number(c) + k + at) % 10)));
  }
  return `${out.join('\n')}\n`;
}

/**
 * P1 on input that never repeats: each of the ten Loghub-2k logs cycled with its numbers perturbed to
 * about `linesPerDataset` lines, parsed with its own format and masks (streamed in 1 MiB chunks, events
 * not collected); the total lines over the total time.
 */
export function variedThroughput(dataDir: string, linesPerDataset = 100_000): VariedThroughputReport {
  const datasets: VariedThroughputReport['datasets'] = [];
  let lines = 0;
  let ms = 0;
  let cpuMs = 0;
  for (const d of LOGHUB_DATASETS) {
    const log = readFileSync(join(dataDir, d.name, `${d.name}_2k.log`), 'utf8');
    const text = perturbedCopies(log, Math.max(1, Math.ceil(linesPerDataset / 2000)));
    const t = parserThroughput(text, throughputConfig(d), 1, 1);
    datasets.push({
      dataset: d.name,
      lines: t.lines,
      linesPerSecond: t.linesPerSecond,
      cpuLinesPerSecond: t.cpuLinesPerSecond,
    });
    lines += t.lines;
    ms += t.ms;
    cpuMs += t.cpuMs;
  }
  return {
    lines,
    ms,
    linesPerSecond: Math.round(lines / (ms / 1000)),
    cpuMs,
    cpuLinesPerSecond: Math.round(lines / (Math.max(cpuMs, 0.001) / 1000)),
    datasets,
  };
}
