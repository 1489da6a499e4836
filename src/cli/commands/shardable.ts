import { EXIT_OK, EXIT_USAGE, type Command } from '../command';
import { parseArgs, UsageError } from '../args';
import { reportIssues } from '../issueReport';
import { readJson } from '../json';
import { Engine } from '../../engine';
import { shardability } from '../../engine/shard';

/**
 * `shardable <scenario.json>`: whether the template's result can be split by correlation id
 * (docs/scale.md). Prints `{"shardable": true}`, or `{"shardable": false, "blockers": [{nodeId,
 * reason}…]}` and the same on stderr, one node a line, with exit 2.
 */
export const shardableCommand: Command = {
  name: 'shardable',
  usage: 'shardable <scenario.json>',
  summary: 'say whether a run can be sharded by correlation id, or which nodes prevent it',
  async run(argv, io) {
    const args = parseArgs(argv, {});
    if (args.positionals.length !== 1) throw new UsageError('one scenario file is required');
    const file = args.positionals[0]!;
    const json = readJson(await io.readFile(file), file);
    if (!json.ok) {
      io.stderr(`${json.message}\n`);
      return EXIT_USAGE;
    }
    const engine = new Engine();
    if (!reportIssues(io, file, engine.initialize(json.value))) return EXIT_USAGE;
    const verdict = shardability(engine.scenario);
    io.stdout(`${JSON.stringify(verdict, null, 2)}\n`);
    if (verdict.shardable) return EXIT_OK;
    io.stderr(
      `flowledger shardable: ${file} cannot be sharded by correlation id:\n${verdict.blockers.map((b) => `  ${b.nodeId}: ${b.reason}\n`).join('')}`,
    );
    return EXIT_USAGE;
  },
};
