/**
 * Masks: named regular expressions that replace variable parts of the content before template
 * mining, so `Connection from 10.0.0.1:22` and `Connection from 10.0.0.2:22` mine as one template.
 *
 * Each match becomes the placeholder `<NAME>` (not `<*>`): templates stay readable
 * (`Accepted password for <*> from <IP> port <NUM> ssh2`), and the miner treats every placeholder as a
 * variable. The text a placeholder hid is still a parameter of the event.
 *
 * The defaults are chosen to help accuracy, not to mask as much as possible: each one matches text
 * that is almost never part of an event's constant wording (addresses, ids, numbers standing alone,
 * multi-segment paths). Hostnames need three labels and a lowercase top-level label, so Java class
 * names (`java.io.IOException`) and file names (`app.conf`) stay words.
 */
import { fail } from './formats/format';
import { hasDigit } from './mining/tokens';
import type { MaskConfig, MaskSpec, Result } from '../contract/parser';
import { catastrophicReason } from './regex/regexGuard';
import { trustedRegex, userRegex, type SafeRegex } from './regex/safeRegex';

/**
 * The built-in masks, in the order they run (more specific first). They start at a word boundary
 * where they can, so the regex engine does not retry inside words (masks are most of the parser's time).
 */
// Frozen, items too: every parser shares them (a caller changing one would change every parse).
export const DEFAULT_MASKS: readonly MaskSpec[] = Object.freeze(
  [
    // `[^\s"'<>]` with JavaScript's `\s` written out, so RE2 (whose `\s` is ASCII only) reads it the same.
    {
      name: 'URL',
      pattern: String.raw`\b[A-Za-z][A-Za-z0-9+.-]*://[^\t-\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"'<>]+`,
    },
    { name: 'EMAIL', pattern: String.raw`\b[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+\b` },
    {
      name: 'UUID',
      pattern: String.raw`\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b`,
    },
    {
      name: 'IPV6',
      pattern: String.raw`(?<![\w:])(?:(?:[0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|(?:[0-9a-fA-F]{1,4}:){1,7}:(?:[0-9a-fA-F]{1,4}(?::[0-9a-fA-F]{1,4}){0,6})?|::(?:[0-9a-fA-F]{1,4}(?::[0-9a-fA-F]{1,4}){0,6})?)(?![\w:])`,
    },
    { name: 'IP', pattern: String.raw`\b(?<!\.)(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b` },
    { name: 'PATH', pattern: String.raw`(?<![\w.:/~-])(?:/[\w.@%+~-]+){2,}/?` },
    { name: 'HOST', pattern: String.raw`\b(?<![.-])(?:[A-Za-z0-9][\w-]*\.){2,}[a-z]{2,6}(?::\d{1,5})?(?![\w.-])` },
    {
      name: 'HEX',
      pattern: String.raw`\b(?:0[xX][0-9a-fA-F]+|(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{12,})\b`,
    },
    {
      name: 'DATETIME',
      pattern: String.raw`\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?(?![\w:])`,
    },
    // A date written with weekday or month names (`Mon Mar 04 11:02:33 2024`, `Fri Dec 10 19:02:14 EST
    // 2004`, `Fri, 07 Jul 2017 05:32:43 GMT`, `Mar 04 11:02:33`): its names vary like its numbers.
    {
      name: 'DATE',
      pattern: String.raw`\b(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+\d{1,2}(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?(?:\s+[A-Z]{3,4}(?=\s+\d{4}\b))?(?:\s+\d{4})?|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),\s+\d{1,2}\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+\d{4}(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?(?:\s+[A-Z]{3,4}\b)?|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+\d{1,2}\s+\d{1,2}:\d{2}:\d{2}(?:\s+\d{4})?)\b`,
    },
    { name: 'TIME', pattern: String.raw`\b\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\b(?!:)` },
    { name: 'SIZE', pattern: String.raw`\b(?<!\.)\d+(?:\.\d+)?\s?(?:[kKmMgGtTpP]i?[bB]|bytes?)\b` },
    {
      name: 'DURATION',
      pattern: String.raw`\b(?<!\.)\d+(?:\.\d+)?\s?(?:ms|us|ns|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?)\b`,
    },
    { name: 'NUM', pattern: String.raw`(?<![\w.+-])[-+]?\d+(?:\.\d+)?(?!\w|\.\w)` },
  ].map((spec) => Object.freeze(spec)),
);

