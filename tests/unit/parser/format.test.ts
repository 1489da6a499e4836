import { describe, expect, it } from 'vitest';
import {
  BUILTIN_PRESETS,
  compileConfig,
  compileFormat,
  createPresetRegistry,
  formatToRegexSource,
  parseLog,
  type FormatSpec,
  type LineReader,
} from '../../../src/parser';
import { fixture, parsed, withFormat } from './helpers';

function reader(spec: Exclude<FormatSpec, { kind: 'preset' }>): LineReader {
  const r = compileFormat(spec);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function fields(r: LineReader, line: string): { fields: Record<string, string>; content: string } | null {
  const m = r.read(line);
  if (m === null) return null;
  return { fields: Object.fromEntries(m.names.map((n, i) => [n, m.values[i]!])), content: m.content };
}

describe('benchmark format strings', () => {
  it('splits a line into the fields in angle brackets and the content', () => {
    const r = reader({ kind: 'format', pattern: '<Date> <Time> <Level> <Component>: <Content>' });
    expect(r.fieldNames).toEqual(['Date', 'Time', 'Level', 'Component']);
    expect(fields(r, '2024-01-01 10:00:00 INFO app.Main: started in 5 ms')).toEqual({
      fields: { Date: '2024-01-01', Time: '10:00:00', Level: 'INFO', Component: 'app.Main' },
      content: 'started in 5 ms',
    });
  });

  it('lets a run of spaces match any whitespace', () => {
    const r = reader({ kind: 'format', pattern: '<Date>  <Level> <Content>' });
    expect(fields(r, 'Mon\t\t  WARN   disk full')).toEqual({
      fields: { Date: 'Mon', Level: 'WARN' },
      content: 'disk full',
    });
  });

  it('reads the text between fields as a regular-expression fragment: literal brackets', () => {
    const r = reader({ kind: 'format', pattern: String.raw`\[<Time>\] \[<Level>\] <Content>` });
    expect(fields(r, '[Sun Dec 04 04:47:44 2005] [notice] workerEnv.init() ok')).toEqual({
      fields: { Time: 'Sun Dec 04 04:47:44 2005', Level: 'notice' },
      content: 'workerEnv.init() ok',
    });
  });

  it('reads an optional part', () => {
    const r = reader({ kind: 'format', pattern: String.raw`<Host> <Program>(\[<PID>\])?: <Content>` });
    expect(fields(r, 'box sshd[42]: hello')).toEqual({
      fields: { Host: 'box', Program: 'sshd', PID: '42' },
      content: 'hello',
    });
    expect(fields(r, 'box cron: hi there')).toEqual({
      fields: { Host: 'box', Program: 'cron', PID: '' },
      content: 'hi there',
    });
  });

  it('rejects a line that does not fit, and an indented line (header fields hold text)', () => {
    const r = reader({ kind: 'format', pattern: '<Date> <Time> <Level> <Content>' });
    expect(r.read('just two')).toBeNull();
    expect(r.read('    at com.example.Job.run(Job.java:42)')).toBeNull();
  });

  it('turns away a long line that does not fit without trying every way to cut it', () => {
    // Lazy fields separated only by spaces would backtrack polynomially (degree = fields) here.
    const r = reader({ kind: 'format', pattern: '<Date> <Time> <Pid> <Level> <Component>: <Content>' });
    expect(r.read(Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' '))).toBeNull();
  });

  it('builds an anchored regex with lazy groups (one-word fields where only spaces follow)', () => {
    expect(formatToRegexSource('<A> <B>: <Content>').source).toBe(
      String.raw`^(?<_0>\S+)\s+(?<_1>\S(?:.*?\S)??)\s*:\s+(?<_2>.*?)$`,
    );
    const { source, fields: names } = formatToRegexSource('<A> - <Content>');
    expect(names).toEqual(['A', 'Content']);
    expect(source).toBe(String.raw`^(?<_0>\S(?:.*?\S)??)\s+-\s+(?<_1>.*?)$`);
  });

  it('ends a one-character field at its bracket: `[-]` does not run on to a later `] `', () => {
    const r = reader({ kind: 'format', pattern: String.raw`<Pid> <Level> <Component> \[<ADDR>\] <Content>` });
    expect(fields(r, '2931 INFO nova.virt.driver [-] [instance: b9] Instance spawned.')).toEqual({
      fields: { Pid: '2931', Level: 'INFO', Component: 'nova.virt.driver', ADDR: '-' },
      content: '[instance: b9] Instance spawned.',
    });
  });

  it('lets spaces stand between a field and the text after it', () => {
    const r = reader({ kind: 'format', pattern: String.raw`<Location> <Component>(\[<PID>\])?: <Content>` });
    expect(fields(r, 'local@tbird-admin1 scsi0 : LSI Logic MegaRAID driver')).toEqual({
      fields: { Location: 'local@tbird-admin1', Component: 'scsi0', PID: '' },
      content: 'LSI Logic MegaRAID driver',
    });
    expect(fields(r, 'dn228/dn228 crond[2915]: session closed')?.fields).toMatchObject({
      Component: 'crond',
      PID: '2915',
    });
  });

  it.each([
    ['', 'the format is empty'],
    ['no fields at all', 'has no <Field>'],
    ['<Date> <Level>', 'has no <Content> field'],
    ['<A> <A> <Content>', 'the field <A> appears twice'],
    ['< > <Content>', 'a field name is empty'],
    ['<Time> (unclosed <Content>', 'is not a valid regular expression: Unterminated group'],
  ])('rejects the format %j with a reason', (pattern, reason) => {
    const r = compileFormat({ kind: 'format', pattern });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BAD_FORMAT');
      expect(r.error.path).toBe('/format/pattern');
      expect(r.error.message).toContain(reason);
    }
  });
});

