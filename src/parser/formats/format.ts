/**
 * Header formats: turning one physical line into header fields and a content, or rejecting it.
 * Four kinds share one interface (`LineReader`): the public benchmark's format strings, regular
 * expressions with named groups, JSON lines and logfmt (the last two in `structured.ts`).
 * A bad format is an error value with the reason; nothing here throws.
 */
import { jsonLineRefusal, readJsonLine, readLogfmtLine } from './structured';
import type { FormatSpec, ParserError, Result } from '../../contract/parser';
import { catastrophicReason } from '../regex/regexGuard';
import { formatMatcher, groupText, type FormatMatcher } from './formatMatcher';
import { nativeErrorReason, trustedRegex, userRegex, type SafeRegex } from '../regex/safeRegex';
import type { LineReader } from './lineReader';

export type { HeaderMatch, LineReader } from './lineReader';

/** Names a regex group may carry for the content, tried in order. */
export const CONTENT_GROUPS = ['Content', 'content', 'message', 'msg'] as const;
/** Default message keys for JSON lines and logfmt, tried in order. */
export const DEFAULT_MESSAGE_KEYS = ['message', 'msg'] as const;

const FIELD = /<([^<>]+)>/g;

/**
 * Pure: the regular-expression source for a benchmark format string, and its field names in order.
 * As in the benchmark, fields match lazily, with two differences that keep matching safe:
 * - A header field holds text that neither starts nor ends with whitespace (only `<Content>` may be
 *   empty), so an indented stack-trace line does not match a format with empty fields. It takes as
 *   little as it can (a one-character field such as `[-]` ends at its bracket), and whitespace may
 *   stand between it and the text after it (`<Component>:` matches `scsi0 :`).
 * - A field followed by nothing but spaces and then another field is one word (`\S+`). That is what
 *   the lazy match picks anyway, and it keeps a long line that does not match from costing
 *   time polynomial in its length with the number of fields (lazy fields separated only by `\s+`
 *   backtrack over every way to cut the line). A field followed by other text (`<Program> - `,
 *   `<Component>: `, `\[<Time>\]`) may still hold spaces.
 */
export function formatToRegexSource(format: string): { source: string; fields: string[]; timeFields: string[] } {
  const parts = format.split(FIELD);
  const fields: string[] = [];
  const timeFields: string[] = [];
  let source = literal(parts[0]!);
  for (let i = 1; i < parts.length; i += 2) {
    // `<Date:time>` is the field `Date`, marked as holding (part of) the event's time.
    const mark = timeMark(parts[i]!.trim());
    const name = mark.name;
    if (mark.time) timeFields.push(name);
    const after = parts[i + 1]!;
    const group = `_${fields.length}`;
    const word = /^ +$/.test(after) && i + 2 < parts.length;
    if (name === 'Content') source += `(?<${group}>.*?)`;
    else if (word) source += `(?<${group}>\\S+)`;
    // The optional tail is lazy (`??`): a one-character field (`[-]`) ends at once instead of running
    // on to a later bracket. Spaces may separate a field from text that follows it (`scsi0 : …`).
    else source += `(?<${group}>\\S(?:.*?\\S)??)${after !== '' && after[0] !== ' ' ? '\\s*' : ''}`;
    source += literal(after);
    fields.push(name);
  }
  return { source: `^${source}$`, fields, timeFields };
}

/** Pure: the name of a format-string field without its time mark, and whether it had one (`Date:time`). */
export function timeMark(name: string): { name: string; time: boolean } {
  return name.endsWith(':time') ? { name: name.slice(0, -5).trim(), time: true } : { name, time: false };
}

function literal(fragment: string): string {
  return fragment.replace(/ +/g, '\\s+');
}

/**
 * Pure: compiles a (non-preset) format spec into a line reader, or an error saying why it is bad.
 * `trusted`: the spec is one of the project's own, whose format string may run on the native engine for
 * short lines; a regex, a preset's too, runs on RE2, in time linear in the line (docs/parser.md).
 */
export function compileFormat(
  spec: Exclude<FormatSpec, { kind: 'preset' }>,
  path = '/format',
  trusted = false,
): Result<LineReader> {
  switch (spec.kind) {
    case 'format':
      return compileFormatString(spec.pattern, path, trusted);
    case 'regex':
      return compileRegexFormat(spec.pattern, spec.flags ?? '', path);
    case 'json': {
      const keys = messageKeys(spec.messageKey, path);
      if (!keys.ok) return keys;
      return ok({
        kind: 'json',
        fieldNames: [],
        read: (line) => readJsonLine(line, keys.value),
        refusal: jsonLineRefusal,
      });
    }
    case 'logfmt': {
      const keys = messageKeys(spec.messageKey, path);
      if (!keys.ok) return keys;
      return ok({ kind: 'logfmt', fieldNames: [], read: (line) => readLogfmtLine(line, keys.value) });
    }
    default: {
      const kind: never = spec;
      return fail(
        'BAD_FORMAT',
        `unknown format kind ${JSON.stringify((kind as { kind: unknown }).kind)}`,
        `${path}/kind`,
      );
    }
  }
}

