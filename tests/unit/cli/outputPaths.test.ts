/**
 * Issue 21, items 10 and 12. `parse --out` on a full disk exited 1 with a stack trace; every write
 * path now says `cannot write PATH: REASON` with exit 2 (tried on /dev/full, directly and through a
 * link: a device is written in place, never replaced by a rename). An output naming an input, or
 * another output, destroyed it (`run X.json --ledger X.json`, `parse a.log --out a.log`); every
 * output path is now checked against every input and every other output — through links, other
 * spellings and hard links — and refused with exit 2 naming both, before anything is written.
 */
import { existsSync, linkSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempFiles } from './helpers';

const LOG = 'hello world\nhello there\n';
const SCENARIO = JSON.stringify({
  version: '3.0',
  nodes: [
    { nodeId: 's', type: 'DataSource', count: 2, outputs: [{ destinationNodeId: 'k' }] },
    { nodeId: 'k', type: 'Sink' },
  ],
});
const linux = existsSync('/dev/full');

describe('a full disk is "cannot write", exit 2', () => {
  it.runIf(linux)('parse --out, --structured and --templates on /dev/full', () => {
    const dir = tempFiles({ 'a.log': LOG });
    for (const option of ['--out', '--structured', '--templates']) {
      const r = cli('parse', join(dir, 'a.log'), '--format', '<Content>', option, '/dev/full');
      expect(r.code, `${option}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toBe('flowledger parse: cannot write /dev/full: no space left on the device\n');
    }
  });

  it.runIf(linux)('parse --out through a link to /dev/full (the link is followed, not replaced)', () => {
    const dir = tempFiles({ 'a.log': LOG });
    symlinkSync('/dev/full', join(dir, 'out.ndjson'));
    const out = join(dir, 'out.ndjson');
    const r = cli('parse', join(dir, 'a.log'), '--format', '<Content>', '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`flowledger parse: cannot write ${out}: no space left on the device\n`);
    expect(readdirSync(dir).sort()).toEqual(['a.log', 'out.ndjson']);
  });

  it.runIf(linux)('run --ledger on /dev/full', () => {
    const dir = tempFiles({ 't.json': SCENARIO });
    const r = cli('run', join(dir, 't.json'), '--ledger', '/dev/full');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('flowledger run: cannot write /dev/full: no space left on the device\n');
  });
});

describe('an output never lands on an input or another output', () => {
  it('run X.json --ledger X.json is refused and the scenario kept', () => {
    const dir = tempFiles({ 'x.json': SCENARIO });
    const r = cli('run', join(dir, 'x.json'), '--ledger', join(dir, 'x.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `flowledger run: --ledger ${join(dir, 'x.json')} is the same file as the scenario ${join(dir, 'x.json')}: writing it would destroy the input; write the output elsewhere\n`,
    );
    expect(readFileSync(join(dir, 'x.json'), 'utf8')).toBe(SCENARIO);
  });

  it('run --ledger onto --events through another spelling, and onto a hard link of the scenario', () => {
    const dir = tempFiles({ 'x.json': SCENARIO, 'e.ndjson': '{"targetDataSourceId":"s","value":1}\n' });
    linkSync(join(dir, 'x.json'), join(dir, 'hard.json'));
    const viaDots = join(dir, '..', dir.split('/').pop()!, 'e.ndjson');
    const r1 = cli('run', join(dir, 'x.json'), '--events', join(dir, 'e.ndjson'), '--ledger', viaDots);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toContain(`--ledger ${viaDots} is the same file as --events ${join(dir, 'e.ndjson')}`);
    const r2 = cli('run', join(dir, 'x.json'), '--ledger', join(dir, 'hard.json'));
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain('is the same file as the scenario');
    expect(readFileSync(join(dir, 'x.json'), 'utf8')).toBe(SCENARIO);
  });

  it('parse a.log --out a.log, and --out/--structured/--templates naming one file, are refused before writing', () => {
    const dir = tempFiles({ 'a.log': LOG, 'keep.csv': 'kept\n' });
    const log = join(dir, 'a.log');
    const r1 = cli('parse', log, '--format', '<Content>', '--out', log);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toBe(
      `flowledger parse: --out ${log} is the same file as the log ${log}: writing it would destroy the input; write the output elsewhere\n`,
    );
    expect(readFileSync(log, 'utf8')).toBe(LOG);

    symlinkSync(join(dir, 'keep.csv'), join(dir, 'link.csv'));
    const keep = join(dir, 'keep.csv');
    const r2 = cli('parse', log, '--format', '<Content>', '--structured', keep, '--templates', join(dir, 'link.csv'));
    expect(r2.code).toBe(2);
    expect(r2.stderr).toBe(
      `flowledger parse: --templates ${join(dir, 'link.csv')} is the same file as --structured ${keep}: one would overwrite the other; give each output its own path\n`,
    );
    expect(readFileSync(keep, 'utf8')).toBe('kept\n');
    expect(readdirSync(dir).sort()).toEqual(['a.log', 'keep.csv', 'link.csv']);
  });

  // Issue 38, item 2: discover and export-xes compared the paths' text only, so a link onto the
  // events file (or two outputs that were one file) lost data with exit 0. Every command that
  // writes files now makes the one check (samePaths.ts) before writing anything.
  it('every output of every command, given as a link to an input, is refused and the input kept', () => {
    const EVENTS = '{"targetDataSourceId":"s","correlationId":"c1","event":"a"}\n';
    const dir = tempFiles({ 'x.json': SCENARIO, 'e.ndjson': EVENTS, 'a.log': LOG, 's.ndjson': 'shard\n' });
    const at = (name: string): string => join(dir, name);
    const inputs: Record<string, string> = {
      'x.json': SCENARIO,
      'e.ndjson': EVENTS,
      'a.log': LOG,
      's.ndjson': 'shard\n',
    };
    const cases: Array<[string, string[], string, string]> = [
      // [command, its arguments before the output, the output option, the input it links to]
      ['run', [at('x.json')], '--ledger', 'x.json'],
      ['run', [at('x.json'), '--events', at('e.ndjson'), '--shard', '0/2'], '--ledger', 'e.ndjson'],
      ['run', [at('x.json'), '--events', at('e.ndjson'), '--workers', '2'], '--ledger', 'x.json'],
      ['merge', [at('s.ndjson')], '--out', 's.ndjson'],
      ['parse', [at('a.log'), '--format', '<Content>'], '--out', 'a.log'],
      ['parse', [at('a.log'), '--format', '<Content>'], '--structured', 'a.log'],
      ['parse', [at('a.log'), '--format', '<Content>'], '--templates', 'a.log'],
      ['discover', [at('e.ndjson')], '--dfg', 'e.ndjson'],
      ['discover', [at('e.ndjson')], '--out', 'e.ndjson'],
      ['export-xes', [at('e.ndjson')], '--out', 'e.ndjson'],
      ['export-xes', [at('e.ndjson')], '--ocel', 'e.ndjson'],
      ['experiment', [at('x.json'), '--replications', '2', '--shard', '0/2'], '--out', 'x.json'],
      [
        'experiment',
        [at('x.json'), '--replications', '2', '--vs', at('e.ndjson'), '--shard', '1/2'],
        '--out',
        'e.ndjson',
      ],
    ];
    for (const [i, [command, args, option, input]] of cases.entries()) {
      const link = at(`link-${i}`);
      symlinkSync(at(input), link);
      const r = cli(command, ...args, option, link);
      const what = `${command} ${option}: ${r.stderr}`;
      expect(r.code, what).toBe(2);
      expect(r.stderr, what).toMatch(
        new RegExp(
          `^flowledger ${command}: ${option} \\S+ is the same file as .*${input.replace('.', '\\.')}: writing it would destroy the input; write the output elsewhere\n$`,
        ),
      );
      for (const [name, text] of Object.entries(inputs)) expect(readFileSync(at(name), 'utf8'), what).toBe(text);
      expect(
        readdirSync(dir)
          .filter((f) => !f.startsWith('link-'))
          .sort(),
        what,
      ).toEqual(Object.keys(inputs).sort());
    }
  });

  it('discover and export-xes refuse two outputs that are one file, through a link or a hard link', () => {
    const EVENTS = '{"targetDataSourceId":"s","correlationId":"c1","event":"a"}\n';
    const dir = tempFiles({ 'e.ndjson': EVENTS, 'kept.json': 'kept\n' });
    const at = (name: string): string => join(dir, name);
    symlinkSync(at('kept.json'), at('soft.json'));
    linkSync(at('kept.json'), at('hard.json'));
    const r1 = cli('discover', at('e.ndjson'), '--dfg', at('kept.json'), '--out', at('soft.json'));
    expect(r1.code).toBe(2);
    expect(r1.stderr).toBe(
      `flowledger discover: --out ${at('soft.json')} is the same file as --dfg ${at('kept.json')}: one would overwrite the other; give each output its own path\n`,
    );
    const r2 = cli('export-xes', at('e.ndjson'), '--out', at('kept.json'), '--ocel', at('hard.json'));
    expect(r2.code).toBe(2);
    expect(r2.stderr).toBe(
      `flowledger export-xes: --ocel ${at('hard.json')} is the same file as --out ${at('kept.json')}: one would overwrite the other; give each output its own path\n`,
    );
    expect(readFileSync(at('kept.json'), 'utf8')).toBe('kept\n');
    expect(readFileSync(at('e.ndjson'), 'utf8')).toBe(EVENTS);
    expect(readdirSync(dir).sort()).toEqual(['e.ndjson', 'hard.json', 'kept.json', 'soft.json']);
  });

  it.runIf(linux)('devices may be named more than once', () => {
    const dir = tempFiles({ 'a.log': LOG });
    const r = cli(
      'parse',
      join(dir, 'a.log'),
      '--format',
      '<Content>',
      '--out',
      '/dev/null',
      '--structured',
      '/dev/null',
    );
    expect(r.code, r.stderr).toBe(0);
  });
});
