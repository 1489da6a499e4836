import { optionValue, parseArgs, UsageError } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command } from '../command';
import { readEventsFile } from '../eventsFile';
import { reportIssues } from '../issueReport';
import { readJson } from '../json';
import { loadScenario } from '../../engine/dsl';
import { coverageLines } from '../../engine/query/coverageReport';
import { eventCoverage } from '../../engine/query/eventCoverage';

/**
 * `check-events <scenario.json> --events <events.ndjson>`: before a run, which of the events the
 * template can consume — per target DataSource, and per FSM `N of M events match a transition of
 * <FSM>`, the names no transition listens for and the transitions no event will fire. The report goes
 * to stdout with exit 0 when some event can be consumed; to stderr with exit 2 when none can (a run
 * fed them would complete with every machine in its first state), or for an unreadable input.
 */
export const checkEventsCommand: Command = {
  name: 'check-events',
  usage: 'check-events <scenario.json> --events <events.ndjson>',
  summary: "check that a template's DataSources and FSM transitions consume the events (exit 2 when none can be)",
  async run(argv, io) {
    const args = parseArgs(argv, { events: { kind: 'value' } });
    if (args.positionals.length !== 1)
      throw new UsageError(
        args.positionals.length === 0 ? 'a scenario file is required' : 'only one scenario file can be checked',
      );
    const eventsFile = optionValue(args, 'events');
    if (eventsFile === undefined) throw new UsageError('--events <events.ndjson> is required');
    const file = args.positionals[0]!;
    const json = readJson(await io.readFile(file), file);
    if (!json.ok) {
      io.stderr(`${json.message}\n`);
      return EXIT_USAGE;
    }
    const loaded = loadScenario(json.value);
    if (!reportIssues(io, file, loaded)) return EXIT_USAGE;
    const read = await readEventsFile(io, eventsFile);
    if (!read.ok) {
      io.stderr(`${read.message}\n`);
      return EXIT_USAGE;
    }
    const coverage = eventCoverage(loaded.scenario!, read.values);
    const text = coverageLines(coverage).join('\n') + '\n';
    if (coverage.consumable === 0) {
      io.stderr(text);
      return EXIT_USAGE;
    }
    io.stdout(text);
    return EXIT_OK;
  },
};
