import { parseArgs } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command } from '../command';
import { readJson } from '../json';
import { loadScenario } from '../../engine/dsl';

/** `validate <scenario.json>`: exit 0 (warnings on stderr) or exit 2 with every issue on stderr. */
export const validateCommand: Command = {
  name: 'validate',
  usage: 'validate <scenario.json>',
  summary: 'check a scenario or template against the V3 DSL',
  async run(argv, io) {
    const args = parseArgs(argv, {});
    if (args.positionals.length !== 1) {
      io.stderr(`usage: flowledger ${this.usage}\n`);
      return EXIT_USAGE;
    }
    const file = args.positionals[0]!;
    const json = readJson(await io.readFile(file), file);
    if (!json.ok) {
      io.stderr(`${json.message}\n`);
      return EXIT_USAGE;
    }
    const result = loadScenario(json.value);
    for (const w of result.warnings) io.stderr(`${file}: warning: ${w.path || '/'}: ${w.message}\n`);
    for (const e of result.errors) io.stderr(`${file}: error: ${e.path || '/'}: ${e.message}\n`);
    if (result.errors.length > 0) {
      io.stderr(`${file}: ${result.errors.length} error(s), ${result.warnings.length} warning(s)\n`);
      return EXIT_USAGE;
    }
    const s = result.scenario!;
    io.stdout(
      `${file}: valid — "${s.name}", ${s.nodes.length} nodes, ${s.edges.length} edges, ${result.warnings.length} warning(s)\n`,
    );
    return EXIT_OK;
  },
};
