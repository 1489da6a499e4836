import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { optionValue, parseArgs, UsageError } from '../args';
import { EXIT_OK, type Command } from '../command';
import { runEngineBench } from '../../bench/engine';
import { loghubAccuracy, loghubThroughput, LOGHUB_DATASETS, variedThroughput } from '../../bench/parser';
import { runMemoryBench, runScaleBench } from '../../bench/scale';
import { runLoadBench } from '../../bench/load';
import { runChaosBench, WORST_CHAOS } from '../../bench/chaosTemplate';
import { runTimeTravelBench } from '../../bench/timeTravel';
import { chaosLogBench } from '../../bench/chaosLog';
import { runDiscoveryBench } from '../../bench/discovery';
import { discoveryRows } from './discoveryBenchRows';
import { parserRows } from './parserBenchRows';
import { userVersusPreset } from '../../bench/parserUser';
import { wordLogAccuracy } from '../../bench/wordLog';
import { runDiffBench } from '../../bench/diff';
import { runBigRun } from '../../bench/bigRun';
import { fullGc, machineInfo, memoryInUse } from '../benchPlatform';
import { nodeSha256 } from '../nodeHasher';
import {
  benchRows,
  chaosRow,
  p1Row,
  p3Row,
  c1Row,
  e7Row,
  formatTable,
  P1_TARGET,
  P3_TARGET,
  type BenchReport,
  type P1Result,
  type P3Result,
  type Skipped,
} from './benchReport';

/**
 * `bench [--quick] [--json] [--loghub <dir>]`: the benchmarks of TARGETS.md on the built bundle —
 * E1 throughput, E2 cost growth, E3 memory, E4 time travel, E5 lineage, E6 loading a 100 k-node
 * scenario, D1–D3 process mining (discover, conform, XES export), and with a Loghub data
 * folder P1 parser throughput and P3 grouping accuracy. Prints a table, or with `--json` one JSON
 * object (`{E1: {eventsPerSecond…}, E2: {perEventRatio…}, …, machine, date}`) that
 * `scripts/bench.mjs` writes into docs/benchmarks.md. `--quick` runs small sizes (a smoke test).
 * `--only chaos` runs the chaos row X1 alone (its peak memory is then its own); `--only C1` runs C1
 * alone — comparing two 1 M-event runs, which holds three runs at once, so `scripts/bench.mjs` gives
 * it a process of its own — and prints its row (with `--json`, `{C1, rows}`). `--only parser` runs the
 * parser's rows alone (P1 repeated and not, P1u, P3, P3w) and prints them (with `--json`, `{P1, P1u,
 * P3, P3w, rows}`). `--only E7` runs E7 alone — the E1 pipeline run to its end at 10 M events, whose
 * peak RSS must be its own process's (`npm run bench` starts it as a child; with `--quick`, 200,000
 * events) — and prints its row (with `--json`, `{E7, rows}`); its progress goes to stderr.
 */
