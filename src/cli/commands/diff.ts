import { optionValue, parseArgs, UsageError, type ParsedArgs } from '../args';
import { EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../command';
import { reportIssues } from '../issueReport';
import { readJson, readJsonOrNdjson } from '../json';
import { Engine } from '../../engine';
import { diffLedgers, diffRuns, inputDifferences, type LineSource, type RunInputs } from '../../engine/diff';
import { nodeSha256 } from '../nodeHasher';
import { shardEventsFileProblem } from '../shard/shardEvents';

/** Exit code of `diff` when the two runs differ (0: identical, 2: bad input). */
export const EXIT_DIFFERENT = 3;

const USAGE =
  'diff <a.ndjson> <b.ndjson> | diff <scenario.json> [--seed N] [--events F] [--vs <other.json>] [--vs-seed N] [--vs-events F]';

const SCENARIO_OPTIONS = ['seed', 'events', 'vs', 'vs-seed', 'vs-events'] as const;

/**
 * `diff`: compares two runs (docs/compare.md) and prints one JSON object — `identical`,
 * `firstDivergentStep`, `at` (the first differing event, field by field), per-node, per-Sink and
 * per-FSM-state totals of both sides with deltas, nodes added, removed and renamed, and `why` (which
 * input differs). The runs are two ledger files (read as they stream in, never whole), or a scenario
 * run twice and compared in memory (from the ledgers' columns): with another seed (`--vs-seed`), other events (`--vs-events`) or another scenario
 * (`--vs`); the second run takes the first's value for any option it does not set. Exit 0 when
 * identical, 3 when they differ, 2 for bad input.
 */
export const diffCommand: Command = {
  name: 'diff',
  usage: USAGE,
  summary: 'compare two runs: the first divergent step and the totals of both (exit 0 identical, 3 different)',
  async run(argv, io) {
    const args = parseArgs(argv, Object.fromEntries(SCENARIO_OPTIONS.map((o) => [o, { kind: 'value' as const }])));
    const scenarioOptions = SCENARIO_OPTIONS.filter((o) => optionValue(args, o) !== undefined);
    if (args.positionals.length === 2) {
      if (scenarioOptions.length > 0)
        throw new UsageError(`two ledger files take no --${scenarioOptions[0]} (it belongs to diff <scenario.json>)`);
      const [a, b] = args.positionals as [string, string];
      return answer(io, await diffLedgers(linesOf(io, a), linesOf(io, b)), [a, b]);
    }
    if (args.positionals.length !== 1)
      throw new UsageError(
        args.positionals.length === 0 ? 'two ledger files or a scenario file are required' : 'at most two files',
      );
    const a = await startRun(io, args.positionals[0]!, seedOption(args, 'seed'), optionValue(args, 'events'));
    if (a === null) return EXIT_USAGE;
    const b = await startRun(
      io,
      optionValue(args, 'vs') ?? args.positionals[0]!,
      seedOption(args, 'vs-seed') ?? seedOption(args, 'seed'),
      optionValue(args, 'vs-events') ?? optionValue(args, 'events'),
    );
    if (b === null) return EXIT_USAGE;
    a.engine.advance('end');
    b.engine.advance('end');
    const why = inputDifferences(a.inputs, b.inputs);
    return answer(io, { ok: true, value: await diffRuns(a.engine.ledger, b.engine.ledger, { why }) }, [
      'run a',
      'run b',
    ]);
  },
};

/** Not pure: prints the comparison (exit 0 or 3), or names the line that is not a ledger event (exit 2). */
function answer(io: CliIO, r: Awaited<ReturnType<typeof diffLedgers>>, names: [string, string]): number {
  if (!r.ok) {
    io.stderr(`${names[r.error.side === 'a' ? 0 : 1]}:${r.error.line}: not a ledger event: ${r.error.message}\n`);
    return EXIT_USAGE;
  }
  io.stdout(`${JSON.stringify(r.value, null, 2)}\n`);
  return r.value.identical ? EXIT_OK : EXIT_DIFFERENT;
}

/** Not pure: the lines of ledger file `path` as it streams in (or read whole where the IO cannot stream). */
function linesOf(io: CliIO, path: string): LineSource {
  if (io.readLineBatches) return io.readLineBatches(path);
  return (async function* () {
    yield (await io.readFile(path)).split('\n');
  })();
}

/** Not pure (reads files): a loaded run of `file` at step 0 with its events queued, or null after reporting why. */
async function startRun(
  io: CliIO,
  file: string,
  seed: number | undefined,
  eventsFile: string | undefined,
): Promise<{ engine: Engine; inputs: RunInputs } | null> {
  const json = readJson(await io.readFile(file), file);
  if (!json.ok) {
    io.stderr(`${json.message}\n`);
    return null;
  }
  const engine = new Engine({ hasher: nodeSha256 });
  if (!reportIssues(io, file, engine.initialize(json.value, seed === undefined ? {} : { seed }))) return null;
  let events: unknown[] = [];
  if (eventsFile !== undefined) {
    const read = readJsonOrNdjson(await io.readFile(eventsFile), eventsFile);
    if (!read.ok) {
      io.stderr(`${read.message}\n`);
      return null;
    }
    const shardFile = shardEventsFileProblem(read.values, eventsFile);
    if (shardFile !== null) {
      io.stderr(`${eventsFile}:${read.lines?.[shardFile.index] ?? ''}: ${shardFile.message}\n`);
      return null;
    }
    const added = engine.getExternalEventQueue().addEvents(read.values);
    if (!added.ok) {
      const line = read.lines?.[added.index];
      const where = line === undefined ? `${eventsFile}:` : `${eventsFile}:${line}:`;
      io.stderr(`${where} event ${added.index + 1}: ${added.error}; no events were added\n`);
      return null;
    }
    events = read.values;
  }
  return { engine, inputs: { templateKey: file, scenario: json.value, seed: engine.seed, events } };
}

/** Pure: an integer seed option, or undefined when absent; throws UsageError otherwise. */
function seedOption(args: ParsedArgs, name: 'seed' | 'vs-seed'): number | undefined {
  const text = optionValue(args, name);
  if (text === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(text)) throw new UsageError(`--${name} must be an integer, got "${text}"`);
  return Number(text);
}
