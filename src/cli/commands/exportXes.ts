import { optionValue, parseArgs, UsageError } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command } from '../command';
import { checkOutputPaths } from '../samePaths';
import { readEventsFile, whereIs } from '../eventsFile';
import {
  firstOtherKind,
  isLedgerLine,
  ledgerEventToEvent,
  ocelChunks,
  readCaseLog,
  xesChunks,
} from '../../engine/discovery';
import type { LedgerEvent } from '../../engine/types';

/**
 * `export-xes <events.ndjson | ledger.ndjson> --out log.xes [--ocel out.json]`: writes the events
 * (or a run's ledger, recognised by its lines) as XES and/or OCEL 2.0, streamed in chunks to a
 * temporary file renamed into place. Prints `{traces, events}`. Exit 2 for bad arguments, a file
 * mixing ledger lines and events (the first line of the other kind), or an event without a case or
 * activity (its line and the field).
 */
export const exportXesCommand: Command = {
  name: 'export-xes',
  usage:
    'export-xes <events.ndjson | ledger.ndjson> (--out log.xes | --ocel out.json) [--case F] [--activity F] [--time F]',
  summary: 'write events or a ledger as XES (IEEE 1849) or OCEL 2.0 JSON',
  async run(argv, io) {
    const args = parseArgs(argv, {
      out: { kind: 'value' },
      ocel: { kind: 'value' },
      case: { kind: 'value' },
      activity: { kind: 'value' },
      time: { kind: 'value' },
    });
    if (args.positionals.length !== 1)
      throw new UsageError(
        args.positionals.length === 0 ? 'an events or ledger file is required' : 'only one file can be exported',
      );
    const file = args.positionals[0]!;
    const outPath = optionValue(args, 'out');
    const ocelPath = optionValue(args, 'ocel');
    if (outPath === undefined && ocelPath === undefined)
      throw new UsageError('--out log.xes or --ocel out.json is required');
    await checkOutputPaths(
      [{ role: 'the events file', path: file }],
      [
        { role: '--out', path: outPath },
        { role: '--ocel', path: ocelPath },
      ],
    );
    const read = await readEventsFile(io, file);
    if (!read.ok) {
      io.stderr(`${read.message}\n`);
      return EXIT_USAGE;
    }
    const ledger = read.values.length > 0 && isLedgerLine(read.values[0]);
    const other = firstOtherKind(read.values);
    if (other >= 0) {
      const first = read.lines?.[0] === undefined ? 'event 1' : `line ${read.lines[0]}`;
      io.stderr(
        `${whereIs(file, read, other)} ${ledger ? 'an event among ledger lines' : 'a ledger line among events'} (${first} is ${ledger ? 'a ledger line' : 'an event'}): a file holds a run's ledger or events, not both; export them apart\n`,
      );
      return EXIT_USAGE;
    }
    const events = ledger ? read.values.map((v) => ledgerEventToEvent(v as LedgerEvent)) : read.values;
    const fields = ledger
      ? {}
      : { case: optionValue(args, 'case'), activity: optionValue(args, 'activity'), time: optionValue(args, 'time') };
    const log = readCaseLog(events, fields);
    if (!log.ok) {
      io.stderr(`${whereIs(file, read, log.problem.index)} ${log.problem.message}\n`);
      return EXIT_USAGE;
    }
    const name = file.split(/[\\/]/).pop() ?? file;
    if (outPath !== undefined) await io.writeFile(outPath, xesChunks(events, log.log, fields, name));
    if (ocelPath !== undefined) await io.writeFile(ocelPath, ocelChunks(events, log.log, fields));
    io.stdout(`${JSON.stringify({ traces: log.log.caseNames.length, events: events.length, ledger }, null, 2)}\n`);
    return EXIT_OK;
  },
};