describe('regex formats', () => {
  it('uses the named groups as fields and Content (or content, message, msg) as the message', () => {
    const r = reader({ kind: 'regex', pattern: String.raw`^(?<ts>\S+) (?<lvl>[A-Z]+) (?<message>.*)$` });
    expect(r.fieldNames).toEqual(['ts', 'lvl']);
    expect(fields(r, '12:00 INFO hello world')).toEqual({
      fields: { ts: '12:00', lvl: 'INFO' },
      content: 'hello world',
    });
  });

  it('accepts flags i, m, s, u', () => {
    const r = reader({ kind: 'regex', pattern: '^(?<Level>info|warn) (?<Content>.*)$', flags: 'i' });
    expect(fields(r, 'INFO x')).toEqual({ fields: { Level: 'INFO' }, content: 'x' });
  });

  it.each([
    [{ pattern: '^(?<Level>\\w+)$' }, 'needs a named group for the message'],
    [{ pattern: '(?<Content>[' }, 'is not a valid regular expression: Unterminated character class'],
    [{ pattern: '(?<Content>.*)', flags: 'g' }, 'flags "g" are not allowed'],
    [{ pattern: '' }, 'empty'],
  ])('rejects %j', (spec, reason) => {
    const r = compileFormat({ kind: 'regex', ...spec });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BAD_REGEX');
      expect(r.error.message).toContain(reason);
    }
  });
});

describe('regex format refusals', () => {
  it('an empty regular expression is refused at its pattern', () => {
    for (const [path, at] of [
      [undefined, '/format/pattern'],
      ['/presets/mine/format', '/presets/mine/format/pattern'],
    ] as const) {
      const r = compileFormat({ kind: 'regex', pattern: '' }, path);
      expect(r).toEqual({
        ok: false,
        error: { code: 'BAD_REGEX', message: 'the regular expression is empty', path: at },
      });
    }
  });

  it('flags outside i, m, s, u are refused at the flags', () => {
    for (const [path, at] of [
      [undefined, '/format/flags'],
      ['/presets/mine/format', '/presets/mine/format/flags'],
    ] as const) {
      const r = compileFormat({ kind: 'regex', pattern: '(?<Content>.*)', flags: 'gi' }, path);
      expect(r).toEqual({
        ok: false,
        error: { code: 'BAD_REGEX', message: 'flags "gi" are not allowed; use any of i, m, s, u', path: at },
      });
    }
    // The same refusal through a whole parse of a configuration.
    const parse = parseLog('x', { name: 't', format: { kind: 'regex', pattern: '(?<Content>.*)', flags: 'y' } });
    expect(parse).toMatchObject({ ok: false, error: { code: 'BAD_REGEX', path: '/format/flags' } });
  });
});

describe('format kind refusals', () => {
  it('an unknown format kind (from a caller without types) is refused at its kind, naming it', () => {
    // compileFormat is public; a JavaScript caller can hand it any object. The kind is quoted as JSON.
    for (const [path, at] of [
      [undefined, '/format/kind'],
      ['/presets/mine/format', '/presets/mine/format/kind'],
    ] as const) {
      const r = compileFormat({ kind: 'xml', pattern: '<Content>' } as never, path);
      expect(r).toEqual({
        ok: false,
        error: { code: 'BAD_FORMAT', message: 'unknown format kind "xml"', path: at },
      });
    }
  });
});

