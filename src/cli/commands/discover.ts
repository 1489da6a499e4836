import { optionValue, parseArgs, UsageError, type ParsedArgs } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command } from '../command';
import { checkOutputPaths } from '../samePaths';
import { readEventsFile, whereIs } from '../eventsFile';
import {
  dataSourceOf,
  dfgFile,
  dfgToTemplate,
  discover,
  filterDfg,
  readCaseLog,
  templateProblem,
} from '../../engine/discovery';
import { percentOption } from './percent';
import { simulationModel } from '../../engine/simulation';

/** Pure: the value of option `name`, one of `choices`, or undefined; throws UsageError for another. */
function choiceOption<T extends string>(args: ParsedArgs, name: string, choices: readonly T[]): T | undefined {
  const v = optionValue(args, name);
  if (v === undefined) return undefined;
  if (!(choices as readonly string[]).includes(v))
    throw new UsageError(`--${name} must be ${choices.map((c) => `"${c}"`).join(' or ')}, got "${v}"`);
  return v as T;
}

const USAGE =
  'discover <events.ndjson> [--case F] [--activity F] [--time F] [--activities P] [--paths P] [--variants P] [--out template.json] [--dfg dfg.json] [--simulation model.json [--arrivals empirical|exponential] [--stop cases|horizon]]';

/**
 * `discover`: the directly-follows graph and variants of an events file (docs/discovery.md); with
 * `--dfg` writes them as `{activities, edges, starts, ends, variants}`, with `--out` writes a V3
 * template that replays the log, with `--simulation` writes a model that generates cases like the
 * log's (docs/simulation.md; calibrated on every event: the filters shape the graph only). Prints `{cases, events, activities, paths, variants}` (counts
 * after the filters). Exit 2 for bad arguments, an event without a case or activity (naming its
 * line and the field), or with `--out` a graph of more activities than a template holds.
 */
export const discoverCommand: Command = {
  name: 'discover',
  usage: USAGE,
  summary: 'discover the directly-follows graph and variants of events, and a template that runs them',
  async run(argv, io) {
    const args = parseArgs(argv, {
      case: { kind: 'value' },
      activity: { kind: 'value' },
      time: { kind: 'value' },
      activities: { kind: 'value' },
      paths: { kind: 'value' },
      variants: { kind: 'value' },
      out: { kind: 'value' },
      dfg: { kind: 'value' },
      simulation: { kind: 'value' },
      arrivals: { kind: 'value' },
      stop: { kind: 'value' },
    });
    if (args.positionals.length !== 1)
      throw new UsageError(
        args.positionals.length === 0 ? 'an events file is required' : 'only one events file can be read',
      );
    const file = args.positionals[0]!;
    const filter = {
      activities: percentOption(args, 'activities'),
      paths: percentOption(args, 'paths'),
      variants: percentOption(args, 'variants'),
    };
    const outPath = optionValue(args, 'out');
    const dfgPath = optionValue(args, 'dfg');
    const simulationPath = optionValue(args, 'simulation');
    const arrivals = choiceOption(args, 'arrivals', ['empirical', 'exponential'] as const);
    const stop = choiceOption(args, 'stop', ['cases', 'horizon'] as const);
    if (simulationPath === undefined && (arrivals !== undefined || stop !== undefined))
      throw new UsageError(
        `--${arrivals !== undefined ? 'arrivals' : 'stop'} shapes the simulation model: give --simulation model.json`,
      );
    await checkOutputPaths(
      [{ role: 'the events file', path: file }],
      [
        { role: '--dfg', path: dfgPath },
        { role: '--out', path: outPath },
        { role: '--simulation', path: simulationPath },
      ],
    );
    const fields = {
      case: optionValue(args, 'case'),
      activity: optionValue(args, 'activity'),
      time: optionValue(args, 'time'),
    };
    const read = await readEventsFile(io, file);
    if (!read.ok) {
      io.stderr(`${read.message}\n`);
      return EXIT_USAGE;
    }
    const log = readCaseLog(read.values, fields);
    if (!log.ok) {
      io.stderr(`${whereIs(file, read, log.problem.index)} ${log.problem.message}\n`);
      return EXIT_USAGE;
    }
    const graph = filterDfg(discover(log.log), filter);
    // Refused before anything is written: a template that cannot run is never written.
    const problem = outPath === undefined ? null : templateProblem(graph);
    if (problem !== null) {
      io.stderr(`--out ${outPath}: ${problem}; keep the most frequent with --activities P (a percentage)\n`);
      return EXIT_USAGE;
    }
    const model =
      simulationPath === undefined
        ? null
        : simulationModel(log.log, {
            name: `Simulation of ${file.split(/[\\/]/).pop()}`,
            ...(arrivals !== undefined ? { arrivals } : {}),
            ...(stop !== undefined ? { stop } : {}),
          });
    if (model !== null && !model.ok) {
      io.stderr(`--simulation ${simulationPath}: ${model.message}\n`);
      return EXIT_USAGE;
    }
    if (dfgPath !== undefined) await io.writeFile(dfgPath, `${JSON.stringify(dfgFile(graph), null, 2)}\n`);
    if (outPath !== undefined) {
      const template = dfgToTemplate(graph, {
        name: `Discovered from ${file.split(/[\\/]/).pop()}`,
        dataSourceId: dataSourceOf(read.values),
        ...(fields.activity === undefined ? {} : { eventField: fields.activity }),
        events: read.values.length,
      });
      await io.writeFile(outPath, `${JSON.stringify(template, null, 2)}\n`);
    }
    if (model !== null && model.ok && simulationPath !== undefined)
      await io.writeFile(simulationPath, `${JSON.stringify(model.template, null, 2)}\n`);
    const summary = {
      cases: graph.cases,
      events: graph.events,
      activities: Object.keys(graph.activities).length,
      paths: graph.edges.length,
      variants: graph.variants.length,
    };
    io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    return EXIT_OK;
  },
};
