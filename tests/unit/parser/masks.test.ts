import { describe, expect, it } from 'vitest';
import { compileConfig, compileMasks, DEFAULT_MASKS, type MaskConfig, type MaskSet } from '../../../src/parser';
import { catastrophicReason } from '../../../src/parser/regex/regexGuard';

function masks(config?: MaskConfig): MaskSet {
  const r = compileMasks(config);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('default masks', () => {
  const m = masks();

  it.each([
    ['Connection from 10.0.0.1:8080 closed', 'Connection from <IP> closed'],
    ['peer [173.234.31.186] failed', 'peer [<IP>] failed'],
    ['rhost=1.2.3.4', 'rhost=<IP>'],
    ['via fe80::1ff:fe23:4567:890a now', 'via <IPV6> now'],
    ['via 2001:db8:85a3:0:0:8a2e:370:7334', 'via <IPV6>'],
    ['id 123e4567-e89b-12d3-a456-426614174000 done', 'id <UUID> done'],
    ['at 0x7fff5fbff8a8 and deadbeef00112233', 'at <HEX> and <HEX>'],
    ['read /var/log/syslog twice', 'read <PATH> twice'],
    ['mail bob.smith@example.com', 'mail <EMAIL>'],
    ['GET https://example.com/a?b=1 ok', 'GET <URL> ok'],
    ['to api.github.com:443 and proxy.cse.cuhk.edu.hk', 'to <HOST> and <HOST>'],
    ['at 2024-01-02T10:00:00.123Z', 'at <DATETIME>'],
    ['at 06:55:46 and 12:30', 'at <TIME> and <TIME>'],
    ['sent 303 bytes (0.1 KB), 2GB', 'sent <SIZE> (<SIZE>), <SIZE>'],
    ['took 5 ms, lifetime <1 sec, 3 hours', 'took <DURATION>, lifetime <<DURATION>, <DURATION>'],
    ['took 42 steps, -7 and 3.14; count=5.', 'took <NUM> steps, <NUM> and <NUM>; count=<NUM>.'],
  ])('%j → %j', (input, output) => {
    expect(m.apply(input)).toBe(output);
  });

  it.each([
    'ssh2 jk2_init() workers2.properties',
    'java.io.IOException: com.jcraft.jsch.JSchException',
    'app.conf and /tmp and v1.2.3',
    'blk_-6952295868487656571 user_42',
    'deadbeef cafe 1234567890abcdeX',
  ])('leaves words and versions alone: %j', (input) => {
    expect(m.apply(input).includes('<')).toBe(input.includes('<'));
  });

  it('lists every placeholder, and <*>', () => {
    expect([...m.placeholders]).toEqual(['<*>', ...DEFAULT_MASKS.map((d) => `<${d.name}>`)]);
  });

  it('captures the first text a mask matches, before masking', () => {
    expect(m.capture('IP', 'from 10.0.0.1 to 10.0.0.2')).toBe('10.0.0.1');
    expect(m.capture('IP', 'no address')).toBeUndefined();
    expect(m.capture('nope', 'x')).toBeUndefined();
  });
});

describe('configured masks', () => {
  it('run before the defaults, so a specific one wins over NUM', () => {
    const m = masks({ custom: [{ name: 'blk', pattern: 'blk_-?\\d+' }] });
    expect(m.apply('Deleting block blk_-123 file 7')).toBe('Deleting block <blk> file <NUM>');
  });

  it('replace a default of the same name', () => {
    const m = masks({ custom: [{ name: 'IP', pattern: '\\d+\\.\\d+\\.\\d+\\.\\d+' }] });
    expect(m.masks.filter((x) => x.name === 'IP')).toHaveLength(1);
    expect(m.apply('at 1.2.3.4:80')).toBe('at <IP>:<NUM>');
  });

  it('can disable defaults or leave them all out', () => {
    expect(masks({ disable: ['NUM'] }).apply('port 22')).toBe('port 22');
    expect(masks({ useDefaults: false }).masks).toEqual([]);
    expect(masks({ useDefaults: false, custom: [{ name: 'n', pattern: '\\d+' }] }).apply('a 1 b 22')).toBe(
      'a <n> b <n>',
    );
  });

  it('take flags and odd names literally ($ in a replacement is not special)', () => {
    const m = masks({ useDefaults: false, custom: [{ name: 'user-id', pattern: 'USER\\d+', flags: 'i' }] });
    expect(m.apply('user7 and User8')).toBe('<user-id> and <user-id>');
  });

  it.each([
    [{ custom: [{ name: '1x', pattern: 'a' }] }, '/masks/custom/0/name', 'must be letters'],
    [{ custom: [{ name: 'x', pattern: '(' }] }, '/masks/custom/0/pattern', 'not a valid regular expression'],
    [{ custom: [{ name: 'x', pattern: 'a*' }] }, '/masks/custom/0/pattern', 'matches the empty string'],
    [{ custom: [{ name: 'x', pattern: '' }] }, '/masks/custom/0/pattern', 'has no pattern'],
    [{ custom: [{ name: 'x', pattern: 'a', flags: 'g' }] }, '/masks/custom/0/flags', 'flags'],
    [
      {
        custom: [
          { name: 'x', pattern: 'a' },
          { name: 'x', pattern: 'b' },
        ],
      },
      '/masks/custom/1/name',
      'defined twice',
    ],
  ])('reject a bad mask: %j', (config, path, reason) => {
    const r = compileMasks(config as MaskConfig);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BAD_MASK');
      expect(r.error.path).toBe(path);
      expect(r.error.message).toContain(reason);
    }
  });
});

