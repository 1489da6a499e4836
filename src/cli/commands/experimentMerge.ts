import { parseArgs, UsageError } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command, type CliIO } from '../command';
import { fileLineBatches } from '../lineFiles';
import {
  differingField,
  isReplicationEnd,
  readReplicationEnd,
  readReplicationHeader,
  readReplicationLine,
  replicationAt,
  sliceOf,
  type Replication,
  type ReplicationHeader,
} from '../../engine/simulation';
import { reportExperiment } from './experiment';

/** A refusal: the file, the line (1-based, blank lines counted) and what is wrong. */
class Refusal extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `experiment-merge <replications-*.ndjson…> [--json]` (issue 43, item 4; docs/scale.md): the
 * replication files of every shard of one experiment (`experiment … --shard I/N --out FILE`),
 * read back and summarised as the single `experiment` command summarises — the same figures in seed
 * order, so the same output byte for byte. Exit 2, naming the file and the line, for files of
 * different experiments, a shard missing or given twice, a file cut short, a line repeated, missing
 * or out of place, or a line that is not what `experiment --shard` wrote.
 */
export const experimentMergeCommand: Command = {
  name: 'experiment-merge',
  usage: 'experiment-merge <replications-0.ndjson…> [--json]',
  summary: 'summarise the replication files of a sharded experiment as the single experiment command does',
  async run(argv, io) {
    const args = parseArgs(argv, { json: { kind: 'switch' } });
    if (args.positionals.length === 0) throw new UsageError('no replication file given');
    try {
      const { header, runs } = await readReplicationFiles(args.positionals, io);
      reportExperiment(io, args.switches.has('json'), header.variants, runs);
      return EXIT_OK;
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      io.stderr(
        `flowledger experiment-merge: ${err.file}${err.line === undefined ? '' : `:${err.line}`}: ${err.message}\n`,
      );
      return EXIT_USAGE;
    }
  },
};

/**
 * Not pure (reads the files): every replication of the experiment, `runs[v][k]` variant v with seed
 * S + k, and the experiment's header; throws a Refusal naming the file and line of the first fault.
 */
export async function readReplicationFiles(
  files: readonly string[],
  io: CliIO,
): Promise<{ header: ReplicationHeader; runs: Replication[][] }> {
  const batches = io.readLineBatches ?? fileLineBatches;
  let first: ReplicationHeader | undefined;
  let firstFile = '';
  const byShard = new Map<number, string>();
  const all: Replication[] = [];
  for (const file of files) {
    let line = 0;
    let header: ReplicationHeader | undefined;
    let from = 0;
    let expected = 0;
    let to = 0;
    let ended: number | undefined;
    for await (const batch of batches(file)) {
      for (const text of batch) {
        line++;
        if (text.trim() === '') continue;
        if (ended !== undefined) throw new Refusal(file, line, `a line after the trailer (line ${ended})`);
        if (header === undefined) {
          const h = readReplicationHeader(text);
          if (typeof h === 'string') throw new Refusal(file, line, h);
          if (first === undefined) {
            first = h;
            firstFile = file;
          } else {
            const field = differingField(first, h);
            if (field !== null)
              throw new Refusal(
                file,
                line,
                `its "${field}" is ${JSON.stringify(h[field])}, ${firstFile}'s ${JSON.stringify(first[field])}: the files come from different experiments`,
              );
          }
          const twice = byShard.get(h.shard);
          if (twice !== undefined) throw new Refusal(file, line, `shard ${h.shard}/${h.shards} again (${twice} is it)`);
          byShard.set(h.shard, file);
          header = h;
          const slice = sliceOf(h.shard, h.shards, h.variants.length * h.replications);
          from = slice.from;
          expected = slice.from;
          to = slice.to;
          continue;
        }
        if (isReplicationEnd(text)) {
          const count = readReplicationEnd(text);
          if (typeof count === 'string') throw new Refusal(file, line, count);
          const held = expected - from;
          if (count !== held || expected !== to)
            throw new Refusal(
              file,
              line,
              `the trailer says ${count} replications; the file holds ${held} of the shard's ${to - from}: a line is missing`,
            );
          ended = line;
          continue;
        }
        if (expected >= to)
          throw new Refusal(
            file,
            line,
            `more replications than shard ${header.shard}/${header.shards} runs (${to - from})`,
          );
        const entry = readReplicationLine(text, expected, header);
        if (typeof entry === 'string') throw new Refusal(file, line, entry);
        all[entry.j] = entry.replication;
        expected++;
      }
    }
    if (header === undefined)
      throw new Refusal(file, undefined, 'the file is empty: it holds no replication file header');
    if (ended === undefined)
      throw new Refusal(
        file,
        line,
        `the file ends without its trailer (${expected - from} of the shard's ${to - from} replications read): it was cut short`,
      );
  }
  const h = first!;
  const missing = Array.from({ length: h.shards }, (_, i) => i).filter((i) => !byShard.has(i));
  if (missing.length > 0)
    throw new Refusal(
      files[0]!,
      undefined,
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${h.shards}`).join(', ')} missing: every shard's file is needed`,
    );
  const V = h.variants.length;
  const runs: Replication[][] = h.variants.map(() => []);
  for (let j = 0; j < V * h.replications; j++) runs[replicationAt(j, V).variant]!.push(all[j]!);
  return { header: h, runs };
}
