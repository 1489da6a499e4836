// Parser configuration types are checked with the schema (issue 21, item 9): a wrong type is an
// error value with its JSON path, never a TypeError and never silently misread. Failed before.
import { describe, expect, it } from 'vitest';
import { compileConfig, type ParserConfig } from '../../../src/parser';
import { cli, tempFiles } from '../cli/helpers';
import { join } from 'node:path';

function problem(config: unknown) {
  const r = compileConfig(config as ParserConfig);
  if (r.ok) throw new Error('expected a configuration error');
  return r.error;
}

describe('parser configuration types', () => {
  it('masks.disable as a number, an object or a text is refused at /masks/disable', () => {
    for (const disable of [5, { a: 1 }, 'URL']) {
      const e = problem({ name: 'x', masks: { disable } });
      expect(e.path).toBe('/masks/disable');
      expect(e.code).toBe('BAD_MASK');
      expect(e.message).toBe(`masks.disable must be a list of mask names; got ${JSON.stringify(disable)}`);
    }
    expect(problem({ name: 'x', masks: { disable: ['URL', 3] } }).path).toBe('/masks/disable/1');
  });

  it('answers a value nested too deeply to print with an error, not a stack overflow', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(problem({ name: 'x', masks: { disable: [deep] } })).toMatchObject({
      path: '/masks/disable/0',
      message: 'masks.disable.0 must be a mask name; got a list',
    });
  });

  it('names the path of a wrong type anywhere in the configuration', () => {
    expect(problem({ name: 'x', format: 'abc' })).toMatchObject({ path: '/format', code: 'BAD_FORMAT' });
    expect(problem({ name: 'x', format: { kind: 'format', pattern: 5 } }).path).toBe('/format/pattern');
    expect(problem({ name: 'x', masks: { custom: [{ name: 'a', pattern: 'b' }, 'c'] } }).path).toBe('/masks/custom/1');
    expect(problem({ name: 'x', continuation: { enabled: 'no' } })).toMatchObject({ path: '/continuation/enabled' });
    expect(problem({ name: 'x', mining: { merge: 1 } })).toMatchObject({ path: '/mining/merge', code: 'BAD_MINING' });
    expect(problem({ name: 'x', limits: { lineLength: '9' } })).toMatchObject({ path: '/limits/lineLength' });
    expect(problem({ name: 'x', sources: 'a.log' })).toMatchObject({ path: '/sources', code: 'BAD_CONFIG' });
  });

  it('the command line exits 2 naming the path, for masks.disable and for a format of the wrong type', () => {
    const dir = tempFiles({
      'a.log': 'INFO hello\n',
      'd.json': JSON.stringify({ name: 'x', masks: { disable: 5 } }),
      'f.json': JSON.stringify({ name: 'x', format: 'abc' }),
    });
    const disable = cli('parse', join(dir, 'a.log'), '--config', join(dir, 'd.json'), '--format', '<Level> <Content>');
    expect(disable.code).toBe(2);
    expect(disable.stderr).toContain('masks.disable must be a list of mask names; got 5 (config /masks/disable)');
    const format = cli('parse', join(dir, 'a.log'), '--config', join(dir, 'f.json'));
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('(config /format)');
  });
});
