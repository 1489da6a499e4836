import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../../src/cli/args';
import { MAX_WORKERS, SHARD_OPTIONS, shardSpec, workersCount } from '../../../src/cli/shard/shardOption';

/** Where a sharded command takes its shard from: `--shard I/N`, or `--shards N` and the scheduler's variable. */
describe('the shard of a command', () => {
  const spec = (argv: string[], env: Record<string, string> = {}) => shardSpec(parseArgs(argv, SHARD_OPTIONS), env);

  it('reads --shard I/N, indices from 0', () => {
    expect(spec(['--shard', '2/5'])).toEqual({ index: 2, count: 5 });
    expect(spec([])).toBeNull();
  });

  it('takes the index from --shard-env, else JOB_COMPLETION_INDEX, else SLURM_ARRAY_TASK_ID', () => {
    expect(spec(['--shards', '4'], { JOB_COMPLETION_INDEX: '1', SLURM_ARRAY_TASK_ID: '2' })).toEqual({
      index: 1,
      count: 4,
    });
    expect(spec(['--shards', '4'], { SLURM_ARRAY_TASK_ID: '2' })).toEqual({ index: 2, count: 4 });
    expect(spec(['--shards', '4', '--shard-env', 'IDX'], { IDX: '3', JOB_COMPLETION_INDEX: '1' })).toEqual({
      index: 3,
      count: 4,
    });
  });

  it('refuses an index not below the count, a missing index and both forms at once', () => {
    expect(() => spec(['--shard', '5/5'])).toThrow(/shard index 5 is not below 5/);
    expect(() => spec(['--shard', '1-3'])).toThrow(UsageError);
    expect(() => spec(['--shards', '4'], {})).toThrow(/no shard index in the environment/);
    expect(() => spec(['--shards', '4'], { SLURM_ARRAY_TASK_ID: '4' })).toThrow(/not below 4/);
    expect(() => spec(['--shard', '0/2', '--shards', '2'])).toThrow(/not both/);
  });
});

/** `--workers K` of `run` and `parse`: 1 to 64 threads (issue 38, item 8: 999 threads took over 6 GB). */
describe('the threads of --workers', () => {
  it('takes 1 to 64 and refuses anything else with the range', () => {
    expect(MAX_WORKERS).toBe(64);
    expect(workersCount('1')).toBe(1);
    expect(workersCount('64')).toBe(64);
    for (const bad of ['0', '65', '999', '1000000', '-1', '2.5', 'two', ''])
      expect(() => workersCount(bad), bad).toThrow(
        new UsageError(`--workers must be a number of threads from 1 to 64, got "${bad}"`),
      );
  });
});