export const benchCommand: Command = {
  name: 'bench',
  usage: 'bench [--quick] [--json] [--loghub <dir>] [--only chaos|C1|E7|parser]',
  summary:
    'run the benchmarks (TARGETS.md E1–E5, E6, D1–D3, P1, P3; --only chaos, C1, E7 or parser) and print the results',
  async run(argv, io) {
    const args = parseArgs(argv, {
      quick: { kind: 'switch' },
      json: { kind: 'switch' },
      loghub: { kind: 'value' },
      only: { kind: 'value' },
    });
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
    const quick = args.switches.has('quick');
    const only = optionValue(args, 'only');
    if (only !== undefined && only !== 'chaos' && only !== 'C1' && only !== 'E7' && only !== 'parser')
      throw new UsageError(`--only takes C1, chaos, E7 or parser (benchmarks run alone), got "${only}"`);
    if (only === 'E7') {
      // Alone in its process, so the peak resident memory is the run's own.
      const E7 = runBigRun({
        now: () => performance.now(),
        gc: fullGc(),
        memory: memoryInUse,
        peakRss: () => process.resourceUsage().maxRSS * 1024,
        rss: () => process.memoryUsage.rss(),
        progress: (p) => io.stderr(`E7 ${JSON.stringify(p)}\n`),
        hash: true,
        ...(quick ? { events: 200_000 } : {}),
      });
      const row = e7Row(E7);
      const head = { date: new Date().toISOString(), machine: machineInfo(), quick };
      io.stdout(
        args.switches.has('json')
          ? `${JSON.stringify({ ...head, E7, rows: [row] }, null, 2)}\n`
          : `${head.date}  ${head.machine.cpu} (${head.machine.cores} cores)\n${row.id}  ${row.result.replaceAll('**', '')}  ${row.target}  ${row.pass ? 'pass' : 'FAIL'}\n`,
      );
      return EXIT_OK;
    }
    if (only === 'C1') {
      const C1 = await runDiffBench({ now: () => performance.now(), cpuMs, gc: fullGc(), memory: memoryInUse, quick });
      const row = c1Row(C1);
      const head = { date: new Date().toISOString(), machine: machineInfo(), quick };
      io.stdout(
        args.switches.has('json')
          ? `${JSON.stringify({ ...head, C1, rows: [row] }, null, 2)}\n`
          : `${head.date}  ${head.machine.cpu} (${head.machine.cores} cores)\n${row.id}  ${row.result.replaceAll('**', '')}  ${row.target}  ${row.pass ? 'pass' : 'FAIL'}\n`,
      );
      return EXIT_OK;
    }
    if (only === 'chaos') {
      // Alone in its process, so the peak resident memory is the chaos run's own.
      const X1 = chaos(quick);
      const row = chaosRow(X1);
      io.stdout(
        args.switches.has('json')
          ? `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), X1, rows: [row] }, null, 2)}\n`
          : `| ${row.id} | ${row.workload} | ${row.result} | ${row.target} | ${row.pass ? 'pass' : 'FAIL'} |\n`,
      );
      return EXIT_OK;
    }
    const loghub = optionValue(args, 'loghub');
    if (loghub !== undefined && !LOGHUB_DATASETS.every((d) => existsSync(join(loghub, d.name, `${d.name}_2k.log`)))) {
      throw new UsageError(
        `--loghub ${loghub}: expected the Loghub-2k folders ${LOGHUB_DATASETS.map((d) => d.name).join(', ')} there`,
      );
    }
    if (only === 'parser') {
      // P1 (repeated and not), P1u, P3, P3w from one run, side by side: the parser's rows alone.
      const head = { date: new Date().toISOString(), machine: machineInfo(), quick };
      const parser = parserBench(loghub, quick);
      const [p1u, p3w] = parserRows(parser.P1u, parser.P3w);
      const rows = [p1Row(parser.P1), p1u!, p3Row(parser.P3), p3w!];
      io.stdout(
        args.switches.has('json')
          ? `${JSON.stringify({ ...head, ...parser, rows }, null, 2)}\n`
          : `${head.date}  ${head.machine.cpu} (${head.machine.cores} cores)\n${rows.map((r) => `${r.id}  ${r.result.replaceAll('**', '')}  ${r.target}  ${r.pass ? 'pass' : 'FAIL'}`).join('\n')}\n`,
      );
      return EXIT_OK;
    }
    const now = () => performance.now();
    const gc = fullGc();
    // E3 first: it reads memory, best measured before the other benchmarks leave garbage behind.
    const E3 = runMemoryBench({ now, gc, memory: memoryInUse, quick });
    const E1 = runEngineBench({ now, quick, hasher: nodeSha256 });
    const E2 = runScaleBench({ now, gc, memory: memoryInUse, quick });
    const [E4, E5] = runTimeTravelBench({ now, quick });
    const E6 = runLoadBench({ now, quick });
    const mining = runDiscoveryBench({ now, quick });
    const results = {
      date: new Date().toISOString(),
      machine: machineInfo(),
      quick,
      E1,
      E2,
      E3,
      E4,
      E5,
      E6,
      P1: parserThroughput(loghub, quick),
      P3: parserAccuracy(loghub),
      // The chaos row is a full-run row: `--quick` is the smoke test of the other rows.
      ...(quick ? {} : { CL: chaosLogBench(gc, memoryInUse) }),
      // The template chaos row likewise (`--only chaos --quick` is its own).
      ...(quick ? {} : { X1: chaos(false) }),
    };
    // P1u and P3w (issue 25): a user's configuration beside its preset, GA on generated word-variable logs.
    const parser = { P1u: userRow(loghub, quick), P3w: wordRow(quick) };
    // The mining and parser rows travel beside `rows` (whose list the smoke test pins); both tables show them.
    const report: BenchReport & {
      mining: typeof mining;
      parser: typeof parser;
      miningRows: ReturnType<typeof discoveryRows>;
    } = {
      ...results,
      mining,
      parser,
      ...benchRows(results),
      miningRows: [...discoveryRows(mining), ...parserRows(parser.P1u, parser.P3w)],
    };
    io.stdout(
      args.switches.has('json')
        ? `${JSON.stringify(report, null, 2)}\n`
        : formatTable({ ...report, rows: [...report.rows, ...report.miningRows] }),
    );
    return EXIT_OK;
  },
};

