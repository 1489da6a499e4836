/**
 * The shape of a parser configuration, checked with valibot (the schema library the DSL uses) before
 * anything is compiled: every field's type, so a wrong type is an error value naming its JSON path
 * (`/masks/disable: must be a list of mask names; got 5`) rather than a TypeError deep in compiling
 * (`masks.disable` as a number threw "is not iterable"; as a text it was split into characters).
 * What a value means (a valid pattern, a known preset, a field the format has) is checked by the
 * compilers after this, each with its own path. Objects are loose: keys the parser does not read
 * are left alone, as before (the API refuses unknown top-level fields itself).
 */
import * as v from 'valibot';
import type { ParserError, ParserErrorCode } from '../contract/parser';

const text = (what: string) => v.string(`must be ${what}`);
const texts = (what: string) => v.array(v.string(`must be a ${what}`), `must be a list of ${what}s`);
const whole = (what: string) => v.number(`must be ${what}`);

const MaskSpecSchema = v.looseObject(
  {
    name: text('a mask name (text)'),
    pattern: text('a regular expression (text)'),
    flags: v.optional(text('flags (text)')),
  },
  'must be a mask {name, pattern, flags?}',
);

const FormatSchema = v.variant(
  'kind',
  [
    v.looseObject({ kind: v.literal('format'), pattern: text('a format string (text)') }),
    v.looseObject({
      kind: v.literal('regex'),
      pattern: text('a regular expression (text)'),
      flags: v.optional(text('flags (text)')),
    }),
    v.looseObject({
      kind: v.picklist(['json', 'logfmt']),
      messageKey: v.optional(v.union([v.string(), v.array(v.string())], 'must be a key name or a list of key names')),
    }),
    v.looseObject({ kind: v.literal('preset'), name: text('a preset name (text)') }),
  ],
  'must be {kind: "format" | "regex" | "json" | "logfmt" | "preset", …}',
);

/** The configuration's shape (types only). */
export const ParserConfigSchema = v.looseObject(
  {
    name: v.optional(text('a text')),
    description: v.optional(text('a text')),
    sources: v.optional(texts('source name or id')),
    groupByField: v.nullish(text('a field name (text)')),
    missingGroupKey: v.optional(v.nullable(text('a text or null'))),
    format: v.optional(FormatSchema),
    continuation: v.optional(
      v.looseObject(
        {
          enabled: v.optional(v.boolean('must be true or false')),
          pattern: v.optional(text('a regular expression (text)')),
        },
        'must be {enabled?, pattern?}',
      ),
    ),
    masks: v.optional(
      v.looseObject(
        {
          useDefaults: v.optional(v.boolean('must be true or false')),
          disable: v.optional(texts('mask name')),
          custom: v.optional(v.array(MaskSpecSchema, 'must be a list of {name, pattern}')),
        },
        'must be {useDefaults?, disable?, custom?}',
      ),
    ),
    mining: v.optional(
      v.looseObject(
        {
          depth: v.optional(whole('an integer')),
          similarity: v.optional(whole('a number from 0 to 1')),
          maxChildren: v.optional(whole('an integer')),
          variableAfter: v.optional(whole('an integer')),
          constantMaxValues: v.optional(whole('an integer')),
          constantMinShare: v.optional(whole('a number from 0 to 1')),
          constantMinLines: v.optional(whole('an integer')),
          merge: v.optional(v.boolean('must be true or false')),
          cache: v.optional(whole('a whole number')),
        },
        'must be an object of mining settings',
      ),
    ),
    mapping: v.optional(v.looseObject({}, 'must be an object')),
    keepUnparsed: v.optional(whole('a whole number')),
    limits: v.optional(
      v.looseObject(
        {
          lineLength: v.optional(whole('a whole number')),
          continuationLines: v.optional(whole('a whole number')),
          eventLength: v.optional(whole('a whole number')),
        },
        'must be {lineLength?, continuationLines?, eventLength?}',
      ),
    ),
    time: v.optional(
      v.looseObject(
        {
          enabled: v.optional(v.boolean('must be true or false')),
          fields: v.optional(texts('field name')),
          firstOf: v.optional(texts('field name')),
          layout: v.optional(v.union([v.string(), v.array(v.string())], 'must be a layout or a list of layouts')),
          zone: v.optional(text('a zone (text): "UTC" or an offset such as "+02:00"')),
          year: v.optional(whole('a whole number')),
        },
        'must be {fields?, firstOf?, layout?, zone?, year?, enabled?}',
      ),
    ),
  },
  'the configuration must be an object',
);

/** The error code of a problem under each top-level field (the codes the compilers use there). */
const CODES: Record<string, ParserErrorCode> = {
  format: 'BAD_FORMAT',
  continuation: 'BAD_REGEX',
  masks: 'BAD_MASK',
  mining: 'BAD_MINING',
  mapping: 'BAD_MAPPING',
  groupByField: 'BAD_GROUP_BY',
  time: 'BAD_TIME',
};

/** Pure: the configuration's first type problem, with its JSON path, or null. */
export function configShapeProblem(config: unknown): ParserError | null {
  const r = v.safeParse(ParserConfigSchema, config, { abortEarly: true });
  if (r.success) return null;
  const issue = r.issues[0];
  const keys = (issue.path ?? []).map((p) => String(p.key));
  const path = keys.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  const field = keys.length === 0 ? 'the configuration' : keys.join('.');
  const message = issue.message.startsWith('the configuration') ? issue.message : `${field} ${issue.message}`;
  return { code: CODES[keys[0] ?? ''] ?? 'BAD_CONFIG', message: `${message}; got ${showValue(issue.input)}`, path };
}

function showValue(x: unknown): string {
  if (x === undefined) return 'nothing';
  let json: string | undefined;
  try {
    json = JSON.stringify(x);
  } catch {
    // A value nested too deeply to write (a configuration built in code; JSON files are bounded).
    return Array.isArray(x) ? 'a list' : typeof x;
  }
  if (json === undefined) return typeof x;
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}
