import { performance } from 'node:perf_hooks';
import { optionValue, parseArgs, UsageError } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command } from '../command';
import { reportIssues } from '../issueReport';
import { readJson, readJsonOrNdjson } from '../json';
import { Engine } from '../../engine';
import { nodeSha256 } from '../nodeHasher';
import { checkOutputPaths } from '../samePaths';
import { runSummary, stateAtSummary } from './runSummary';
import { shardEventsFileProblem } from '../shard/shardEvents';
import { shardedRun, wantsShards } from '../shard/shardedRun';

const USAGE =
  'run <scenario.json> [--events <file.json|file.ndjson>] [--seed N] [--until N|end] [--time-limit SECONDS] [--ledger <out.ndjson>] [--lineage <correlationId>] [--at N] [--shard I/N | --shards N [--shard-env NAME] | --workers K]';

/**
 * `run`: loads a scenario, feeds it external events, runs it to the end (or to step N) on the
 * synchronous core and prints one JSON object: steps, status, ledger size and hash, sink totals and
 * node states; with `--lineage ID` also the lineage of that correlation id, with `--at N` also the
 * state right after an earlier step N of the same run (time travel); with `--shard I/N` one shard
 * of a log-driven run, `--workers K` all shards on threads (shard/shardedRun.ts). Exit 2 for an invalid
 * scenario, a bad event, bad arguments, an unknown correlation id or a step beyond the run.
 */
export const runCommand: Command = {
  name: 'run',
  usage: USAGE,
  summary: 'run a scenario and print its ledger hash, sinks and node states',
  async run(argv, io) {
    if (wantsShards(argv)) return shardedRun(argv, io, { parseSeed, parseTimeLimit });
    const args = parseArgs(argv, {
      events: { kind: 'value' },
      seed: { kind: 'value' },
      until: { kind: 'value' },
      ledger: { kind: 'value' },
      lineage: { kind: 'value' },
      at: { kind: 'value' },
      'time-limit': { kind: 'value' },
    });
    if (args.positionals.length !== 1)
      throw new UsageError(
        args.positionals.length === 0 ? 'a scenario file is required' : 'only one scenario file can be run',
      );
    const seed = parseSeed(optionValue(args, 'seed'));
    const until = parseUntil(optionValue(args, 'until'));
    const at = parseAt(optionValue(args, 'at'));
    const timeLimit = parseTimeLimit(optionValue(args, 'time-limit'));
    const file = args.positionals[0]!;
    const eventsFile = optionValue(args, 'events');
    const ledgerFile = optionValue(args, 'ledger');
    await checkOutputPaths(
      [
        { role: 'the scenario', path: file },
        { role: '--events', path: eventsFile },
      ],
      [{ role: '--ledger', path: ledgerFile }],
    );

    const json = readJson(await io.readFile(file), file);
    if (!json.ok) {
      io.stderr(`${json.message}\n`);
      return EXIT_USAGE;
    }
    const engine = new Engine({ hasher: nodeSha256 });
    const loaded = engine.initialize(json.value, seed === undefined ? {} : { seed });
    if (!reportIssues(io, file, loaded)) return EXIT_USAGE;

    if (eventsFile !== undefined) {
      const read = readJsonOrNdjson(await io.readFile(eventsFile), eventsFile);
      if (!read.ok) {
        io.stderr(`${read.message}\n`);
        return EXIT_USAGE;
      }
      const shardFile = shardEventsFileProblem(read.values, eventsFile);
      if (shardFile !== null) {
        io.stderr(`${eventsFile}:${read.lines?.[shardFile.index] ?? ''}: ${shardFile.message}\n`);
        return EXIT_USAGE;
      }
      const added = engine.getExternalEventQueue().addEvents(read.values);
      if (!added.ok) {
        const line = read.lines?.[added.index];
        const where = line === undefined ? `${eventsFile}:` : `${eventsFile}:${line}:`;
        io.stderr(`${where} event ${added.index + 1}: ${added.error}; no events were added\n`);
        return EXIT_USAGE;
      }
    }

    // The wall clock is read here, never in the engine: past the limit the run ends truncated by
    // "deadline" between two steps (each step is bounded by the scenario's maxWork).
    const started = performance.now();
    engine.advance(
      until,
      timeLimit === undefined ? {} : { deadline: () => performance.now() - started > timeLimit * 1000 },
    );

    const output: Record<string, unknown> = { ...runSummary(engine) };
    const correlationId = optionValue(args, 'lineage');
    if (correlationId !== undefined) {
      const lineage = engine.lineage(correlationId);
      if (!lineage.ok) {
        io.stderr(`--lineage: ${lineage.error.message}\n`);
        return EXIT_USAGE;
      }
      output['lineage'] = lineage.value;
    }
    if (at !== undefined) {
      const state = engine.stateAt(at);
      if (!state.ok) {
        io.stderr(`--at: ${state.error.message}\n`);
        return EXIT_USAGE;
      }
      output['stateAt'] = stateAtSummary(state.value);
    }

    if (ledgerFile !== undefined) await io.writeFile(ledgerFile, engine.ledger.ndjsonStream());
    io.stdout(`${JSON.stringify(output, null, 2)}\n`);
    return EXIT_OK;
  },
};

/** Pure: `--seed` as an integer; throws UsageError otherwise. */
function parseSeed(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d{1,15}$/.test(text)) throw new UsageError(`--seed must be an integer, got "${text}"`);
  return Number(text);
}

/** Pure: `--time-limit` as a positive number of seconds; throws UsageError otherwise. */
function parseTimeLimit(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(seconds > 0) || !Number.isFinite(seconds))
    throw new UsageError(`--time-limit must be a positive number of seconds, got "${text}"`);
  return seconds;
}

/** Pure: `--at` as a step number; throws UsageError otherwise. */
function parseAt(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text)) throw new UsageError(`--at must be a step number, got "${text}"`);
  return Number(text);
}

/** Pure: `--until` as a step number or "end" (the default). */
function parseUntil(text: string | undefined): number | 'end' {
  if (text === undefined || text === 'end') return 'end';
  if (!/^\d{1,9}$/.test(text)) throw new UsageError(`--until must be a step number or "end", got "${text}"`);
  return Number(text);
}
