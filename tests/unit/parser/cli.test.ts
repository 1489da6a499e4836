import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupingAccuracy } from '../../../src/bench/parser';
import { readCsv } from '../../../src/parser';
import { cli, tempFiles } from '../cli/helpers';
import { FIXTURES, fixture } from './helpers';

const SSH = `${FIXTURES}OpenSSH/OpenSSH_200.log`;

describe('flowledger parse', () => {
  it('prints the stats and writes the structured CSV, events and templates', () => {
    const dir = tempFiles({});
    const out = (f: string) => join(dir, f);
    const r = cli(
      'parse',
      SSH,
      '--preset',
      'openssh',
      '--group-by',
      'Pid',
      '--target',
      'ssh',
      '--structured',
      out('s.csv'),
      '--out',
      out('e.ndjson'),
      '--templates',
      out('t.csv'),
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const stats = JSON.parse(r.stdout);
    // 21 templates, as many as the slice's ground truth has (`Failed password for <*> …` is one event).
    expect(stats).toMatchObject({ lines: 200, parsed: 200, unparsed: 0, templates: 21, continued: 0, blank: 0 });
    expect(typeof stats.ms).toBe('number');

    const rows = readCsv(readFileSync(out('s.csv'), 'utf8'));
    expect(rows[0]).toEqual([
      'LineId',
      'Date',
      'Day',
      'Time',
      'Component',
      'Pid',
      'Content',
      'EventId',
      'EventTemplate',
    ]);
    expect(rows).toHaveLength(201);
    const truth = readCsv(fixture('OpenSSH/OpenSSH_200.log_structured_corrected.csv')).slice(1);
    expect(
      groupingAccuracy(
        rows.slice(1).map((row) => row[7]!),
        truth.map((row) => row[7]!),
      ),
    ).toBeGreaterThanOrEqual(0.95);

    const events = readFileSync(out('e.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events).toHaveLength(200);
    expect(events[0]).toMatchObject({
      targetDataSourceId: 'ssh',
      correlationId: events[0].Pid,
      event: events[0].eventId,
      lineId: 1,
    });
    expect(new Set(events.map((e) => e.correlationId)).size).toBe(stats.groups);
    expect(readFileSync(out('t.csv'), 'utf8').split('\r\n')[0]).toBe('EventId,EventTemplate,Occurrences');
  });

  it('reads several files as one stream, reports unparsed lines with their numbers', () => {
    const dir = tempFiles({ 'a.log': 'INFO one 1\nINFO two 2', 'b.log': 'junk\nINFO one 3\n' });
    const r = cli(
      'parse',
      join(dir, 'a.log'),
      join(dir, 'b.log'),
      '--regex',
      '^(?<Level>[A-Z]+) (?<Content>.*)$',
      '--mask',
      'n=\\d+',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ lines: 4, parsed: 3, unparsed: 1, templates: 2 });
    expect(r.stderr).toContain('1 line(s) did not match the format');
    expect(r.stderr).toContain('line 3: junk');
  });

  it.each([
    [[], 'no format given'],
    [['--preset', 'nope'], 'no preset is named "nope"'],
    [['--regex', '(?<Content>['], 'not a valid regular expression'],
    [['--format', '<Date> <Level>'], 'no <Content> field'],
    [['--preset', 'hdfs', '--format', '<Content>'], 'give one of --format, --regex, --preset'],
    [['--preset', 'openssh', '--mask', 'oops'], 'must be NAME=REGEX'],
    [['--preset', 'openssh', '--group-by', 'Nope'], '"Nope" is not a field'],
  ])('exits 2 with a clear message for %j', (args, message) => {
    const r = cli('parse', SSH, ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toContain('    at ');
  });

  it('exits 2 for a missing file or no file', () => {
    const missing = cli('parse', '/no/such/file.log', '--preset', 'hdfs');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read /no/such/file.log: no such file');
    expect(cli('parse', '--preset', 'hdfs').code).toBe(2);
  });
});
