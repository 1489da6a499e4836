import { optionValue, parseArgs, UsageError } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command } from '../command';
import { checkOutputPaths } from '../samePaths';
import { mergeShardFiles } from '../shard/mergeFiles';

/**
 * `merge <shard files…> [--out ledger.ndjson]`: merges the shard files of a sharded run (`run
 * --shard I/N`) into the single run's ledger, and prints the summary and ledger hash `run` prints
 * for the single run. Exit 2 when the shards come from different templates, seeds, event files or
 * shard counts, when one is missing or did not complete, or when a line of one is not what `run
 * --shard` wrote (mergeShards.ts) — the message names the file, the line and what is wrong, and no
 * --out file is left behind.
 */
export const mergeCommand: Command = {
  name: 'merge',
  usage: 'merge <shard-0.ndjson…> [--out ledger.ndjson]',
  summary: "merge the shard files of a sharded run into the single run's ledger and hash",
  async run(argv, io) {
    const args = parseArgs(argv, { out: { kind: 'value' } });
    if (args.positionals.length === 0) throw new UsageError('no shard file given');
    const out = optionValue(args, 'out');
    await checkOutputPaths(
      args.positionals.map((path) => ({ role: 'a shard file', path })),
      [{ role: '--out', path: out }],
    );
    const merged = await mergeShardFiles(args.positionals, out, io);
    if (!merged.ok) {
      const where = merged.file ? `${merged.file}${merged.line === undefined ? '' : `:${merged.line}`}: ` : '';
      io.stderr(`flowledger merge: ${where}${merged.message}\n`);
      return EXIT_USAGE;
    }
    io.stdout(`${JSON.stringify(merged.summary, null, 2)}\n`);
    return EXIT_OK;
  },
};
