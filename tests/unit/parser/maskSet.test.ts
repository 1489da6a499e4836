// Masks compiled one by one and as a set (masks.ts), checked directly: the order custom → preset →
// defaults, which engine each runs on, the refusals with their exact sentences, the quick hints of the
// built-ins, and writing placeholders as `<*>` for the benchmark. Expected values written by hand.
import { describe, expect, it } from 'vitest';
import { compileMask, compileMasks, DEFAULT_MASKS, wildcardTemplate, type MaskSet } from '../../../src/parser';
import type { MaskConfig, MaskSpec } from '../../../src/contract/parser';

function set(config?: MaskConfig, extra: MaskSpec[] = []): MaskSet {
  const r = compileMasks(config, extra);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const defaultPattern = (name: string) => DEFAULT_MASKS.find((d) => d.name === name)!.pattern;

describe('compileMasks', () => {
  it('orders custom masks, then a preset’s not named by a custom one, then the defaults not replaced or disabled', () => {
    const m = set({ custom: [{ name: 'a', pattern: 'x' }], disable: ['NUM', 'p'] }, [
      { name: 'a', pattern: 'y' },
      { name: 'p', pattern: 'z' },
    ]);
    const names = m.masks.map((x) => x.name);
    expect(names.slice(0, 2)).toEqual(['a', 'p']);
    expect(names.slice(2)).toEqual(DEFAULT_MASKS.map((d) => d.name).filter((n) => n !== 'NUM'));
    expect(m.apply('x y z 7')).toBe('<a> y <p> 7');
  });

  it('lists every placeholder after <*>', () => {
    const m = set({ useDefaults: false, custom: [{ name: 'a', pattern: 'x' }] }, [{ name: 'b', pattern: 'y' }]);
    expect([...m.placeholders]).toEqual(['<*>', '<a>', '<b>']);
  });

  it('refuses custom masks that are not a list, and a name defined twice by a preset', () => {
    expect(compileMasks({ custom: 'x' } as unknown as MaskConfig)).toEqual({
      ok: false,
      error: { code: 'BAD_MASK', message: 'custom must be a list of {name, pattern}', path: '/masks/custom' },
    });
    expect(
      compileMasks({ useDefaults: false }, [
        { name: 'p', pattern: 'y' },
        { name: 'p', pattern: 'z' },
      ]),
    ).toEqual({
      ok: true,
      value: expect.objectContaining({ masks: [expect.objectContaining({ name: 'p' })] }),
    });
  });

  it('captures the first text the named mask matches, before masking', () => {
    const m = set({ useDefaults: false, custom: [{ name: 'n', pattern: '\\d+' }] });
    expect(m.capture('n', 'a 12 b 3')).toBe('12');
    expect(m.capture('n', 'none')).toBeUndefined();
    expect(m.capture('other', 'a 12')).toBeUndefined();
  });

  it('applies the masks in order, each to what the ones before left', () => {
    const m = set({ custom: [{ name: 'w', pattern: 'host' }] });
    expect(m.apply('host 10.0.0.1')).toBe('<w> <IP>');
  });

  it('lets a later mask see a digit an earlier placeholder brought in, whether or not the line had one', () => {
    // `<wait-5s>` holds `5s`, which DURATION (a later default) matches: applied in order, it is masked
    // in both lines. The quick hints once missed it when the line held no digit of its own.
    const m = set({ custom: [{ name: 'wait-5s', pattern: 'soon' }] });
    expect(m.apply('ready soon')).toBe('ready <wait-<DURATION>>');
    expect(m.apply('ready soon x1')).toBe('ready <wait-<DURATION>> x1');
  });
});

describe('DEFAULT_MASKS', () => {
  it('cannot be changed by a caller: the list and each mask are frozen', () => {
    // Every parser shares the built-ins: a caller's change would reach every later parse.
    const masks = DEFAULT_MASKS as MaskSpec[];
    expect(() => masks.push({ name: 'X', pattern: 'x' })).toThrow(TypeError);
    expect(() => {
      (masks[0] as { pattern: string }).pattern = 'x';
    }).toThrow(TypeError);
    expect(DEFAULT_MASKS[0]!.name).toBe('URL');
    expect(DEFAULT_MASKS.every((m) => Object.isFrozen(m))).toBe(true);
  });
});

describe('compileMask', () => {
  const error = (spec: unknown) => {
    const r = compileMask(spec as MaskSpec, '/m');
    return r.ok ? null : r.error;
  };

  it('refuses with the exact sentence and path', () => {
    expect(error(null)).toEqual({ code: 'BAD_MASK', message: 'a mask is {name, pattern}', path: '/m' });
    expect(error({ name: 'a b', pattern: 'x' })).toEqual({
      code: 'BAD_MASK',
      message: 'mask name "a b" must be letters, digits, _ or - and start with a letter or _',
      path: '/m/name',
    });
    expect(error({ name: 'x', pattern: 'y', flags: 5 })).toEqual({
      code: 'BAD_MASK',
      message: 'mask "x": flags must be any of i, m, s, u',
      path: '/m/flags',
    });
    expect(error({ name: 'x', pattern: 'a|' })).toEqual({
      code: 'BAD_MASK',
      message: 'mask "x" matches the empty string, so it would insert placeholders everywhere',
      path: '/m/pattern',
    });
    expect(error({ name: 'x', pattern: 'a\\1' })?.message).toMatch(/^mask "x" "a\\\\1": the backreference/);
    expect(error({ name: 'x', pattern: '(' })?.message).toBe(
      'mask "x" is not a valid regular expression: Unterminated group',
    );
  });

  it('refuses a mask that is not an object (from a caller without types) as such, not for its name', () => {
    // A number or a text has no fields at all: the sentence is the one for null, at the mask's own path.
    const notAMask = { code: 'BAD_MASK', message: 'a mask is {name, pattern}', path: '/m' };
    expect(error(5)).toEqual(notAMask);
    expect(error('URL')).toEqual(notAMask);
  });

  it('takes names that start with a letter or _ and go on with letters, digits, _ or -', () => {
    for (const name of ['_a', 'a-b_9', 'Z']) expect(error({ name, pattern: 'x' }), name).toBeNull();
    for (const name of ['', '9a', '-a', 'a.b', 'a$', 7])
      expect(error({ name, pattern: 'x' }), String(name)).not.toBeNull();
  });

  it('runs a user’s mask on RE2 unless it is a default’s pattern word for word (URL and EMAIL stay on RE2)', () => {
    const linear = (spec: MaskSpec, trusted = false) => {
      const r = compileMask(spec, '/m', trusted);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.regex.linear;
    };
    expect(linear({ name: 'x', pattern: '\\d+' })).toBe(true);
    expect(linear({ name: 'x', pattern: '\\d+' }, true)).toBe(false);
    expect(linear({ name: 'x', pattern: defaultPattern('IP') })).toBe(false);
    expect(linear({ name: 'x', pattern: defaultPattern('URL') })).toBe(true);
    expect(linear({ name: 'x', pattern: defaultPattern('EMAIL') }, true)).toBe(true);
  });

  it('gives the quick hint only to a built-in with its own name and pattern', () => {
    const hint = (spec: MaskSpec) => {
      const r = compileMask(spec, '/m', true);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.hint !== undefined;
    };
    expect(hint({ name: 'IP', pattern: defaultPattern('IP') })).toBe(true);
    expect(hint({ name: 'IP', pattern: '\\d+\\.\\d+' })).toBe(false);
    expect(hint({ name: 'ip', pattern: defaultPattern('IP') })).toBe(false);
    // Another built-in's pattern under a built-in's name: URL's hint (needs ://) must not skip it.
    expect(hint({ name: 'URL', pattern: defaultPattern('NUM') })).toBe(false);
  });
});

describe('the built-ins’ hints at their edges', () => {
  const m = set();
  it.each([
    ['id 123e4567-e89b-12d3-a456-426614174000', 'id <UUID>'],
    ['at 1:2:3:4:5:6:7:8', 'at <IPV6>'],
    ['at 2024-01-02 10:00', 'at <DATETIME>'],
    ['at 10:00', 'at <TIME>'],
    ['mail a@b.io', 'mail <EMAIL>'],
    ['see http://x', 'see <URL>'],
    ['in /a/b', 'in <PATH>'],
    ['to a.b.com', 'to <HOST>'],
  ])('%j → %j', (input, output) => {
    expect(m.apply(input)).toBe(output);
  });
});

describe('wildcardTemplate', () => {
  const ph = new Set(['<*>', '<IP>', '<NUM>']);
  it.each([
    ['no placeholder', 'no placeholder'],
    ['from <IP> port <NUM>', 'from <*> port <*>'],
    ['<IP>', '<*>'],
    ['<b> and <IP>', '<b> and <*>'],
    ['<<IP>>', '<<*>>'],
    ['a <IP', 'a <IP'],
    ['a < b <NUM>', 'a < b <*>'],
    ['x <*> y', 'x <*> y'],
  ])('%j → %j', (template, out) => {
    expect(wildcardTemplate(template, ph)).toBe(out);
  });
});
