/**
 * Checking and compiling a parser configuration: the format (or preset), continuation rule, masks,
 * mining parameters, group field and mapping, each checked with an error value that names the path
 * and the reason. Compiling once lets the same configuration parse many inputs.
 */
import { compileFormat, fail, type LineReader } from './formats/format';
import { trustedRegex, userRegex, type SafeRegex } from './regex/safeRegex';
import { resolveFieldRef, type FieldRef } from './group';
import { compileMapping, type CompiledMapping } from './mapping';
import { compileMasks, type MaskSet } from './masks';
import { escapeRegex } from './mining/params';
import { BUILTIN_PRESETS, type PresetLookup } from './formats/presets';
import { hasDigit } from './mining/tokens';
import type { FormatSpec, MaskSpec, ParserConfig, Result } from '../contract/parser';
import { catastrophicReason } from './regex/regexGuard';
import { configShapeProblem } from './parserConfigSchema';
import { compileTime, type TimeSpec } from './time';

/** Mining defaults: one set for every log, judged on all ten Loghub-2k sets at once (docs/parser.md). */
export const MINING_DEFAULTS = {
  depth: 4,
  similarity: 0.8,
  maxChildren: 100,
  variableAfter: 5,
  constantMaxValues: 8,
  constantMinShare: 0.02,
  constantMinLines: 3,
  merge: true,
  cache: 4096,
} as const;
export const DEFAULT_CONTINUATION = String.raw`^(?:\s|at\s|Caused by)`;
/** Default bounds on one line and one event (docs/limits.md). */
export const LIMIT_DEFAULTS = {
  lineLength: 1_048_576,
  continuationLines: 1_000,
  eventLength: 1_048_576,
} as const;
/** The largest any of them may be set to: a JavaScript string holds at most 2^29 − 24 characters. */
export const MAX_LIMIT = 1 << 28;
export const DEFAULT_KEEP_UNPARSED = 20;
export const DEFAULT_MISSING_GROUP = '_ungrouped';

export interface CompiledConfig {
  config: ParserConfig;
  reader: LineReader;
  masks: MaskSet;
  /** Lines that continue the previous event, or null when continuation is off. */
  continuation: SafeRegex | null;
  mining: {
    depth: number;
    similarity: number;
    maxChildren: number;
    variableAfter: number;
    /** A position with more words than this is an open vocabulary (a parameter); see docs/parser.md. */
    constantMaxValues: number;
    /** Each word of an enumeration holds at least this share of its template's lines. */
    constantMinShare: number;
    /** … and at least this many lines. */
    constantMinLines: number;
    merge: boolean;
    cache: number;
  };
  /** True for a token that looks variable: it has a digit or a mask placeholder. */
  isVariable(token: string): boolean;
  /** True for a token holding a mask placeholder or `<*>`. */
  isPlaceholder(token: string): boolean;
  groupBy: FieldRef | null;
  missingGroupKey: string | null;
  mapping: CompiledMapping;
  keepUnparsed: number;
  limits: { lineLength: number; continuationLines: number; eventLength: number };
  /** How each event's time is read, or null when the configuration reads none. */
  time: TimeSpec | null;
}

export interface CompileOptions {
  /** Where `{kind: 'preset'}` names are looked up. Default: the built-ins. */
  presets?: PresetLookup;
}

