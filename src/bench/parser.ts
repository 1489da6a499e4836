/**
 * Parser benchmarks (TARGETS.md): P3 grouping accuracy on the Loghub-2k sets, and P1 throughput
 * (format + masks + template mining) over a log repeated to about a million lines. Node only (reads
 * files, reads the clock); the timed work is the pure parser core.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LogParser, parseLog, readCsv, type MiningConfig, type ParserConfig } from '../parser';

/** The four Loghub datasets and the built-in preset holding each one's benchmark format and masks. */
export const LOGHUB_DATASETS = [
  { name: 'HDFS', preset: 'hdfs' },
  { name: 'Apache', preset: 'apache' },
  { name: 'OpenSSH', preset: 'openssh' },
  { name: 'Proxifier', preset: 'proxifier' },
] as const;

export interface DatasetAccuracy {
  dataset: string;
  lines: number;
  /** Grouping accuracy, 0–1. */
  ga: number;
  templates: number;
  truthTemplates: number;
  unparsed: number;
}

export interface AccuracyReport {
  datasets: DatasetAccuracy[];
  average: number;
  min: number;
}

/**
 * Pure: grouping accuracy (Loghub README): a line is correct when the set of lines sharing its
 * predicted group is exactly the set sharing its true event; GA = correct lines / lines.
 */
export function groupingAccuracy(predicted: readonly string[], truth: readonly string[]): number {
  if (predicted.length !== truth.length)
    throw new Error(`groupingAccuracy: ${predicted.length} predictions for ${truth.length} truths`);
  if (truth.length === 0) return 1;
  const truthSize = new Map<string, number>();
  for (const t of truth) truthSize.set(t, (truthSize.get(t) ?? 0) + 1);
  const members = new Map<string, number[]>();
  predicted.forEach((p, i) => {
    const list = members.get(p);
    if (list) list.push(i);
    else members.set(p, [i]);
  });
  let correct = 0;
  for (const lines of members.values()) {
    const t = truth[lines[0]!]!;
    if (lines.every((i) => truth[i] === t) && truthSize.get(t) === lines.length) correct += lines.length;
  }
  return correct / truth.length;
}

/** Pure: GA of one parse of `log` against the benchmark's structured CSV (`LineId` = line number). */
export function datasetAccuracy(dataset: string, log: string, truthCsv: string, config: ParserConfig): DatasetAccuracy {
  const rows = readCsv(truthCsv);
  const header = rows[0] ?? [];
  const lineCol = header.indexOf('LineId');
  const eventCol = header.indexOf('EventId');
  const truth = rows.slice(1).map((r) => r[eventCol]!);
  const lineNos = rows.slice(1).map((r) => Number(r[lineCol]));
  const result = parseLog(log, config);
  if (!result.ok) throw new Error(`${dataset}: ${result.error.message}`);
  const byLine = new Map<number, string>();
  for (const e of result.events) byLine.set(e.lineNo, e.eventId);
  // A line the parser could not read is a group of its own.
  const predicted = lineNos.map((n) => byLine.get(n) ?? `unparsed:${n}`);
  return {
    dataset,
    lines: truth.length,
    ga: groupingAccuracy(predicted, truth),
    templates: result.templates.length,
    truthTemplates: new Set(truth).size,
    unparsed: result.stats.unparsed,
  };
}

/** Reads `<dir>/<DS>/<DS>_2k.log` and its corrected ground truth for each dataset and measures GA. */
export function loghubAccuracy(dataDir: string, mining?: MiningConfig): AccuracyReport {
  const datasets = LOGHUB_DATASETS.map(({ name, preset }) => {
    const log = readFileSync(join(dataDir, name, `${name}_2k.log`), 'utf8');
    const truth = readFileSync(join(dataDir, name, `${name}_2k.log_structured_corrected.csv`), 'utf8');
    return datasetAccuracy(name, log, truth, loghubConfig(preset, mining));
  });
  const gas = datasets.map((d) => d.ga);
  return { datasets, average: gas.reduce((a, b) => a + b, 0) / gas.length, min: Math.min(...gas) };
}

/** The configuration used for a Loghub dataset: its preset (benchmark format + masks + defaults). */
export function loghubConfig(preset: string, mining?: MiningConfig): ParserConfig {
  return { name: `loghub-${preset}`, format: { kind: 'preset', name: preset }, ...(mining ? { mining } : {}) };
}

export interface ThroughputReport {
  lines: number;
  templates: number;
  /** Median over the runs. */
  ms: number;
  linesPerSecond: number;
  runs: number[];
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
  let lines = 0;
  let templates = 0;
  for (let r = 0; r < runs; r++) {
    const created = LogParser.create(config, { collect: false });
    if (!created.ok) throw new Error(created.error.message);
    const parser = created.value;
    const start = performance.now();
    for (const c of chunks) parser.push(c, c.length);
    const result = parser.end();
    times.push(performance.now() - start);
    lines = result.stats.lines;
    templates = result.stats.templates;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const ms = sorted[Math.floor(sorted.length / 2)]!;
  return { lines, templates, ms, linesPerSecond: Math.round(lines / (ms / 1000)), runs: times };
}

/** P1 on a Loghub dataset's 2k log (with its preset), repeated to about `targetLines` lines. */
export function loghubThroughput(
  dataDir: string,
  dataset = 'HDFS',
  targetLines = 1_000_000,
  runs = 5,
): ThroughputReport {
  const entry = LOGHUB_DATASETS.find((d) => d.name === dataset);
  if (!entry) throw new Error(`unknown dataset ${dataset}`);
  const log = readFileSync(join(dataDir, entry.name, `${entry.name}_2k.log`), 'utf8');
  return parserThroughput(log, loghubConfig(entry.preset), targetLines, runs);
}
