import { cpus, arch, release, type } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs, UsageError } from '../args';
import { EXIT_OK, type Command } from '../command';
import { runEngineBench, type E1Result } from '../../bench/engine';

/** The machine a benchmark ran on: results are only comparable on the same one. */
export interface MachineInfo {
  os: string;
  cpu: string;
  cores: number;
  node: string;
}

export interface BenchReport {
  date: string;
  machine: MachineInfo;
  quick: boolean;
  results: E1Result[];
}

/**
 * `bench [--quick] [--json]`: the engine benchmark (TARGETS.md E1) on the built bundle; prints a
 * table, or with `--json` one JSON object that `scripts/bench.mjs` writes into docs/benchmarks.md.
 */
export const benchCommand: Command = {
  name: 'bench',
  usage: 'bench [--quick] [--json]',
  summary: 'run the benchmarks (TARGETS.md) and print the results',
  async run(argv, io) {
    const args = parseArgs(argv, { quick: { kind: 'switch' }, json: { kind: 'switch' } });
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
    const quick = args.switches.has('quick');
    const report: BenchReport = {
      date: new Date().toISOString(),
      machine: machineInfo(),
      quick,
      results: [runEngineBench({ now: () => performance.now(), quick })],
    };
    io.stdout(args.switches.has('json') ? `${JSON.stringify(report, null, 2)}\n` : formatTable(report));
    return EXIT_OK;
  },
};

/** Not pure: reads the OS. */
export function machineInfo(): MachineInfo {
  const cpu = cpus();
  return { os: `${type()} ${release()} ${arch()}`, cpu: cpu[0]?.model.trim() ?? 'unknown', cores: cpu.length, node: process.version };
}

/** Pure: the report as a plain-text table. */
export function formatTable(report: BenchReport): string {
  const rows = report.results.map((r) => [
    r.id,
    `${r.tokens.toLocaleString('en-US')} tokens, ${r.ledgerEvents.toLocaleString('en-US')} events`,
    `${r.eventsPerSecond.toLocaleString('en-US')} events/s (median of ${r.repetitions}, ${r.medianMs} ms)`,
    `>= ${r.target.toLocaleString('en-US')}`,
    r.pass ? 'pass' : 'FAIL',
  ]);
  const header = ['id', 'workload', 'result', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  const extra = report.results.map((r) => `  ${r.id} ledger hash: ${r.hashMs} ms (${r.hashEventsPerSecond.toLocaleString('en-US')} events/s)`);
  return [
    `${report.date}  ${report.machine.cpu} (${report.machine.cores} cores), ${report.machine.os}, Node ${report.machine.node}${report.quick ? '  [quick]' : ''}`,
    line(header),
    ...rows.map(line),
    ...extra,
    '',
  ].join('\n');
}
