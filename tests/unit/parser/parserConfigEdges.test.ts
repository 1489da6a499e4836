// compileConfig's numeric bounds at their edges (the last accepted value and the first refused one,
// on both sides), with the exact sentence and path; the continuation switch and pattern; the group
// field's empty forms; and the tests for variable and placeholder tokens. Expected values by hand.
import { describe, expect, it } from 'vitest';
import { compileConfig, type ParserConfig } from '../../../src/parser';
import type { PresetLookup } from '../../../src/parser/formats/presets';
import { MAX_LIMIT } from '../../../src/parser/parserConfig';

const base: ParserConfig = { name: 't' };

function error(extra: object): { code: string; message: string; path?: string } | null {
  const r = compileConfig({ ...base, ...extra } as ParserConfig);
  return r.ok ? null : r.error;
}

describe('compileConfig: mining settings at their edges', () => {
  it.each([
    ['depth', 3, 32, [2, 33, 3.5], 'depth must be an integer from 3 to 32'],
    ['maxChildren', 2, 1000, [1, 2.5], 'maxChildren must be an integer of at least 2'],
    ['variableAfter', 2, 1000, [1, 2.5], 'variableAfter must be an integer of at least 2'],
    ['cache', 0, 1000, [-1, 0.5], 'cache must be a whole number (0 turns it off)'],
    ['similarity', 0, 1, [-0.01, 1.01], 'similarity must be a number from 0 to 1'],
    ['constantMaxValues', 1, 64, [0, 65, 2.5], 'constantMaxValues must be an integer from 1 to 64'],
    ['constantMinShare', 0, 1, [-0.01, 1.01], 'constantMinShare must be a number from 0 to 1'],
    ['constantMinLines', 1, 1000, [0, 1.5], 'constantMinLines must be an integer of at least 1'],
  ] as const)('%s: %d and %d are taken, %j refused', (key, low, high, bad, message) => {
    expect(error({ mining: { [key]: low } })).toBeNull();
    expect(error({ mining: { [key]: high } })).toBeNull();
    for (const b of bad)
      expect(error({ mining: { [key]: b } }), String(b)).toEqual({
        code: 'BAD_MINING',
        message,
        path: `/mining/${key}`,
      });
  });

  it('keeps the given settings and the defaults for the rest', () => {
    const r = compileConfig({ ...base, mining: { depth: 5, merge: false } });
    expect(r.ok && r.value.mining).toEqual({
      depth: 5,
      similarity: 0.8,
      maxChildren: 100,
      variableAfter: 5,
      constantMaxValues: 8,
      constantMinShare: 0.02,
      constantMinLines: 3,
      merge: false,
      cache: 4096,
    });
  });

  it('takes a setting given as undefined as not given: its default', () => {
    // As for `keepUnparsed` or `groupByField` (MiningConfig: every setting optional, with a default);
    // refused before with "merge must be true or false" at `/mining/merge`.
    const r = compileConfig({ ...base, mining: { depth: undefined, merge: undefined, cache: 7 } });
    expect(r.ok && r.value.mining).toEqual({
      depth: 4,
      similarity: 0.8,
      maxChildren: 100,
      variableAfter: 5,
      constantMaxValues: 8,
      constantMinShare: 0.02,
      constantMinLines: 3,
      merge: true,
      cache: 7,
    });
  });
});

describe('compileConfig: limits and counts at their edges', () => {
  it.each([
    ['lineLength', 1],
    ['continuationLines', 0],
    ['eventLength', 1],
  ] as const)('%s: from %d to MAX_LIMIT', (key, least) => {
    expect(error({ limits: { [key]: least } })).toBeNull();
    expect(error({ limits: { [key]: MAX_LIMIT } })).toBeNull();
    for (const b of [least - 1, MAX_LIMIT + 1, 1.5])
      expect(error({ limits: { [key]: b } }), String(b)).toEqual({
        code: 'BAD_CONFIG',
        message: `${key} must be a whole number from ${least} to ${MAX_LIMIT}`,
        path: `/limits/${key}`,
      });
  });

  it('keepUnparsed from 0, whole', () => {
    expect(error({ keepUnparsed: 0 })).toBeNull();
    for (const b of [-1, 0.5])
      expect(error({ keepUnparsed: b })).toEqual({
        code: 'BAD_CONFIG',
        message: 'keepUnparsed must be a whole number',
        path: '/keepUnparsed',
      });
    const r = compileConfig(base);
    expect(r.ok && r.value.keepUnparsed).toBe(20);
    expect(r.ok && r.value.limits).toEqual({ lineLength: 1_048_576, continuationLines: 1_000, eventLength: 1_048_576 });
  });

  it('takes a limit given as undefined as not given: its default', () => {
    const r = compileConfig({ ...base, limits: { lineLength: undefined, continuationLines: 3 } });
    expect(r.ok && r.value.limits).toEqual({ lineLength: 1_048_576, continuationLines: 3, eventLength: 1_048_576 });
  });
});