function compileFormatString(pattern: unknown, path: string, trusted: boolean): Result<LineReader> {
  if (typeof pattern !== 'string' || pattern.trim() === '') {
    return fail(
      'BAD_FORMAT',
      'the format is empty; write fields in angle brackets, e.g. "<Date> <Time> <Level>: <Content>"',
      `${path}/pattern`,
    );
  }
  const { source, fields, timeFields } = formatToRegexSource(pattern);
  if (fields.length === 0)
    return fail('BAD_FORMAT', `the format "${pattern}" has no <Field>; it needs at least <Content>`, `${path}/pattern`);
  const seen = new Set<string>();
  for (const f of fields) {
    if (f === '') return fail('BAD_FORMAT', 'a field name is empty ("<>" or "< >")', `${path}/pattern`);
    if (seen.has(f)) return fail('BAD_FORMAT', `the field <${f}> appears twice`, `${path}/pattern`);
    seen.add(f);
  }
  if (timeFields.includes('Content'))
    return fail('BAD_FORMAT', 'the content cannot be a time field (<Content:time>)', `${path}/pattern`);
  const contentAt = fields.indexOf('Content');
  if (contentAt === -1)
    return fail(
      'BAD_FORMAT',
      `the format "${pattern}" has no <Content> field (the message to mine)`,
      `${path}/pattern`,
    );
  // `s`: a field's `.` crosses U+2028, U+2029 and a lone CR, which stay inside one line.
  // On RE2, a format ending with <Content> matches the header only and the content is the rest of
  // the line: `(?<C>.*?)$` with `s` takes whatever follows the header, so the first header match is
  // the same, and RE2 need not carry the content's captures across the whole line.
  const tail = `(?<_${contentAt}>.*?)$`;
  const headerOnly = contentAt === fields.length - 1 && source.endsWith(tail);
  const re = compile(
    headerOnly ? source.slice(0, -tail.length) : source,
    's',
    path,
    'BAD_FORMAT',
    `the format "${pattern}"`,
    false,
  );
  if (!re.ok) return re;
  // A format string made only of literals, whitespace runs and fields (most are) runs on a
  // purpose-built linear-time matcher that gives the same captures as the regex on RE2, faster.
  const matcher = formatMatcher(headerOnly ? source.slice(0, -tail.length) : source);
  const groups = fields.map((_, i) => `_${i}`);
  const onRe2 = groupReader('format', re.value, fields, groups, contentAt, headerOnly);
  let linear = onRe2;
  if (matcher !== null) {
    const fast = matcherReader(matcher, fields, contentAt, headerOnly);
    // A line too long for the matcher's visited bitmap goes to RE2 (the same result, less memory).
    linear = { ...fast, read: (line) => (line.length <= matcher.maxLength ? fast.read(line) : onRe2.read(line)) };
  }
  // The project's own format strings (presets, the default `<Content>`) read lines of up to
  // NATIVE_FORMAT_LINE characters on the native engine, about twice as fast. Two lazy header fields
  // cost time quadratic in a line that does not fit (`<Component> sshd\[<Pid>\]:` tries each
  // ` sshd[`), so only short lines go there, and only formats with at most two header fields that are
  // not one word (plus the content, which always matches the rest): at most NATIVE_FORMAT_LINE² steps
  // a line, linear in the log.
  if (!trusted || source.split('.*?').length - 1 > 3) return ok({ ...linear, timeFields });
  // `\s` is written as RE2 reads it (ASCII), so both engines give the same fields.
  const native = compile(asciiSpaces(source), 's', path, 'BAD_FORMAT', `the format "${pattern}"`, true);
  if (!native.ok) return native;
  const short = groupReader('format', native.value, fields, groups, contentAt);
  return ok({
    ...short,
    timeFields,
    read: (line) => (line.length <= NATIVE_FORMAT_LINE ? short.read(line) : linear.read(line)),
  });
}

/** Lines a built-in format string reads on the native engine; longer ones take the linear path. */
export const NATIVE_FORMAT_LINE = 512;

