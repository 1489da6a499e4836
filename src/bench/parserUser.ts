/**
 * A user's configuration against the equivalent built-in preset (issue 25): the same Loghub log
 * parsed with the preset (its format and masks, the project's own) and with the benchmark's format
 * string and masks written as a user would (`loghubConfig`: checked, run in linear time), in
 * alternating runs so that both see the same machine, each reported as the median of its runs.
 * Node only (reads files, reads the clock).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGHUB_DATASETS, loghubConfig, parserThroughput, throughputConfig } from './parser';

/** The user configuration's share of the preset's speed the target asks for. */
export const USER_CONFIG_RATIO_TARGET = 0.8;

export interface UserVersusPreset {
  dataset: string;
  lines: number;
  presetLinesPerSecond: number;
  userLinesPerSecond: number;
  /** User over preset, medians. */
  ratio: number;
  /** The same over CPU time (less moved by other work on the machine). */
  presetCpuLinesPerSecond: number;
  userCpuLinesPerSecond: number;
  cpuRatio: number;
  runs: number;
  pass: boolean;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Not pure (reads files, times): `runs` alternating runs of preset and user configuration on `dataset`. */
export function userVersusPreset(dataDir: string, dataset = 'HDFS', targetLines = 500_000, runs = 5): UserVersusPreset {
  const entry = LOGHUB_DATASETS.find((d) => d.name === dataset);
  if (!entry) throw new Error(`unknown dataset ${dataset}`);
  const preset = throughputConfig(entry);
  if (preset.format?.kind !== 'preset') throw new Error(`${dataset} has no built-in preset`);
  const log = readFileSync(join(dataDir, entry.name, `${entry.name}_2k.log`), 'utf8');
  const presetRates: number[] = [];
  const userRates: number[] = [];
  const presetCpu: number[] = [];
  const userCpu: number[] = [];
  let lines = 0;
  for (let r = 0; r < runs; r++) {
    const p = parserThroughput(log, preset, targetLines, 1);
    const u = parserThroughput(log, loghubConfig(entry), targetLines, 1);
    presetRates.push(p.linesPerSecond);
    userRates.push(u.linesPerSecond);
    presetCpu.push(p.cpuLinesPerSecond);
    userCpu.push(u.cpuLinesPerSecond);
    lines = p.lines;
  }
  const presetLinesPerSecond = median(presetRates);
  const userLinesPerSecond = median(userRates);
  const ratio = userLinesPerSecond / presetLinesPerSecond;
  const presetCpuLinesPerSecond = median(presetCpu);
  const userCpuLinesPerSecond = median(userCpu);
  return {
    dataset,
    lines,
    presetLinesPerSecond,
    userLinesPerSecond,
    ratio,
    presetCpuLinesPerSecond,
    userCpuLinesPerSecond,
    cpuRatio: userCpuLinesPerSecond / presetCpuLinesPerSecond,
    runs,
    pass: ratio >= USER_CONFIG_RATIO_TARGET,
  };
}
