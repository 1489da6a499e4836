import { parseArgs } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command } from '../command';
import { readScenarioWithEvents } from '../scenarioWithEvents';
import { coverageLines } from '../../engine/discovery/coverageReport';
import { eventCoverage } from '../../engine/discovery/eventCoverage';

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
    const input = await readScenarioWithEvents(args, io);
    if (input === null) return EXIT_USAGE;
    const coverage = eventCoverage(input.scenario, input.events);
    const text = coverageLines(coverage).join('\n') + '\n';
    if (coverage.consumable === 0) {
      io.stderr(text);
      return EXIT_USAGE;
    }
    io.stdout(text);
    return EXIT_OK;
  },
};
