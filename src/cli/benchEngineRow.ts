/**
 * One engine benchmark row in a process of its own: `node --expose-gc <bundle> E1|E2|E3|E7 [--quick]`
 * prints the row's result as one JSON object. Not part of the command line: `scripts/bench.mjs`
 * bundles this file with esbuild — once against this tree's engine and, with `--before <dir>`,
 * once against the engine of an older checkout in `<dir>` (src/engine resolved there) — and runs
 * the two bundles' rows interleaved, so both builds are measured by the same code in the same
 * minutes (`npm run bench -- --before <dir>`, docs/benchmarks.md).
 */
import { performance } from 'node:perf_hooks';
import { runEngineBench } from '../bench/engine';
import { runMemoryBench, runScaleBench } from '../bench/scale';
import { runBigRun } from '../bench/bigRun';
import { fullGc, machineInfo, memoryInUse } from './benchPlatform';
import { nodeSha256 } from './nodeHasher';

const [row, ...rest] = process.argv.slice(2);
const quick = rest.includes('--quick');
const now = () => performance.now();
const gc = fullGc();

/** Not pure: the row's result. */
function measure(): unknown {
  switch (row) {
    case 'E1':
      return runEngineBench({ now, quick, hasher: nodeSha256 });
    case 'E2':
      return runScaleBench({ now, gc, memory: memoryInUse, quick });
    case 'E3':
      return runMemoryBench({ now, gc, memory: memoryInUse, quick });
    case 'E7':
      return runBigRun({
        now,
        gc,
        memory: memoryInUse,
        peakRss: () => process.resourceUsage().maxRSS * 1024,
        rss: () => process.memoryUsage.rss(),
        progress: (p) => process.stderr.write(`E7 progress ${JSON.stringify(p)}\n`),
        ...(quick ? { events: 200_000 } : {}),
      });
    default:
      process.stderr.write(`usage: <bundle> E1|E2|E3|E7 [--quick], got "${row ?? ''}"\n`);
      process.exit(2);
  }
}

const result = measure();
process.stdout.write(`${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), result })}\n`);
