/**
 * The opening both `check-events` and `conform` share: one scenario file as the positional, an
 * `--events` file, the scenario loaded and checked, the events read. A problem is written to stderr
 * once, here, so each command goes on only with a loaded template and its events.
 */
import { optionValue, UsageError, type ParsedArgs } from './args';
import type { CliIO } from './command';
import { readEventsFile } from './eventsFile';
import { reportIssues } from './issueReport';
import { readJson } from './json';
import { loadScenario } from '../engine/dsl';
import type { Scenario } from '../engine/types';

export type ScenarioWithEvents = {
  file: string;
  eventsFile: string;
  scenario: Scenario;
  events: unknown[];
  lines?: number[];
};

/**
 * Not pure: reads the scenario named by the one positional and the `--events` file through `io`.
 * Throws UsageError for missing/extra arguments; returns null after writing the problem to stderr
 * when a file cannot be read or the scenario is invalid.
 */
export async function readScenarioWithEvents(args: ParsedArgs, io: CliIO): Promise<ScenarioWithEvents | null> {
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
    return null;
  }
  const loaded = loadScenario(json.value);
  if (!reportIssues(io, file, loaded)) return null;
  const read = await readEventsFile(io, eventsFile);
  if (!read.ok) {
    io.stderr(`${read.message}\n`);
    return null;
  }
  return { file, eventsFile, scenario: loaded.scenario!, events: read.values, lines: read.lines };
}
