import { optionValue, parseArgs, UsageError } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command } from '../command';
import { reportIssues } from '../issueReport';
import { readJson } from '../json';
import { nodeSha256 } from '../nodeHasher';
import { readEventsFile, whereIs } from '../eventsFile';
import { readCaseLog } from '../../engine/discovery';
import { casesOfLog, fidelity, runReplication, type LoggedCase } from '../../engine/simulation';
import { loadScenario } from '../../engine';

const USAGE =
  'fidelity <model.json> --events <real.ndjson> [--replications N] [--seed S] [--case F] [--activity F] [--time F]';

/** Replications when `--replications` is absent. */
export const DEFAULT_FIDELITY_REPLICATIONS = 10;

/**
 * `fidelity` (issue 43, item 2; docs/simulation.md, "Fidelity"): runs N replications of a model
 * (seeds S, S + 1, …; default 10 from 1), reads their cases from the model's per-case FSM and
 * prints how far they are from the real events' cases: `{cycleTimeDistance, variantDistance,
 * edgeFrequencyRatio, arrivalRateRatio, cases, unseenEdges, replications}`. Exit 2 for bad
 * arguments, a model that does not load or generates no case, or an unreadable event.
 */
export const fidelityCommand: Command = {
  name: 'fidelity',
  usage: USAGE,
  summary: "measure how close a simulation model's cases are to real events (cycle times, variants, edges, arrivals)",
  async run(argv, io) {
    const args = parseArgs(argv, {
      events: { kind: 'value' },
      replications: { kind: 'value' },
      seed: { kind: 'value' },
      case: { kind: 'value' },
      activity: { kind: 'value' },
      time: { kind: 'value' },
    });
    if (args.positionals.length !== 1)
      throw new UsageError(
        args.positionals.length === 0 ? 'a model file is required' : 'only one model can be measured',
      );
    const eventsFile = optionValue(args, 'events');
    if (eventsFile === undefined) throw new UsageError('--events <real.ndjson> is required: the cases to compare with');
    const repText = optionValue(args, 'replications');
    const replications = repText === undefined ? DEFAULT_FIDELITY_REPLICATIONS : Number(repText);
    if (repText !== undefined && (!/^\d+$/.test(repText) || replications < 1 || replications > 10_000))
      throw new UsageError(`--replications must be a whole number from 1 to 10000, got "${repText}"`);
    const seedText = optionValue(args, 'seed');
    if (seedText !== undefined && !/^-?\d{1,15}$/.test(seedText))
      throw new UsageError(`--seed must be an integer, got "${seedText}"`);
    const seed = seedText === undefined ? 1 : Number(seedText);
    const file = args.positionals[0]!;

    const json = readJson(await io.readFile(file), file);
    if (!json.ok) {
      io.stderr(`${json.message}\n`);
      return EXIT_USAGE;
    }
    if (!reportIssues(io, file, loadScenario(json.value))) return EXIT_USAGE;
    const read = await readEventsFile(io, eventsFile);
    if (!read.ok) {
      io.stderr(`${read.message}\n`);
      return EXIT_USAGE;
    }
    const fields = {
      case: optionValue(args, 'case'),
      activity: optionValue(args, 'activity'),
      time: optionValue(args, 'time'),
    };
    const log = readCaseLog(read.values, fields);
    if (!log.ok) {
      io.stderr(`${whereIs(eventsFile, read, log.problem.index)} ${log.problem.message}\n`);
      return EXIT_USAGE;
    }
    const real = casesOfLog(log.log);
    if (real.length === 0) {
      io.stderr(`${eventsFile}: holds no event, so no case to compare with\n`);
      return EXIT_USAGE;
    }
    const untimed = real.findIndex((c) => c.times.some((t) => t !== t));
    if (untimed >= 0) {
      io.stderr(
        `${eventsFile}: case "${log.log.caseNames[untimed]}" has an event without a time (--time F names the field)\n`,
      );
      return EXIT_USAGE;
    }
    const logs: LoggedCase[][] = [];
    let truncated = 0;
    for (let k = 0; k < replications; k++) {
      const r = runReplication(json.value, seed + k, { withLog: true, settings: { hasher: nodeSha256 } });
      if (!r.ok) return EXIT_USAGE;
      logs.push(r.replication.log!);
      if (r.replication.truncatedBy !== undefined) truncated++;
    }
    if (truncated > 0)
      io.stderr(
        `${file}: warning: ${truncated} of ${replications} replications ended truncated (docs/limits.md); their cases are those finished by then\n`,
      );
    if (logs.every((l) => l.length === 0)) {
      io.stderr(
        `${file}: the model generated no case: fidelity reads cases from an FSM with "instancePer": "correlationId" (a model from discover --simulation has one)\n`,
      );
      return EXIT_USAGE;
    }
    const f = fidelity(real, logs);
    io.stdout(`${JSON.stringify({ ...f, replications, seeds: [seed, seed + replications - 1] }, null, 2)}\n`);
    return EXIT_OK;
  },
};
