/**
 * The table rows of the parser benchmarks issue 25 added (P1u: a user's configuration against the
 * equivalent preset; P3w: grouping accuracy on generated logs with word-valued variables), beside
 * the others of benchReport.ts.
 */
import type { UserVersusPreset } from '../../bench/parserUser';
import type { WordLogAccuracy } from '../../bench/wordLog';
import type { BenchRow, Skipped } from './benchReport';

/** The target of P3w: mean grouping accuracy over the generated logs, and the least of any seed (issue 44). */
export const WORD_LOG_GA_TARGET = 0.99;
export const WORD_LOG_GA_MIN = 0.97;

const n = (x: number) => Math.round(x).toLocaleString('en-US');

/** Pure: the P1u and P3w rows. */
export function parserRows(user: UserVersusPreset | Skipped, words: WordLogAccuracy): BenchRow[] {
  const p1u: BenchRow =
    'skipped' in user
      ? {
          id: 'P1u',
          workload: "a user's format string and masks against the equivalent built-in preset",
          result: `not run: ${user.skipped}`,
          target: '≥ 0.8 × the preset',
          pass: false,
        }
      : {
          id: 'P1u',
          workload: `a user's format string and masks (the Loghub benchmark's, checked and linear) against the built-in preset, ${user.dataset} 2k log repeated to ${n(user.lines)} lines, alternating runs`,
          result: `**user ${n(user.userLinesPerSecond)} lines/s = ${user.ratio.toFixed(2)} × preset ${n(user.presetLinesPerSecond)} lines/s** (medians of ${user.runs}; per CPU second: user ${n(user.userCpuLinesPerSecond)} = ${user.cpuRatio.toFixed(2)} × preset ${n(user.presetCpuLinesPerSecond)})`,
          target: '≥ 0.8 × the preset',
          pass: user.pass,
        };
  return [
    p1u,
    {
      id: 'P3w',
      workload: `grouping accuracy on generated logs with word-valued variables (src/bench/wordLog.ts: ${words.families} families — pools of 2–200 words shared by families, embedded dates, optional parentheses; enumerations of 2–8 event words each ≥ 5 % of its family, open vocabularies of 50–200 words by Zipf's law, and both in one family; ${n(words.lines)} lines each, seeds ${words.seeds.map((s) => s.seed).join(', ')}), parser defaults`,
      result: `**GA mean ${words.mean.toFixed(3)}, min ${words.min.toFixed(3)}** (${words.seeds.map((s) => `${s.seed}: ${s.ga.toFixed(3)}`).join(', ')}); by kind, mean/min: ${words.kinds.map((k) => `${k.kind} ${k.mean.toFixed(3)}/${k.min.toFixed(3)}`).join(', ')}`,
      target: `mean ≥ ${WORD_LOG_GA_TARGET}, min ≥ ${WORD_LOG_GA_MIN}`,
      pass: words.mean >= WORD_LOG_GA_TARGET && words.min >= WORD_LOG_GA_MIN,
    },
  ];
}
