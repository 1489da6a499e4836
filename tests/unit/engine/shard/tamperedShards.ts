/**
 * Shard files changed the ways a damaged disk, a careless edit or an attacker would change them,
 * each with the line and sentence the merge must refuse it with (issue 38, item 3): the merge test
 * of the engine (mergeShardsTampered.test.ts) and the command line's (tests/unit/cli/mergeTampered.test.ts)
 * both go through this list.
 *
 * The file is shard 0 of 1 of `logToSink` over four events: line 1 the header, lines 2–9 the events
 * e1…e8 (a DataSource's TOKEN_GENERATED at lines 2, 3, 5, 7; a Sink's TOKEN_COLLECTED, flagged
 * `"s":1`, at lines 4, 6, 8, 9), line 10 the trailer.
 */
import { logToSink, shardFile } from './shardFiles';

export interface TamperedShard {
  /** What was done to the file. */
  what: string;
  /** The changed file. */
  text: string;
  /** The line the merge must name (1-based) and what it must say. */
  line: number;
  message: string;
}

export const EVENTS = ['c1', 'c2', 'c3', 'c4'].map((correlationId, i) => ({
  targetDataSourceId: 'log',
  correlationId,
  value: i + 1,
}));

/** Pure in effect: the untouched shard file. */
export function wholeShard(): string {
  return shardFile(logToSink, EVENTS, 0, 1);
}

/** Pure: the event part ("e") of shard line `line`. */
export function eventOf(line: string): string {
  return line.slice(line.indexOf(',"e":') + 5, -1);
}

/** Pure: the trailer line `line` with `change` made to its `flowledgerShardEnd` object. */
function trailer(line: string, change: (end: Record<string, unknown>) => void): string {
  const parsed = JSON.parse(line) as { flowledgerShardEnd: Record<string, unknown> };
  change(parsed.flowledgerShardEnd);
  return JSON.stringify(parsed);
}