describe('compileConfig: continuation, group field, missing key', () => {
  it('continues lines by the default pattern unless switched off', () => {
    const on = compileConfig(base);
    expect(on.ok && on.value.continuation?.test('  at x')).toBe(true);
    expect(on.ok && on.value.continuation?.linear).toBe(false);
    const off = compileConfig({ ...base, continuation: { enabled: false } });
    expect(off.ok && off.value.continuation).toBeNull();
    const own = compileConfig({ ...base, continuation: { pattern: '^\\+' } });
    expect(own.ok && own.value.continuation?.linear).toBe(true);
    expect(own.ok && own.value.continuation?.test('+ more')).toBe(true);
  });

  it('refuses a continuation pattern that is empty, nested, or not one', () => {
    expect(error({ continuation: { pattern: '' } })).toEqual({
      code: 'BAD_REGEX',
      message: 'the continuation pattern must be a non-empty regular expression',
      path: '/continuation/pattern',
    });
    expect(error({ continuation: { pattern: '(' } })).toEqual({
      code: 'BAD_REGEX',
      message: 'the continuation pattern is not a valid regular expression: Unterminated group',
      path: '/continuation/pattern',
    });
    expect(error({ continuation: { pattern: 'x\\1' } })?.message).toMatch(
      /^the continuation pattern "x\\\\1": the backreference/,
    );
    const nested = error({ continuation: { pattern: '(a+)+' } });
    expect(nested?.message).toMatch(/^the continuation pattern "\(a\+\)\+": the group/);
    expect(nested).toMatchObject({ code: 'BAD_REGEX', path: '/continuation/pattern' });
  });

  it('takes no group field for undefined, null or empty, and "_ungrouped" as the default bucket', () => {
    for (const groupByField of [undefined, null, '']) {
      const r = compileConfig({ ...base, groupByField } as ParserConfig);
      expect(r.ok && r.value.groupBy).toBeNull();
    }
    const r = compileConfig({ ...base, groupByField: 'eventId' });
    expect(r.ok && r.value.groupBy).toEqual({ kind: 'builtin', name: 'eventId' });
    expect(r.ok && r.value.missingGroupKey).toBe('_ungrouped');
    const none = compileConfig({ ...base, missingGroupKey: null });
    expect(none.ok && none.value.missingGroupKey).toBeNull();
  });

  it('refuses a configuration that is not an object, and an unknown preset naming the known ones', () => {
    for (const c of [null, 'x', []])
      expect(compileConfig(c as unknown as ParserConfig)).toEqual({
        ok: false,
        error: { code: 'BAD_CONFIG', message: 'the configuration must be an object', path: '' },
      });
    const r = compileConfig({ ...base, format: { kind: 'preset', name: 'nope' } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('UNKNOWN_PRESET');
      expect(r.error.path).toBe('/format/name');
      expect(r.error.message).toMatch(/^no preset is named "nope" \(presets: [a-z-]+(, [a-z-]+)+\)$/);
    }
  });
});

describe('compileConfig: a preset of one’s own', () => {
  const presets: PresetLookup = {
    get: (name) =>
      name === 'mine'
        ? {
            description: 'test',
            format: { kind: 'format', pattern: '<Level> <Content>' },
            masks: [{ name: 'id', pattern: 'id\\d+' }],
            continuation: { pattern: '^\\+' },
          }
        : undefined,
    names: () => ['mine'],
  };

  it('takes its format, masks and continuation, the last trusted as its own', () => {
    const r = compileConfig({ ...base, format: { kind: 'preset', name: 'mine' } }, { presets });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.reader.fieldNames).toEqual(['Level']);
    expect(r.value.masks.masks[0]!.name).toBe('id');
    expect(r.value.continuation?.test('+ more')).toBe(true);
    expect(r.value.continuation?.linear).toBe(false);
  });

  it('lets the configuration’s own continuation win over the preset’s', () => {
    const r = compileConfig(
      { ...base, format: { kind: 'preset', name: 'mine' }, continuation: { enabled: false } },
      { presets },
    );
    expect(r.ok && r.value.continuation).toBeNull();
  });
});

describe('compileConfig: variable and placeholder tokens', () => {
  const tests = () => {
    const r = compileConfig(base);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  it('a token is variable when it has a digit or a mask placeholder', () => {
    const { isVariable } = tests();
    expect(isVariable('a1')).toBe(true);
    expect(isVariable('x<IP>')).toBe(true);
    expect(isVariable('word')).toBe(false);
    expect(isVariable('<b>')).toBe(false);
  });

  it('a placeholder token holds a mask placeholder, and needs its <', () => {
    const { isPlaceholder } = tests();
    expect(isPlaceholder('(<IP>)')).toBe(true);
    expect(isPlaceholder('<b>')).toBe(false);
    expect(isPlaceholder('IP')).toBe(false);
    expect(isPlaceholder('a1')).toBe(false);
  });

  it('with no masks at all, a token without < is no placeholder', () => {
    const bare = compileConfig({ ...base, masks: { useDefaults: false } });
    if (!bare.ok) throw new Error(bare.error.message);
    expect(bare.value.isPlaceholder('word')).toBe(false);
    expect(bare.value.isVariable('word')).toBe(false);
    expect(bare.value.isPlaceholder('<*>')).toBe(true);
  });
});