describe('JSON lines', () => {
  it('makes every key a field and the first message key the content', () => {
    const r = reader({ kind: 'json' });
    expect(fields(r, '{"level":"info","msg":"started","port":8080,"tls":true,"tags":["a"],"none":null}')).toEqual({
      fields: { level: 'info', port: '8080', tls: 'true', tags: '["a"]', none: '' },
      content: 'started',
    });
    expect(fields(r, '{"message":"m","msg":"ignored"}')!.content).toBe('m');
  });

  it('takes a configured message key, and an empty content when it is missing', () => {
    const r = reader({ kind: 'json', messageKey: ['text'] });
    expect(fields(r, '{"text":"hi","msg":"kept as a field"}')).toEqual({
      fields: { msg: 'kept as a field' },
      content: 'hi',
    });
    expect(fields(r, '{"a":1}')).toEqual({ fields: { a: '1' }, content: '' });
  });

  it('reads an object after any whitespace JSON allows in a line (space, tab, a lone CR)', () => {
    // JSON's whitespace is space, tab, CR and LF; a line holds no LF, but may begin with a CR
    // (a log written with LF CR line ends).
    const r = reader({ kind: 'json' });
    expect(fields(r, '\r{"msg":"m","a":1}')).toEqual({ fields: { a: '1' }, content: 'm' });
    expect(fields(r, ' \t\r {"msg":"x"}')).toEqual({ fields: {}, content: 'x' });
    expect(r.read('\v{"msg":"x"}')).toBeNull();
  });

  it('does not match lines that are not JSON objects', () => {
    const r = reader({ kind: 'json' });
    for (const line of ['[1,2]', '"text"', '{"open":', 'plain text', '42']) expect(r.read(line)).toBeNull();
  });

  it('rejects a bad message key', () => {
    const r = compileFormat({ kind: 'json', messageKey: [] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'BAD_FORMAT', path: '/format/messageKey' });
  });
});

describe('logfmt', () => {
  it('reads key=value pairs, quoted values with escapes and bare keys', () => {
    const r = reader({ kind: 'logfmt' });
    expect(fields(r, 'level=info msg="user \\"bob\\" logged in" user=42 admin')).toEqual({
      fields: { level: 'info', user: '42', admin: 'true' },
      content: 'user "bob" logged in',
    });
  });

  it('does not match a line without any key=value pair', () => {
    expect(reader({ kind: 'logfmt' }).read('hello world')).toBeNull();
  });
});