/** Pure: checks `config` and compiles it, or returns the first problem found. Never throws. */
export function compileConfig(config: ParserConfig, options: CompileOptions = {}): Result<CompiledConfig> {
  if (config === null || typeof config !== 'object' || Array.isArray(config))
    return fail('BAD_CONFIG', 'the configuration must be an object', '');
  const shape = configShapeProblem(config);
  if (shape !== null) return { ok: false, error: shape };
  const presets = options.presets ?? BUILTIN_PRESETS;

  let spec: FormatSpec = config.format ?? { kind: 'format', pattern: '<Content>' };
  if (spec === null || typeof spec !== 'object')
    return fail('BAD_FORMAT', 'format must be an object with a kind', '/format');
  let presetMasks: MaskSpec[] = [];
  let continuationConfig = config.continuation;
  let presetContinuation: string | undefined;
  let presetTime: ParserConfig['time'];
  if (spec.kind === 'preset') {
    const preset = typeof spec.name === 'string' ? presets.get(spec.name) : undefined;
    if (!preset)
      return fail(
        'UNKNOWN_PRESET',
        `no preset is named ${JSON.stringify(spec.name)} (presets: ${presets.names().join(', ')})`,
        '/format/name',
      );
    spec = preset.format;
    presetMasks = preset.masks ?? [];
    continuationConfig ??= preset.continuation;
    presetContinuation = preset.continuation?.pattern;
    presetTime = preset.time;
  }
  // A built-in preset's format and the default (`<Content>`: the whole line) are the project's own:
  // a format string of theirs runs on the native engine for short lines (format.ts says why that is
  // linear), a regex of theirs on RE2 like a user's.
  const reader = compileFormat(spec, '/format', (config.format ?? null) === null || config.format?.kind === 'preset');
  if (!reader.ok) return reader;

  let continuation: SafeRegex | null = null;
  if (continuationConfig?.enabled ?? true) {
    const source = continuationConfig?.pattern ?? DEFAULT_CONTINUATION;
    const risky = typeof source === 'string' ? catastrophicReason(source) : null;
    if (risky !== null)
      return fail('BAD_REGEX', `the continuation pattern ${JSON.stringify(source)}: ${risky}`, '/continuation/pattern');
    if (typeof source !== 'string' || source === '')
      return fail(
        'BAD_REGEX',
        'the continuation pattern must be a non-empty regular expression',
        '/continuation/pattern',
      );
    const trusted = source === DEFAULT_CONTINUATION || source === presetContinuation;
    const re = trusted ? trustedRegex(source) : userRegex(source);
    if (!re.ok) {
      const why = re.syntax
        ? `is not a valid regular expression: ${re.reason}`
        : `${JSON.stringify(source)}: ${re.reason}`;
      return fail('BAD_REGEX', `the continuation pattern ${why}`, '/continuation/pattern');
    }
    continuation = re.value;
  }

  const masks = compileMasks(config.masks, presetMasks);
  if (!masks.ok) return masks;

  const mining = withDefaults(MINING_DEFAULTS, config.mining);
  if (!Number.isInteger(mining.depth) || mining.depth < 3 || mining.depth > 32)
    return fail('BAD_MINING', 'depth must be an integer from 3 to 32', '/mining/depth');
  if (typeof mining.similarity !== 'number' || !(mining.similarity >= 0 && mining.similarity <= 1))
    return fail('BAD_MINING', 'similarity must be a number from 0 to 1', '/mining/similarity');
  if (!Number.isInteger(mining.maxChildren) || mining.maxChildren < 2)
    return fail('BAD_MINING', 'maxChildren must be an integer of at least 2', '/mining/maxChildren');
  if (!Number.isInteger(mining.variableAfter) || mining.variableAfter < 2)
    return fail('BAD_MINING', 'variableAfter must be an integer of at least 2', '/mining/variableAfter');
  if (!Number.isInteger(mining.constantMaxValues) || mining.constantMaxValues < 1 || mining.constantMaxValues > 64)
    return fail('BAD_MINING', 'constantMaxValues must be an integer from 1 to 64', '/mining/constantMaxValues');
  if (typeof mining.constantMinShare !== 'number' || !(mining.constantMinShare >= 0 && mining.constantMinShare <= 1))
    return fail('BAD_MINING', 'constantMinShare must be a number from 0 to 1', '/mining/constantMinShare');
  if (!Number.isInteger(mining.constantMinLines) || mining.constantMinLines < 1)
    return fail('BAD_MINING', 'constantMinLines must be an integer of at least 1', '/mining/constantMinLines');
  if (!Number.isInteger(mining.cache) || mining.cache < 0)
    return fail('BAD_MINING', 'cache must be a whole number (0 turns it off)', '/mining/cache');
  if (typeof mining.merge !== 'boolean') return fail('BAD_MINING', 'merge must be true or false', '/mining/merge');

  const ctx = {
    fieldNames: reader.value.kind === 'json' || reader.value.kind === 'logfmt' ? null : reader.value.fieldNames,
    maskNames: masks.value.masks.map((m) => m.name),
  };
  let groupBy: FieldRef | null = null;
  if (config.groupByField !== undefined && config.groupByField !== null && config.groupByField !== '') {
    const ref = resolveFieldRef(config.groupByField, ctx, '/groupByField');
    if (!ref.ok) return ref;
    groupBy = ref.value;
  }
  const missing = config.missingGroupKey === undefined ? DEFAULT_MISSING_GROUP : config.missingGroupKey;
  if (missing !== null && typeof missing !== 'string')
    return fail('BAD_CONFIG', 'missingGroupKey must be a text or null', '/missingGroupKey');

  const mapping = compileMapping(config.mapping, ctx);
  if (!mapping.ok) return mapping;

  const keep = config.keepUnparsed ?? DEFAULT_KEEP_UNPARSED;
  if (!Number.isInteger(keep) || keep < 0)
    return fail('BAD_CONFIG', 'keepUnparsed must be a whole number', '/keepUnparsed');

  const limits = withDefaults(LIMIT_DEFAULTS, config.limits);
  for (const key of ['lineLength', 'continuationLines', 'eventLength'] as const) {
    const n = limits[key];
    const least = key === 'continuationLines' ? 0 : 1;
    if (!Number.isInteger(n) || n < least || n > MAX_LIMIT)
      return fail('BAD_CONFIG', `${key} must be a whole number from ${least} to ${MAX_LIMIT}`, `/limits/${key}`);
  }

  const time = compileTime(config.time, presetTime, reader.value.timeFields ?? [], ctx.fieldNames);
  if (!time.ok) return time;

  return {
    ok: true,
    value: {
      config,
      limits,
      time: time.value,
      reader: reader.value,
      masks: masks.value,
      continuation,
      mining,
      isVariable: variableTest(masks.value.placeholders),
      isPlaceholder: placeholderTest(masks.value.placeholders),
      groupBy,
      missingGroupKey: missing,
      mapping: mapping.value,
      keepUnparsed: keep,
    },
  };
}

/**
 * Pure: `given`'s settings over `defaults`, a setting given as undefined taking its default (as it does
 * for `keepUnparsed` and the other optional fields; a spread would put the undefined in its place).
 */
function withDefaults<T extends Record<string, number | boolean>>(
  defaults: T,
  given: object | undefined,
): { -readonly [K in keyof T]: T[K] extends boolean ? boolean : number } {
  // `fromEntries` and the spread define own properties, as the spread alone did (a key `__proto__` sets no prototype).
  const set = Object.fromEntries(Object.entries(given ?? {}).filter(([, value]) => value !== undefined));
  return { ...defaults, ...set } as { -readonly [K in keyof T]: T[K] extends boolean ? boolean : number };
}

function placeholderTest(placeholders: ReadonlySet<string>): (token: string) => boolean {
  const re = new RegExp([...placeholders].map(escapeRegex).join('|'));
  return (token) => token.includes('<') && re.test(token);
}

function variableTest(placeholders: ReadonlySet<string>): (token: string) => boolean {
  const re = new RegExp([...placeholders].map(escapeRegex).join('|'));
  return (token) => hasDigit(token) || (token.includes('<') && re.test(token));
}
