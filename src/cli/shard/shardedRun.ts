/**
 * `run <scenario> --events <file> --shard I/N [--ledger shard-I.ndjson]` (or `--shards N` with the
 * index from the environment): one shard of a log-driven run, written as a shard file for `merge`
 * (docs/scale.md). The template must be shardable (`flowledger shardable`); the run places every
 * event of the file, but only the events of its correlation ids make tokens (shardEvents.ts), so
 * its steps and times are the single run's. `--workers K` instead runs K shards on worker threads
 * and merges them (workers.ts).
 */
import { performance } from 'node:perf_hooks';
import { optionValue, parseArgs, UsageError } from '../args';
import { EXIT_OK, EXIT_USAGE, type CliIO } from '../command';
import { SHARD_FORMAT, SHARD_HASH, type ShardHeader } from '../../engine/shard';
import { checkOutputPaths } from '../samePaths';
import { loadShardRun } from './loadShard';
import { SHARD_OPTIONS, shardSpec, workersCount } from './shardOption';
import { shardEnd, shardFileChunks } from './shardWriter';
import { runWithWorkers } from './workers';

/** Pure: whether `argv` asks `run` for a shard or for workers. */
export function wantsShards(argv: readonly string[]): boolean {
  return argv.some((a) => /^--(shard|shards|shard-env|workers)(=|$)/.test(a));
}

/** Not pure (reads the environment): the options of a sharded `run`. */
export function shardedRunArgs(argv: readonly string[]) {
  return parseArgs(argv, {
    events: { kind: 'value' },
    seed: { kind: 'value' },
    ledger: { kind: 'value' },
    'time-limit': { kind: 'value' },
    workers: { kind: 'value' },
    ...SHARD_OPTIONS,
  });
}

/** Not pure: runs one shard (or, with --workers, all shards on threads) and prints its summary. */
export async function shardedRun(
  argv: readonly string[],
  io: CliIO,
  helpers: {
    parseSeed(t: string | undefined): number | undefined;
    parseTimeLimit(t: string | undefined): number | undefined;
  },
): Promise<number> {
  const args = shardedRunArgs(argv);
  for (const bad of ['until', 'at', 'lineage'])
    if (argv.some((a) => a === `--${bad}` || a.startsWith(`--${bad}=`)))
      throw new UsageError(`--${bad} cannot be combined with a sharded run`);
  if (args.positionals.length !== 1) throw new UsageError('a scenario file is required (one)');
  const file = args.positionals[0]!;
  const eventsFile = optionValue(args, 'events');
  if (eventsFile === undefined) throw new UsageError('a sharded run needs --events <file>');
  const seed = helpers.parseSeed(optionValue(args, 'seed'));
  const timeLimit = helpers.parseTimeLimit(optionValue(args, 'time-limit'));
  const workersText = optionValue(args, 'workers');
  const spec = shardSpec(args, process.env);
  if (workersText !== undefined) {
    if (spec !== null) throw new UsageError('--workers runs every shard itself: it takes no --shard');
    return runWithWorkers(
      { file, eventsFile, seed, ledger: optionValue(args, 'ledger'), workers: workersCount(workersText) },
      io,
    );
  }
  if (spec === null) throw new UsageError('--shard I/N or --shards N is required');
  const ledgerFile = optionValue(args, 'ledger') ?? `shard-${spec.index}.ndjson`;
  await checkOutputPaths(
    [
      { role: 'the scenario', path: file },
      { role: '--events', path: eventsFile },
    ],
    [{ role: optionValue(args, 'ledger') === undefined ? 'the shard file' : '--ledger', path: ledgerFile }],
  );

  const loaded = await loadShardRun(file, eventsFile, seed, spec, io, true);
  if (!loaded.ok) return EXIT_USAGE;
  const { engine, templateHash, eventsHash } = loaded;
  const started = performance.now();
  engine.advance(
    'end',
    timeLimit === undefined ? {} : { deadline: () => performance.now() - started > timeLimit * 1000 },
  );
  const header: ShardHeader = {
    flowledgerShard: SHARD_FORMAT,
    shard: spec.index,
    shards: spec.count,
    templateHash,
    seed: engine.seed,
    eventsHash,
    shardHash: SHARD_HASH,
    maxEvents: engine.scenario.maxEvents,
  };
  await io.writeFile(ledgerFile, shardFileChunks(engine, header));
  const end = shardEnd(engine);
  io.stdout(
    `${JSON.stringify({ shard: `${spec.index}/${spec.count}`, ledger: ledgerFile, steps: end.steps, status: end.status, ledgerEvents: end.events, nodeStates: end.nodeStates }, null, 2)}\n`,
  );
  return EXIT_OK;
}
