import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM,
  checkMaskName,
  checkRegex,
  configToForm,
  dataSourcesOf,
  firstLines,
  formToConfig,
  formatBytes,
  formatDuration,
  groupsLargestFirst,
  lineCount,
  moveItem,
  progressFigures,
  templateRows,
} from '../../../src/ui/state/ingest/form';
import { detectPresets, preview } from '../../../src/worker/parsing/ingestOps';

const seeded = JSON.parse(readFileSync('public/parser/configs/openssh-sessions.json', 'utf8'));
const ssh = readFileSync('public/parser/sources/openssh-2k.log', 'utf8');

describe('ingestion form ↔ configuration', () => {
  it('round-trips the seeded configuration without losing what the form does not show', () => {
    const body = formToConfig(configToForm(seeded), ['openssh-2k'], seeded);
    expect(body.format).toEqual({ kind: 'preset', name: 'openssh' });
    expect(body.groupByField).toBe('Pid');
    expect(body.mapping?.targetDataSourceId).toBe('sshLog');
    expect(body.mapping?.include).toEqual(seeded.mapping.include);
    expect(body.mapping?.eventRules).toEqual(seeded.mapping.eventRules);
    expect(body.description).toBe(seeded.description);
  });

  it('writes masks in order and drops empty event rules', () => {
    const form = {
      ...EMPTY_FORM,
      formatKind: 'regex' as const,
      pattern: '^(?<Content>.*)$',
      masks: [
        { name: 'a', pattern: 'x+' },
        { name: 'b', pattern: 'y+' },
      ],
      rules: [
        { pattern: 'boom', event: 'fail', on: 'template' as const },
        { pattern: '', event: 'none', on: 'content' as const },
      ],
    };
    const body = formToConfig(form, []);
    expect(body.format).toEqual({ kind: 'regex', pattern: '^(?<Content>.*)$' });
    expect(body.masks?.custom?.map((m) => m.name)).toEqual(['a', 'b']);
    expect(body.mapping?.eventRules).toEqual([{ pattern: 'boom', event: 'fail', on: 'template' }]);
  });
});

describe('checks as typed', () => {
  it('refuses broken, empty-matching and unnamed patterns', () => {
    expect(checkRegex('user (')).toMatch(/Not a valid regular expression/);
    expect(checkRegex('x*', { mask: true })).toMatch(/empty string/);
    expect(checkRegex('x*')).toBeNull();
    expect(checkRegex('^(\\S+) (.*)$', { named: true })).toMatch(/Name the fields/);
    expect(checkRegex('^(?<Content>.*)$', { named: true })).toBeNull();
    expect(checkMaskName('1abc')).not.toBeNull();
    expect(checkMaskName('blk_id')).toBeNull();
  });
});

describe('tables and figures', () => {
  const rows = [
    { eventId: 'E2', template: 'b <*>', occurrences: 5 },
    { eventId: 'E10', template: 'a x', occurrences: 5 },
    { eventId: 'E1', template: 'c', occurrences: 9 },
  ];
  it('sorts templates by count, id (numerically) and text, and filters', () => {
    expect(templateRows(rows, '', { key: 'occurrences', dir: 'desc' }).map((r) => r.eventId)).toEqual([
      'E1',
      'E2',
      'E10',
    ]);
    expect(templateRows(rows, '', { key: 'eventId', dir: 'asc' }).map((r) => r.eventId)).toEqual(['E1', 'E2', 'E10']);
    expect(templateRows(rows, '', { key: 'template', dir: 'asc' }).map((r) => r.eventId)).toEqual(['E10', 'E2', 'E1']);
    expect(templateRows(rows, 'A X', { key: 'eventId', dir: 'asc' }).map((r) => r.eventId)).toEqual(['E10']);
  });
  it('puts the largest groups first', () => {
    const g = groupsLargestFirst([
      { key: 'a', count: 1, firstLine: 1 },
      { key: 'b', count: 3, firstLine: 9 },
      { key: 'c', count: 3, firstLine: 2 },
    ]);
    expect(g.map((x) => x.key)).toEqual(['c', 'b', 'a']);
  });
  it('moves, cuts lines and counts them', () => {
    expect(moveItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 2, -5)).toEqual([3, 1, 2]);
    expect(firstLines('a\nb\nc', 2)).toBe('a\nb\n');
    expect(firstLines('a\nb', 5)).toBe('a\nb');
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('')).toBe(0);
  });
  it('computes rate and time left', () => {
    const f = progressFigures(50, 200, 1000);
    expect(f.fraction).toBe(0.25);
    expect(f.rate).toBe(50);
    expect(f.secondsLeft).toBe(3);
    expect(progressFigures(0, 100, 0).secondsLeft).toBeNull();
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
    expect(formatDuration(65)).toBe('1 min 05 s');
  });
  it('finds the DataSources of a scenario', () => {
    const scenario = JSON.parse(readFileSync('examples/ssh-log-sessions.json', 'utf8'));
    expect(dataSourcesOf(scenario.scenario)).toEqual(['sshLog']);
  });
});

describe('worker operations', () => {
  it('detects the OpenSSH preset on the bundled sample', () => {
    const best = detectPresets(firstLines(ssh, 300))[0]!;
    expect(best.name).toBe('openssh');
    expect(best.rate).toBe(1);
  });
  it('previews the whole sample with the counts the CLI gives for the seeded configuration', () => {
    const a = preview(ssh, seeded);
    if (!a.ok) throw new Error(a.message);
    // The command line on the same file and configuration (its bundle is built before the tests).
    const cli = JSON.parse(
      execFileSync(
        'node',
        [
          'bin/flowledger.mjs',
          'parse',
          'public/parser/sources/openssh-2k.log',
          '--config',
          'public/parser/configs/openssh-sessions.json',
        ],
        { encoding: 'utf8' },
      ),
    );
    const { lines, parsed, unparsed, templates, groups } = cli;
    expect(a.stats).toMatchObject({ lines, parsed, unparsed, templates, groups });
    expect(a.stats).toMatchObject({ lines: 2000, parsed: 2000, unparsed: 0, groups: 519 });
  });
  it('returns a bad mask as a message with its place', () => {
    const a = preview('x\n', { name: 'bad', masks: { custom: [{ name: 'm', pattern: '(' }] } });
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.path).toMatch(/masks/);
  });
});