/** Not pure (times, reads memory): the chaos row, X1 (`quick`: a tenth of the idle nodes and of the work). */
function chaos(quick: boolean): ReturnType<typeof runChaosBench> {
  return runChaosBench({
    ...(quick ? { params: { ...WORST_CHAOS, idle: 1_000, maxWork: 20_000_000 } } : {}),
    now: () => performance.now(),
    peakRss: () => process.resourceUsage().maxRSS * 1024,
    heapUsed: () => process.memoryUsage().heapUsed,
  });
}

/** Not pure: CPU milliseconds this process has used (user + system). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const NO_DATA: Skipped = { skipped: 'no Loghub data folder (--loghub <dir>)' };

/**
 * Not pure (reads files, times): P1 on the HDFS 2k log repeated to a million lines (quick: 200,000),
 * and on the ten sets cycled with their numbers perturbed (100,000 lines each; quick: 10,000).
 */
function parserThroughput(dir: string | undefined, quick: boolean): P1Result | Skipped {
  if (dir === undefined) return NO_DATA;
  const t = loghubThroughput(dir, 'HDFS', quick ? 200_000 : 1_000_000, quick ? 2 : 3);
  const varied = variedThroughput(dir, quick ? 10_000 : 100_000);
  const pass = t.linesPerSecond >= P1_TARGET && varied.linesPerSecond >= P1_TARGET;
  return { id: 'P1', dataset: 'HDFS', ...t, varied, target: P1_TARGET, pass };
}

/** Not pure (reads files, times): a user's configuration against the HDFS preset (P1u). */
function userRow(dir: string | undefined, quick: boolean): ReturnType<typeof userVersusPreset> | Skipped {
  return dir === undefined ? NO_DATA : userVersusPreset(dir, 'HDFS', quick ? 100_000 : 500_000, quick ? 3 : 7);
}

/** Pure: GA on the generated word-variable logs (P3w). */
function wordRow(quick: boolean): ReturnType<typeof wordLogAccuracy> {
  return wordLogAccuracy(quick ? [1, 2] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
}

/** Not pure (reads files, times): the parser's benchmarks alone, P1 first and P1u right after it. */
function parserBench(dir: string | undefined, quick: boolean) {
  const P1 = parserThroughput(dir, quick);
  const P1u = userRow(dir, quick);
  return { P1, P1u, P3: parserAccuracy(dir), P3w: wordRow(quick) };
}

/** Not pure (reads files): P3 on the ten Loghub-2k sets. */
function parserAccuracy(dir: string | undefined): P3Result | Skipped {
  if (dir === undefined) return NO_DATA;
  const a = loghubAccuracy(dir);
  return { id: 'P3', ...a, target: P3_TARGET, pass: a.average >= P3_TARGET.average && a.min >= P3_TARGET.min };
}