/** Pure: `source` with `\s` and `\S` written as RE2's ASCII classes. */
function asciiSpaces(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = source[i + 1] ?? '';
    i++;
    out += next === 's' ? '[\\t\\n\\f\\r ]' : next === 'S' ? '[^\\t\\n\\f\\r ]' : `\\${next}`;
  }
  return out;
}

/** A format-string reader over `formatMatcher`: group `_i` holds field `fields[i]`. */
function matcherReader(
  matcher: FormatMatcher,
  fields: string[],
  contentAt: number,
  contentIsRest: boolean,
): LineReader {
  const names = fields.filter((_, i) => i !== contentAt);
  const header = fields.map((_, i) => i).filter((i) => i !== contentAt);
  return {
    kind: 'format',
    fieldNames: names,
    read(line) {
      const m = matcher.match(line);
      if (m === null) return null;
      const values = new Array<string>(header.length);
      for (let i = 0; i < header.length; i++) values[i] = groupText(line, m, header[i]!) ?? '';
      const content = contentIsRest ? line.slice(m.end) : (groupText(line, m, contentAt) ?? '');
      return { names, values, content };
    },
  };
}

function compileRegexFormat(pattern: unknown, flags: string, path: string): Result<LineReader> {
  if (typeof pattern !== 'string' || pattern === '')
    return fail('BAD_REGEX', 'the regular expression is empty', `${path}/pattern`);
  if (!/^[imsu]*$/.test(flags))
    return fail('BAD_REGEX', `flags "${flags}" are not allowed; use any of i, m, s, u`, `${path}/flags`);
  const risky = catastrophicReason(pattern);
  if (risky !== null)
    return fail('BAD_REGEX', `the regular expression ${JSON.stringify(pattern)}: ${risky}`, `${path}/pattern`);
  const re = compile(pattern, flags, path, 'BAD_REGEX', `the regular expression ${JSON.stringify(pattern)}`, false);
  if (!re.ok) return re;
  const names = [...re.value.groupNames];
  const contentName = CONTENT_GROUPS.find((c) => names.includes(c));
  if (contentName === undefined) {
    return fail(
      'BAD_REGEX',
      'the regular expression needs a named group for the message: (?<Content>…) (or content, message, msg)',
      `${path}/pattern`,
    );
  }
  return ok(groupReader('regex', re.value, names, names, names.indexOf(contentName)));
}

/** A reader over a regex whose groups `groups[i]` hold field `fields[i]`; `contentAt` is the content. */
function groupReader(
  kind: 'format' | 'regex',
  re: SafeRegex,
  fields: string[],
  groups: string[],
  contentAt: number,
  contentIsRest = false,
): LineReader {
  const names = fields.filter((_, i) => i !== contentAt);
  const headerGroups = groups.filter((_, i) => i !== contentAt);
  const contentGroup = groups[contentAt]!;
  return {
    kind,
    fieldNames: names,
    read(line) {
      const m = re.exec(line);
      if (m === null) return null;
      const g = m.groups;
      const values = new Array<string>(headerGroups.length);
      for (let i = 0; i < headerGroups.length; i++) values[i] = g[headerGroups[i]!] ?? '';
      const content = contentIsRest ? line.slice(m.index + m.text.length) : (g[contentGroup] ?? '');
      return { names, values, content };
    },
  };
}

function compile(
  source: string,
  flags: string,
  path: string,
  code: 'BAD_FORMAT' | 'BAD_REGEX',
  what: string,
  trusted: boolean,
): Result<SafeRegex> {
  const re = trusted ? trustedRegex(source, flags) : userRegex(source, flags);
  if (re.ok) return ok(re.value);
  return fail(
    code,
    re.syntax ? `${what} is not a valid regular expression: ${re.reason}` : `${what}: ${re.reason}`,
    `${path}/pattern`,
  );
}

/** Pure: the reason in a RegExp SyntaxError, without the engine's echo of the pattern. */
export const regexErrorReason = nativeErrorReason;

function messageKeys(key: unknown, path: string): Result<readonly string[]> {
  if (key === undefined) return ok(DEFAULT_MESSAGE_KEYS);
  const keys = typeof key === 'string' ? [key] : key;
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string' && k !== '')) {
    return fail('BAD_FORMAT', 'messageKey must be a key name or a non-empty list of key names', `${path}/messageKey`);
  }
  return ok(keys as string[]);
}

function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Pure: an error result. */
export function fail<T>(code: ParserError['code'], message: string, path: string): Result<T> {
  return { ok: false, error: { code, message, path } };
}
