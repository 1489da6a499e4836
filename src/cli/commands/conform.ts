import { optionValue, parseArgs } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command } from '../command';
import { whereIs } from '../eventsFile';
import { readScenarioWithEvents } from '../scenarioWithEvents';
import { conform, nothingReplayed } from '../../engine/discovery';

/**
 * `conform <scenario.json> --events <events.ndjson> [--fsm ID]`: replays the events against the
 * template's FSM (the first, or `--fsm`) and prints `{cases, fittingCases, eventFitness,
 * caseFitness, deviations: [{case, index, event, state}]}` — exit 0 whatever the fitness. Exit 2
 * for an invalid template, one without that FSM, an event it cannot read (its line and field), or
 * events none of which reaches the FSM — addressed to DataSources the template lacks or that do
 * not feed it: nothing was replayed, so there is no fitness to report (it is not 1).
 */
export const conformCommand: Command = {
  name: 'conform',
  usage: 'conform <scenario.json> --events <events.ndjson> [--fsm ID]',
  summary: "check events against a template's FSM: fitness and each case's first deviation",
  async run(argv, io) {
    const args = parseArgs(argv, { events: { kind: 'value' }, fsm: { kind: 'value' } });
    const input = await readScenarioWithEvents(args, io);
    if (input === null) return EXIT_USAGE;
    const fsmId = optionValue(args, 'fsm');
    const result = conform(input.scenario, input.events, fsmId);
    if (result === null) {
      io.stderr(
        `${input.file}: ${fsmId === undefined ? 'the scenario has no FSM' : `no FSM "${fsmId}" in the scenario`}\n`,
      );
      return EXIT_USAGE;
    }
    if (!result.ok) {
      io.stderr(`${whereIs(input.eventsFile, input, result.problem.index)} ${result.problem.message}\n`);
      return EXIT_USAGE;
    }
    const r = result.report;
    if (r.events === 0) {
      io.stderr(
        `${input.eventsFile}: ${nothingReplayed(input.scenario, input.events, r.fsm, 'address the events to a DataSource that feeds it (parse --target)')}\n`,
      );
      return EXIT_USAGE;
    }
    const output = {
      cases: r.cases,
      fittingCases: r.fittingCases,
      eventFitness: r.eventFitness,
      caseFitness: r.caseFitness,
      deviations: r.deviations.map((d) => ({ case: d.case, index: d.index, event: d.event, state: d.state })),
    };
    io.stdout(`${JSON.stringify(output, null, 2)}\n`);
    return EXIT_OK;
  },
};