/** Pure in effect: every tampered file with its expected refusal. */
export function tamperedShards(): TamperedShard[] {
  const lines = wholeShard().split('\n');
  if (lines.length !== 11 || !lines[9]!.startsWith('{"flowledgerShardEnd"') || !lines[3]!.includes('"s":1,'))
    throw new Error('the shard file is not the one this list was written for');
  const file = (change: (l: string[]) => string[]): string => change([...lines]).join('\n');
  const at = (i: number, f: (line: string) => string): string => file((l) => l.map((x, j) => (j === i ? f(x) : x)));
  const e2 = eventOf(lines[2]!);
  const semicolon = e2.indexOf('"nodeType":"DataSource"') + 10;
  const notJson = e2.slice(0, semicolon) + ';' + e2.slice(semicolon + 1);
  const e3 = eventOf(lines[3]!);
  const brokenSink = e3.replace('"value":1}', '"value":1]');
  const bracket = brokenSink.indexOf('"value":1]') + 9;
  const context = (text: string, bad: number): string => JSON.stringify(text.slice(Math.max(0, bad - 20), bad + 20));
  return [
    {
      what: 'an event line repeated',
      text: file((l) => [...l.slice(0, 5), l[4]!, ...l.slice(5)]),
      line: 6,
      message: 'its event is e4 of the shard again (e5 comes next): a line is repeated or out of place',
    },
    {
      what: 'an event line removed',
      text: file((l) => [...l.slice(0, 4), ...l.slice(5)]),
      line: 5,
      message: 'its event is e5 of the shard, but e4 comes next: a line is missing',
    },
    {
      what: 'the last event line removed',
      text: file((l) => [...l.slice(0, 8), ...l.slice(9)]),
      line: 9,
      message: 'its trailer counts 8 events, but the file holds 7: lines were added or removed',
    },
    {
      what: 'the trailer’s count changed',
      text: at(9, (l) => l.replace('"events":8', '"events":9')),
      line: 10,
      message: 'its trailer counts 9 events, but the file holds 8: lines were added or removed',
    },
    {
      what: 'the trailer missing',
      text: file((l) => [...l.slice(0, 9), '']),
      line: 9,
      message: 'the file ends after this line, without its trailer (an unfinished shard run?)',
    },
    {
      what: 'a line after the trailer',
      text: file((l) => [...l.slice(0, 10), l[4]!, '']),
      line: 11,
      message: 'a line after the trailer (the trailer must be the last line)',
    },
    {
      what: 'the line’s own keys reordered ("m" before "k")',
      text: at(2, (l) => l.replace(/^\{"k":("[0-9a-f]*"),"m":(\[[0-9,]*\]),/, '{"m":$2,"k":$1,')),
      line: 3,
      message: `the line is neither a keyed ledger event ({"k":…,"m":[…],"e":{…}}) nor the trailer: ${lines[2]!.replace(/^\{"k":("[0-9a-f]*"),"m":(\[[0-9,]*\]),/, '{"m":$2,"k":$1,').slice(0, 80)}`,
    },
    {
      what: 'the event’s keys reordered (the marks left as they were)',
      text: at(2, (l) =>
        l
          .replace('{"details":{"externalEvent":1},', '{"nodeId":"log","details":{"externalEvent":1},')
          .replace('"nodeId":"log","nodeType"', '"nodeType"'),
      ),
      line: 3,
      message: 'its first mark does not point at the digits of its "eventId":"e…"',
    },
    {
      what: 'a mark past the end of the event',
      text: at(2, (l) => l.replace('"m":[43,44,214,215,199,206]', '"m":[43,44,214,9999,199,206]')),
      line: 3,
      message: `its marks "m" point past the end of its event (9999 > ${e2.length} characters)`,
    },
    {
      what: 'marks not ascending',
      text: at(2, (l) => l.replace('"m":[43,44,214,215,199,206]', '"m":[43,44,214,215,206,199]')),
      line: 3,
      message: 'its marks "m" are not ascending offsets in its event (43,44,214,215,206,199)',
    },
    {
      what: 'a token mark off by one',
      text: at(2, (l) => l.replace('"m":[43,44,214,215,199,206]', '"m":[43,44,214,215,200,207]')),
      line: 3,
      message: 'its marks 200,207 do not point at a token id "<nodeId>#<n>"',
    },
    {
      what: 'the eventId and seq disagree',
      text: at(2, (l) => l.replace('"seq":2,', '"seq":3,')),
      line: 3,
      message: 'its eventId is e2 but its seq 3',
    },
    {
      what: '"e":null',
      text: at(2, (l) => `${l.slice(0, l.indexOf(',"e":') + 5)}null}`),
      line: 3,
      message: 'its event "e" is not a JSON object: null',
    },
    {
      what: 'an event that is not JSON',
      text: at(2, (l) => l.replace(e2, notJson)),
      line: 3,
      message: `its event "e" is not JSON (at character ${semicolon + 1} of the event: ${context(notJson, semicolon)})`,
    },
    {
      what: 'a Sink’s line that is not JSON',
      text: at(3, (l) => l.replace(e3, brokenSink)),
      line: 4,
      message: `its event "e" is not JSON (at character ${bracket + 1} of the event: ${context(brokenSink, bracket)})`,
    },
    {
      what: 'a key below the line before',
      text: at(4, (l) => l.replace(/^\{"k":"[0-9a-f]*"/, '{"k":"00000000000000000000000000000000"')),
      line: 5,
      message: 'its events are out of order (its key is below the line before)',
    },
    {
      what: 'a trailer whose node state is not one',
      text: at(9, (l) => trailer(l, (end) => (end['nodeStates'] = { ...(end['nodeStates'] as object), done: null }))),
      line: 10,
      message: 'the trailer\'s node state "done" is not {tokensProcessed, currentState, aggregates, lastUpdate}',
    },
    {
      what: 'a trailer whose events consumed are not a count',
      text: at(9, (l) => trailer(l, (end) => (end['eventsConsumed'] = -1))),
      line: 10,
      message: 'the trailer\'s "eventsConsumed" is not a count',
    },
    {
      what: 'a trailer whose unmoved FSMs are not a list of FSMs',
      text: at(9, (l) => trailer(l, (end) => (end['unmovedFsms'] = [{ nodeId: 'door' }]))),
      line: 10,
      message: 'the trailer\'s "unmovedFsms" are not a list of {nodeId, name, initialState}',
    },
    {
      what: 'a trailer whose sinks are not a list',
      text: at(9, (l) => l.replace('"sinks":["done"]', '"sinks":"done"')),
      line: 10,
      message: 'the trailer\'s "sinks" are not a list of node ids',
    },
  ];
}