describe('catastrophic backtracking (issue 10, item 3)', () => {
  const evil = '(a+)+$';
  const line = `${'a'.repeat(40)}!`;

  it('refuses `(a+)+$` in a mask, the format regex, an event rule and the continuation, naming it', () => {
    const mask = compileConfig({
      name: 'x',
      format: { kind: 'format', pattern: '<Content>' },
      masks: { custom: [{ name: 'evil', pattern: evil }] },
    });
    expect(mask.ok).toBe(false);
    if (!mask.ok) expect(mask.error.message).toContain('(a+)+');
    const format = compileConfig({ name: 'x', format: { kind: 'regex', pattern: `(?<Content>${evil})` } });
    expect(format.ok).toBe(false);
    if (!format.ok) expect(format.error.message).toContain('(a+)+');
    const cont = compileConfig({
      name: 'x',
      format: { kind: 'format', pattern: '<Content>' },
      continuation: { enabled: true, pattern: evil },
    });
    expect(cont.ok).toBe(false);
    if (!cont.ok) expect(cont.error.message).toContain('(a+)+');
    const rules = compileConfig({
      name: 'x',
      format: { kind: 'format', pattern: '<Content>' },
      mapping: { eventRules: [{ pattern: evil, event: 'x' }] },
    });
    expect(rules.ok).toBe(false);
    if (!rules.ok) expect(rules.error.message).toContain('(a+)+');
  });

  it('keeps safe patterns, and the guard names nested repeats only', () => {
    expect(catastrophicReason(evil)).toContain('(a+)+');
    expect(catastrophicReason('(\\w*\\s?)*x')).not.toBeNull();
    expect(catastrophicReason('(?:x|y+){2,}')).not.toBeNull();
    expect(catastrophicReason('(?<w>a+)+')).not.toBeNull();
    expect(catastrophicReason('(?:a+)*')).not.toBeNull();
    for (const safe of [
      String.raw`((\d+\.){3}\d+,?)+`,
      'a+b*',
      '(ab)+',
      '(a+){2}',
      '[(+]+',
      '\\(a+\\)+',
      '(?<Content>.*)',
      '^\\s+at ',
      '(\\d{1,3}\\.){3}\\d{1,3}',
    ])
      expect(catastrophicReason(safe), safe).toBeNull();
    // The safe form of the same language answers at once on the adversarial line.
    expect(/a+$/.test(line)).toBe(false);
  });
});