describe('presets', () => {
  it('syslog (RFC 3164-ish), with and without a pid', () => {
    const r = parsed(
      ['Dec 10 06:55:46 LabSZ sshd[24200]: Invalid user webmaster', 'Jan  1 00:00:01 host cron: job ran'],
      {
        name: 't',
        format: { kind: 'preset', name: 'syslog' },
      },
    );
    expect(r.events.map((e) => e.fields)).toEqual([
      { Month: 'Dec', Day: '10', Time: '06:55:46', Host: 'LabSZ', Program: 'sshd', Pid: '24200' },
      { Month: 'Jan', Day: '1', Time: '00:00:01', Host: 'host', Program: 'cron', Pid: '' },
    ]);
    expect(r.events.map((e) => e.content)).toEqual(['Invalid user webmaster', 'job ran']);
  });

  it('apache-access and nginx: the combined log format, the request line as content', () => {
    const line =
      '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08"';
    for (const name of ['apache-access', 'nginx']) {
      const r = parsed(line, { name: 't', format: { kind: 'preset', name } });
      expect(r.events[0]!.fields).toEqual({
        Client: '127.0.0.1',
        Ident: '-',
        User: 'frank',
        Time: '10/Oct/2000:13:55:36 -0700',
        Status: '200',
        Bytes: '2326',
        Referer: 'http://www.example.com/start.html',
        UserAgent: 'Mozilla/4.08',
      });
      expect(r.events[0]!.content).toBe('GET /apache_pb.gif HTTP/1.0');
    }
    // The common log format has no referer or agent.
    expect(
      parsed('::1 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 304 -', {
        name: 't',
        format: { kind: 'preset', name: 'apache-access' },
      }).stats.parsed,
    ).toBe(1);
  });

  it('apache-error: 2.2 and 2.4 layouts', () => {
    const r = parsed(
      [
        '[Wed Oct 11 14:32:52.123456 2000] [core:error] [pid 35708:tid 4328636416] [client 72.15.99.187:4251] File does not exist: /usr/local/apache2/htdocs/favicon.ico',
        '[Sun Dec 04 04:47:44 2005] [notice] workerEnv.init() ok /etc/httpd/conf/workers2.properties',
      ],
      { name: 't', format: { kind: 'preset', name: 'apache-error' } },
    );
    expect(r.events[0]!.fields).toEqual({
      Time: 'Wed Oct 11 14:32:52.123456 2000',
      Module: 'core',
      Level: 'error',
      Pid: '35708',
      Tid: '4328636416',
      Client: '72.15.99.187:4251',
    });
    expect(r.events[1]!.fields).toMatchObject({ Module: '', Level: 'notice', Pid: '' });
    expect(r.events[1]!.content).toBe('workerEnv.init() ok /etc/httpd/conf/workers2.properties');
  });

  it.each([
    ['hdfs', 'HDFS', ['Date', 'Time', 'Pid', 'Level', 'Component']],
    ['apache', 'Apache', ['Time', 'Level']],
    ['openssh', 'OpenSSH', ['Date', 'Day', 'Time', 'Component', 'Pid']],
    ['proxifier', 'Proxifier', ['Time', 'Program']],
  ])('the Loghub preset %s reads every line of its slice', (preset, ds, names) => {
    const r = parsed(fixture(`${ds}/${ds}_200.log`), { name: 't', format: { kind: 'preset', name: preset } });
    expect(r.stats).toMatchObject({ lines: 200, parsed: 200, unparsed: 0 });
    expect(r.fieldNames).toEqual(names);
  });

  it('an unknown preset is an error naming the known ones', () => {
    const r = compileConfig({ name: 't', format: { kind: 'preset', name: 'nope' } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatchObject({ code: 'UNKNOWN_PRESET', path: '/format/name' });
      expect(r.error.message).toContain('syslog, apache-access');
    }
  });

  it('a caller adds presets to a registry of its own; the built-ins stay as they are', () => {
    const mine = createPresetRegistry().add('pipe', {
      description: 'a|b',
      format: { kind: 'format', pattern: String.raw`<A>\|<Content>` },
      masks: [{ name: 'ticket', pattern: 'T-\\d+' }],
    });
    const config = { name: 't', format: { kind: 'preset', name: 'pipe' } } as const;
    const r = parseLog('x|closed T-12', config, { presets: mine });
    expect(r.ok && r.events[0]!.template).toBe('closed <ticket>');
    expect(BUILTIN_PRESETS.get('pipe')).toBeUndefined();
    expect(parseLog('x|y', config).ok).toBe(false);
  });
});

describe('the default format', () => {
  it('is the whole line as content', () => {
    const r = parsed('anything at all', { name: 't' });
    expect(r.events[0]).toMatchObject({ fields: {}, content: 'anything at all' });
    expect(withFormat('<Content>').format).toEqual({ kind: 'format', pattern: '<Content>' });
  });
});

describe('line separators inside a line (issue 10, item 10)', () => {
  it('reads lines holding U+2028, U+2029 or a lone CR with <Content> alone and inside fields', () => {
    const alone = reader({ kind: 'format', pattern: '<Content>' });
    for (const line of ['a\u2028b', 'a\u2029b', 'a\rb', '\r', 'x \u2028 y\r']) {
      expect(fields(alone, line)?.content).toBe(line);
    }
    const r = reader({ kind: 'format', pattern: '<Component>: <Content>' });
    expect(fields(r, 'app\u2028one: done\rnow')).toEqual({
      fields: { Component: 'app\u2028one' },
      content: 'done\rnow',
    });
  });
});

describe("the project's own format strings on the native engine", () => {
  it('read a U+2028, U+2029 or lone CR inside the content, as RE2 does for a user format', () => {
    // docs/parser.md: a line is cut only at a line feed; a field's `.` crosses the other breaks.
    const own = compileFormat({ kind: 'format', pattern: '<Level> <Content>' }, '/format', true);
    expect(own.ok).toBe(true);
    if (!own.ok) return;
    const line = 'INFO one\u2028two\u2029three\rfour';
    expect(own.value.read(line)).toEqual({
      names: ['Level'],
      values: ['INFO'],
      content: 'one\u2028two\u2029three\rfour',
    });
    // The default format (the whole line is the content) likewise.
    const whole = compileFormat({ kind: 'format', pattern: '<Content>' }, '/format', true);
    expect(whole.ok).toBe(true);
    if (!whole.ok) return;
    expect(whole.value.read('a\u2028b')).toEqual({ names: [], values: [], content: 'a\u2028b' });
  });

  it("say they read a format string (kind 'format'), as a user's format string does", () => {
    // LineReader.kind names the format's kind; the project's own run on the native engine for short
    // lines, a user's on the linear matcher, and both are format strings.
    for (const trusted of [true, false]) {
      const r = compileFormat({ kind: 'format', pattern: '<Level> <Content>' }, '/format', trusted);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value.kind).toBe('format');
    }
  });
});
