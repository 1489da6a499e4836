/** The table rows of the process-mining benchmarks D1–D3 (src/bench/discovery.ts), beside the others of benchReport.ts. */
import type { ConformBench, DiscoverBench, XesBench } from '../../bench/discovery';
import type { BenchRow } from './benchReport';

const n = (x: number) => Math.round(x).toLocaleString('en-US');

/** Pure: one row per discovery benchmark. */
export function discoveryRows([D1, D2, D3]: [DiscoverBench, ConformBench, XesBench]): BenchRow[] {
  return [
    {
      id: 'D1',
      workload: `discover (events read into cases + directly-follows graph + variants + times: each edge's and activity's exact mean, median and p90, case durations), generated order log, every event timed: ${n(D1.events)} events, ${n(D1.cases)} cases, ${n(D1.variants)} variants`,
      result: `**${D1.medianMs} ms** (median of ${D1.runsMs.length}: ${D1.runsMs.join(', ')} ms; ${n(D1.smallEvents)} events: ${D1.smallMedianMs} ms, per-event ratio ${D1.perEventRatio})`,
      target: `≤ ${n(D1.target)} ms, linear (ratio ≤ 2)`,
      pass: D1.pass,
    },
    {
      id: 'D2',
      workload: `conformance of the same ${n(D2.events)} events against the discovered template's FSM with 50 % of the paths`,
      result: `**${D2.medianMs} ms** (median of ${D2.runsMs.length}: ${D2.runsMs.join(', ')} ms; event fitness ${D2.eventFitness}, case fitness ${D2.caseFitness})`,
      target: `≤ ${n(D2.target)} ms`,
      pass: D2.pass,
    },
    {
      id: 'D3',
      workload: `XES export of the same ${n(D3.events)} events, streamed in chunks`,
      result: `**${D3.megabytesPerSecond} MB/s** (${D3.megabytes} MB in ${D3.medianMs} ms; largest chunk ${D3.largestChunkKiB} KiB)`,
      target: `≥ ${D3.target} MB/s, bounded memory`,
      pass: D3.pass,
    },
  ];
}