/**
 * Built-in masks that run on RE2 (linear time) rather than the native engine. On the native engine
 * these two were quadratic on a run of dotted text (`a.a.a.…`): each start inside the run scans to
 * its end before failing (an 80 KB line took 8 s). Both are written in the syntax RE2 and JavaScript
 * read alike, so the matches are the same. Every other built-in mask, and every preset's, is linear
 * on the native engine: each bounds its repeats, or may start only where no earlier failed try
 * scanned (a look-behind or `\b` excludes the inside of the run a try reads) — see docs/parser.md.
 */
const LINEAR_DEFAULTS: ReadonlySet<string> = new Set(['URL', 'EMAIL']);

function count(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/**
 * A quick test that rules a built-in mask out without running its regex (most lines have no `@`,
 * `://` or `::`). Only an unchanged built-in has one; a user's pattern is not second-guessed.
 */
const HINTS: Record<string, Hint> = {
  URL: (s) => s.includes('://'),
  EMAIL: (s) => s.includes('@'),
  UUID: (s) => count(s, '-') >= 4,
  IPV6: (s) => s.includes('::') || count(s, ':') >= 7,
  IP: (s, digits) => digits && s.includes('.'),
  PATH: (s) => s.includes('/'),
  HOST: (s) => s.includes('.'),
  HEX: (_, digits) => digits,
  DATETIME: (s, digits) => digits && s.includes(':') && s.includes('-'),
  DATE: (_, digits) => digits,
  TIME: (s, digits) => digits && s.includes(':'),
  SIZE: (_, digits) => digits,
  DURATION: (_, digits) => digits,
  NUM: (_, digits) => digits,
};

/**
 * `digits`: whether the text as masked so far holds a digit (a placeholder's own, as in `<ip4>`,
 * counts too: the hint may only rule out what cannot match).
 */
type Hint = (s: string, digits: boolean) => boolean;

export interface CompiledMask {
  name: string;
  placeholder: string;
  /** Native for the project's own masks, RE2 (linear time) for a user's (src/parser/regex/safeRegex.ts). */
  regex: SafeRegex;
  hint?: Hint;
}

/** The masks of one configuration, compiled. */
export interface MaskSet {
  masks: readonly CompiledMask[];
  /** Every placeholder text (`<IP>`, …) plus `<*>`, for recognising variable tokens. */
  placeholders: ReadonlySet<string>;
  /** Pure: `content` with every mask applied in order. */
  apply(content: string): string;
  /** Pure: the first text mask `name` matches in `content` (before any masking), or undefined. */
  capture(name: string, content: string): string | undefined;
}

const NAME = /^[A-Za-z_][\w-]*$/;

/** Pure: compiles the masks a config asks for (its own, then presets', then defaults), or an error. */
export function compileMasks(
  config: MaskConfig | undefined,
  extra: readonly MaskSpec[] = [],
  path = '/masks',
): Result<MaskSet> {
  const custom = config?.custom ?? [];
  if (!Array.isArray(custom)) return fail('BAD_MASK', 'custom must be a list of {name, pattern}', `${path}/custom`);
  const disabled = new Set(config?.disable ?? []);
  const useDefaults = config?.useDefaults ?? true;
  // `trusted`: a preset's or a default mask, which may run on the native engine.
  const specs: { spec: MaskSpec; path: string; trusted: boolean }[] = custom.map((spec, i) => ({
    spec,
    path: `${path}/custom/${i}`,
    trusted: false,
  }));
  const seen = new Set<string>();
  for (const { spec } of specs) if (spec && typeof spec.name === 'string') seen.add(spec.name);
  for (const spec of extra)
    if (!seen.has(spec.name)) (specs.push({ spec, path: `${path}/preset`, trusted: true }), seen.add(spec.name));
  if (useDefaults)
    for (const spec of DEFAULT_MASKS)
      if (!seen.has(spec.name) && !disabled.has(spec.name))
        specs.push({ spec, path: `${path}/defaults`, trusted: true });

  const masks: CompiledMask[] = [];
  const names = new Set<string>();
  for (const { spec, path: p, trusted } of specs) {
    const m = compileMask(spec, p, trusted);
    if (!m.ok) return m;
    if (names.has(m.value.name)) return fail('BAD_MASK', `mask "${m.value.name}" is defined twice`, `${p}/name`);
    names.add(m.value.name);
    masks.push(m.value);
  }
  return { ok: true, value: maskSet(masks) };
}

/**
 * Pure: compiles one mask, rejecting bad names, invalid patterns and patterns matching the empty string.
 * A user's mask runs on RE2 unless its pattern is one of the default masks' word for word; `trusted`
 * (a preset's or a default mask) runs on the native engine.
 */
export function compileMask(spec: MaskSpec, path: string, trusted = false): Result<CompiledMask> {
  if (spec === null || typeof spec !== 'object') return fail('BAD_MASK', 'a mask is {name, pattern}', path);
  if (typeof spec.name !== 'string' || !NAME.test(spec.name)) {
    return fail(
      'BAD_MASK',
      `mask name ${JSON.stringify(spec.name)} must be letters, digits, _ or - and start with a letter or _`,
      `${path}/name`,
    );
  }
  if (typeof spec.pattern !== 'string' || spec.pattern === '')
    return fail('BAD_MASK', `mask "${spec.name}" has no pattern`, `${path}/pattern`);
  const flags = spec.flags ?? '';
  if (typeof flags !== 'string' || !/^[imsu]*$/.test(flags))
    return fail('BAD_MASK', `mask "${spec.name}": flags must be any of i, m, s, u`, `${path}/flags`);
  const risky = catastrophicReason(spec.pattern);
  if (risky !== null) return fail('BAD_MASK', `mask "${spec.name}": ${risky}`, `${path}/pattern`);
  const asDefault = DEFAULT_MASKS.find((d) => d.pattern === spec.pattern);
  const native =
    (trusted || asDefault !== undefined) && !(asDefault !== undefined && LINEAR_DEFAULTS.has(asDefault.name));
  const compiled = native ? trustedRegex(spec.pattern, flags) : userRegex(spec.pattern, flags);
  if (!compiled.ok) {
    const why = compiled.syntax
      ? ` is not a valid regular expression: ${compiled.reason}`
      : ` ${JSON.stringify(spec.pattern)}: ${compiled.reason}`;
    return fail('BAD_MASK', `mask "${spec.name}"${why}`, `${path}/pattern`);
  }
  const regex = compiled.value;
  if (regex.matchesEmpty()) {
    return fail(
      'BAD_MASK',
      `mask "${spec.name}" matches the empty string, so it would insert placeholders everywhere`,
      `${path}/pattern`,
    );
  }
  const builtin = DEFAULT_MASKS.some((d) => d.name === spec.name && d.pattern === spec.pattern);
  const mask: CompiledMask = { name: spec.name, placeholder: `<${spec.name}>`, regex };
  const hint = HINTS[spec.name];
  if (builtin && hint) mask.hint = hint;
  return { ok: true, value: mask };
}

function maskSet(masks: CompiledMask[]): MaskSet {
  const placeholders = new Set(['<*>', ...masks.map((m) => m.placeholder)]);
  return {
    masks,
    placeholders,
    apply(content) {
      let out = content;
      // Whether the text as it stands holds a digit: a mask that replaced the last ones (a user's
      // `\d+`, an IP) spares every later mask that needs one (NUM, SIZE, TIME, …) its regex.
      // Worked out again when a hint asks after any replacement (`stale`; `<wait-5s>` brings one in).
      let digits = hasDigit(content);
      let stale = false;
      for (let i = 0; i < masks.length; i++) {
        const m = masks[i]!;
        if (m.hint !== undefined) {
          if (stale) ((digits = hasDigit(out)), (stale = false));
          if (!m.hint(out, digits)) continue;
        }
        const next = m.regex.replaceAll(out, m.placeholder);
        if (next !== out) stale = true;
        out = next;
      }
      return out;
    },
    capture(name, content) {
      const m = masks.find((x) => x.name === name);
      if (!m) return undefined;
      return m.regex.exec(content)?.text;
    },
  };
}

/**
 * Pure: `template` with every mask placeholder (`<IP>`, `<NUM>`, …) written as `<*>`, as the public
 * benchmark writes its templates (it masks with `<*>`), for comparing templates with its ground truth.
 */
export function wildcardTemplate(template: string, placeholders: ReadonlySet<string>): string {
  if (!template.includes('<')) return template;
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('<', i);
    if (open === -1) break;
    const close = template.indexOf('>', open + 1);
    if (close === -1) break;
    const candidate = template.slice(open, close + 1);
    if (placeholders.has(candidate)) {
      out += `${template.slice(i, open)}<*>`;
      i = close + 1;
    } else {
      out += template.slice(i, open + 1);
      i = open + 1;
    }
  }
  return out + template.slice(i);
}
