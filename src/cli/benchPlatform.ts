/**
 * What the benchmarks need from Node: the machine they ran on, the clock, a forced full garbage
 * collection and the memory in use. `gc` comes from `--expose-gc` (as `npm run bench` starts
 * Node); without the flag it is enabled at run time through V8's flags, so `flowledger bench`
 * measures E3 either way.
 */
import { cpus, arch, release, type } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The machine a benchmark ran on: results are only comparable on the same one. */
export interface MachineInfo {
  os: string;
  cpu: string;
  cores: number;
  node: string;
}

/** Not pure: reads the OS. */
export function machineInfo(): MachineInfo {
  const cpu = cpus();
  return {
    os: `${type()} ${release()} ${arch()}`,
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    node: process.version,
  };
}

/** Not pure: a function forcing a full collection — the global `gc`, or one enabled through V8's flags. */
export function fullGc(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Not pure: bytes in use — the JavaScript heap, and array buffers plus other memory outside it. */
export function memoryInUse(): { heap: number; external: number } {
  const m = process.memoryUsage();
  return { heap: m.heapUsed, external: m.external };
}
