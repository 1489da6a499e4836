/**
 * The command line's argument reader (src/cli/args.ts). Issue 38, item 5: an option named like a
 * member of every object (`--constructor`, `--__proto__`) read Object's own members as its spec,
 * and ended as "given more than once" or an internal error instead of an unknown option.
 */
import { describe, expect, it } from 'vitest';
import { optionValue, parseArgs, UsageError } from '../../../src/cli/args';
import { cli } from './helpers';

const SPEC = { out: { kind: 'value' }, quick: { kind: 'switch' }, case: { kind: 'value', repeat: true } } as const;

describe('parseArgs', () => {
  it('reads values, repeated values and switches', () => {
    const args = parseArgs(['a.json', '--out', 'x', '--case=c1', '--case', 'c2', '--quick'], SPEC);
    expect(args.positionals).toEqual(['a.json']);
    expect(optionValue(args, 'out')).toBe('x');
    expect(args.values['case']).toEqual(['c1', 'c2']);
    expect([...args.switches]).toEqual(['quick']);
  });

  it('refuses options named like members of Object.prototype as unknown options', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(() => parseArgs([`--${name}`, 'x'], SPEC), name).toThrow(new UsageError(`unknown option --${name}`));
      expect(() => parseArgs([`--${name}=x`], SPEC), name).toThrow(new UsageError(`unknown option --${name}`));
    }
    expect(optionValue(parseArgs([], SPEC), 'constructor')).toBeUndefined();
  });

  it('exits 2 naming the unknown option on the command line', () => {
    for (const name of ['constructor', '__proto__']) {
      const r = cli('validate', `--${name}`, 'x');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`unknown option --${name}`);
    }
  });
});
