/**
 * Which shard a command runs: `--shard I/N`, or `--shards N` with the index from the scheduler's
 * environment — `--shard-env NAME`, else `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job), else
 * `SLURM_ARRAY_TASK_ID` (a Slurm array job). Indices count from 0.
 */
import { optionValue, UsageError, type OptionSpec, type ParsedArgs } from '../args';

/** Shard `index` of `count`. */
export interface ShardSpec {
  index: number;
  count: number;
}

/** The options every sharded command takes. */
export const SHARD_OPTIONS: Record<string, OptionSpec> = {
  shard: { kind: 'value' },
  shards: { kind: 'value' },
  'shard-env': { kind: 'value' },
};

/** The scheduler variables read for the index, in order. */
export const INDEX_VARIABLES = ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID'] as const;

const MAX_SHARDS = 65536;

/**
 * The most threads `--workers K` starts (`run` and `parse`). Each thread is a V8 isolate of its own,
 * about 17 MB before it holds any work: 999 threads took over 6 GB. 64 keeps that near 1 GB and is
 * more than the cores of most machines; more shards than that belong on several machines
 * (`--shard I/N`).
 */
export const MAX_WORKERS = 64;

/** Pure: `--workers K` as a number of threads, 1 to MAX_WORKERS; throws UsageError naming the range otherwise. */
export function workersCount(text: string): number {
  const k = /^\d{1,6}$/.test(text) ? Number(text) : 0;
  if (k < 1 || k > MAX_WORKERS)
    throw new UsageError(`--workers must be a number of threads from 1 to ${MAX_WORKERS}, got "${text}"`);
  return k;
}

/** Pure: the shard the arguments and `env` name, or null when none is asked for; throws UsageError on a mistake. */
export function shardSpec(args: ParsedArgs, env: Readonly<Record<string, string | undefined>>): ShardSpec | null {
  const shard = optionValue(args, 'shard');
  const shards = optionValue(args, 'shards');
  const envName = optionValue(args, 'shard-env');
  if (shard !== undefined) {
    if (shards !== undefined || envName !== undefined)
      throw new UsageError('give --shard I/N, or --shards N with the index from the environment, not both');
    const m = /^(\d{1,5})\/(\d{1,5})$/.exec(shard);
    if (!m) throw new UsageError(`--shard must be I/N (shard I of N, I from 0), got "${shard}"`);
    return checked(Number(m[1]), Number(m[2]), '--shard');
  }
  if (shards === undefined) {
    if (envName !== undefined) throw new UsageError('--shard-env needs --shards N');
    return null;
  }
  if (!/^\d{1,5}$/.test(shards)) throw new UsageError(`--shards must be a number of shards, got "${shards}"`);
  const names = envName !== undefined ? [envName] : INDEX_VARIABLES;
  const name = names.find((n) => env[n] !== undefined && env[n] !== '');
  if (name === undefined)
    throw new UsageError(`--shards ${shards}: no shard index in the environment (${names.join(', ')} unset)`);
  const value = env[name]!;
  if (!/^\d{1,5}$/.test(value)) throw new UsageError(`${name} must be a shard index, got "${value}"`);
  return checked(Number(value), Number(shards), name);
}

function checked(index: number, count: number, source: string): ShardSpec {
  if (count < 1 || count > MAX_SHARDS)
    throw new UsageError(`${source}: the number of shards must be 1 to ${MAX_SHARDS}`);
  if (index >= count)
    throw new UsageError(`${source}: shard index ${index} is not below ${count} (indices count from 0)`);
  return { index, count };
}
