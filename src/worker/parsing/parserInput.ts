/**
 * Reading the parser paths' request bodies (API.md "Parser"). A malformed body — not an object, a
 * required field missing or of the wrong type — is BAD_REQUEST (400) with `details.issues`; a
 * configuration the parser core refuses is INVALID_CONFIG (422) with `details.issues = [{path,
 * message}]`, each path a JSON Pointer into the request body (`/config/format/pattern` when the
 * configuration is nested in a parse body). The shapes are the valibot schemas of
 * src/contract/schemas.ts, which word their own problems; what is left here is the parser core's
 * check of a configuration and the size of a log. Pure: every function returns a value or throws
 * Failure.
 */
import type * as v from 'valibot';
import { readBodyAs } from '../body';
import {
  EnqueueBody,
  NOT_AN_OBJECT,
  ParseBodyChoice,
  ParserConfigFields,
  ParserConfigPatchFields,
  SourceBody,
  parseBodyOptions,
} from '../../contract/schemas';
import type { Issue } from '../../engine/types';
import type { EnqueueRequest, ParserConfigBody } from '../../contract/wire';
import { PARSER_LIMITS } from '../../contract/wire';
import { compileConfig, utf8Length, type CompiledConfig, type ParserConfig } from '../../parser';
import { Failure } from '../result';

/** The fields a configuration may have; `id`, `createdAt`, `updatedAt` (a record sent back) and `$schema` are ignored. */
const FIELDS = new Set([
  'name',
  'description',
  'sources',
  'groupByField',
  'missingGroupKey',
  'format',
  'continuation',
  'masks',
  'mining',
  'mapping',
  'keepUnparsed',
  'limits',
  'time',
]);
const IGNORED = new Set(['id', 'createdAt', 'updatedAt', '$schema']);

/** Pure: a whole configuration (`POST /api/parser/configs`, or `config` of a parse body at `at`), checked by the parser core. */
export function readConfigBody(body: unknown, at = ''): ParserConfigBody {
  const fields = read(ParserConfigFields, body, at);
  const config = pick(body as Record<string, unknown>, at) as unknown as ParserConfigBody;
  config.name = fields.name;
  if (fields.description !== undefined) config.description = fields.description;
  config.sources = fields.sources;
  checkConfig(config, at);
  return config;
}

/**
 * Pure: a partial update (`PUT /api/parser/configs/{configId}`): the given fields replace the
 * stored ones, `null` removes an optional one (except `missingGroupKey`, where null is a value).
 * The merged configuration is checked by the caller with `checkConfig`.
 */
export function readConfigPatch(body: unknown): Record<string, unknown> {
  read(ParserConfigPatchFields, body, '');
  const patch = pick(body as Record<string, unknown>, '');
  if (typeof patch.name === 'string') patch.name = patch.name.trim();
  if (Object.keys(patch).length === 0)
    throw new Failure(
      'BAD_REQUEST',
      `Nothing to update: give at least one of ${[...FIELDS].map((f) => `"${f}"`).join(', ')}`,
      { fields: [...FIELDS] },
    );
  return patch;
}

/** Pure: `current` with `patch` applied (see readConfigPatch). */
export function applyConfigPatch<T extends ParserConfigBody>(current: T, patch: Record<string, unknown>): T {
  const next = { ...current } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === null && key !== 'missingGroupKey') delete next[key];
    else next[key] = value;
  }
  return next as unknown as T;
}

/** Pure: the compiled configuration, or Failure INVALID_CONFIG naming where (under `at`) and why. */
export function checkConfig(config: ParserConfigBody, at = ''): CompiledConfig {
  const compiled = compileConfig(config as ParserConfig);
  if (compiled.ok) return compiled.value;
  const { code, message, path } = compiled.error;
  const where = `${at}${path}` || '/';
  // An unknown group field: name the fields the format has, so a client can offer them.
  const withoutGroup =
    code === 'BAD_GROUP_BY' ? compileConfig({ ...(config as ParserConfig), groupByField: '' }) : null;
  const fields = withoutGroup?.ok ? { fields: [...withoutGroup.value.reader.fieldNames] } : {};
  throw new Failure('INVALID_CONFIG', `The parser configuration is not valid: ${where}: ${message}`, {
    issues: [{ path: `${at}${path}`, message }],
    parserCode: code,
    ...fields,
  });
}

/** Pure: a `POST /api/parser/sources` body; content over `maxBytes` UTF-8 bytes is PAYLOAD_TOO_LARGE (413). */
export function readSourceBody(body: unknown, maxBytes: number): { name: string; content: string; bytes: number } {
  const { name, content } = read(SourceBody, body, '');
  // Every UTF-16 code unit takes at least one UTF-8 byte: a text longer than the limit in characters is over it without counting.
  const bytes = content.length > maxBytes ? content.length : utf8Length(content);
  if (bytes > maxBytes) {
    const size = content.length > maxBytes ? `at least ${bytes}` : String(bytes);
    throw new Failure(
      'PAYLOAD_TOO_LARGE',
      `The log is ${size} bytes; a source may be at most ${maxBytes} bytes (UTF-8)`,
      { limit: maxBytes, size: bytes },
    );
  }
  return { name, content, bytes };
}

/** Pure: a `POST /api/parser/parse` body: exactly one of `configId` and `config`, and the options. */
export function readParseBody(body: unknown): {
  configId?: string;
  config?: ParserConfigBody;
  eventLimit: number;
  progressId?: string;
} {
  const o = read(ParseBodyChoice, body, '');
  const { configId, eventLimit, progressId } = read(PARSE_OPTIONS, o, '');
  const config = o.config !== undefined ? readConfigBody(o.config, '/config') : undefined;
  return {
    ...(configId !== undefined ? { configId } : {}),
    ...(config ? { config } : {}),
    eventLimit,
    ...(progressId !== undefined ? { progressId } : {}),
  };
}

/** Pure: a `POST /api/parser/configs/{configId}/enqueue` body. */
export function readEnqueueBody(body: unknown): EnqueueRequest {
  const { templateId, executionId, targetDataSourceId, progressId } = read(EnqueueBody, body, '');
  return { templateId, executionId, targetDataSourceId, ...(progressId !== undefined ? { progressId } : {}) };
}

/** The configuration fields of `o` (ignored ones dropped); an unknown field is INVALID_CONFIG, so a typo is never silently ignored. */
function pick(o: Record<string, unknown>, at: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const unknown: Issue[] = [];
  for (const [key, value] of Object.entries(o)) {
    if (FIELDS.has(key)) out[key] = value;
    else if (!IGNORED.has(key))
      unknown.push({
        path: `${at}/${key}`,
        message: `unknown field "${key}" (a configuration has ${[...FIELDS].join(', ')})`,
      });
  }
  if (unknown.length > 0)
    throw new Failure(
      'INVALID_CONFIG',
      `The parser configuration is not valid: ${unknown[0]!.path}: ${unknown[0]!.message}`,
      { issues: unknown },
    );
  return out;
}

const PARSE_OPTIONS = parseBodyOptions(PARSER_LIMITS.defaultEventLimit, PARSER_LIMITS.maxEventLimit);

/**
 * Pure: `body` (at `at` in the request body) read by `schema`; a body that is not a JSON object, or
 * any other problem of its shape, is Failure BAD_REQUEST naming every issue.
 */
function read<S extends v.GenericSchema>(schema: S, body: unknown, at: string): v.InferOutput<S> {
  const r = readBodyAs(schema, body, at);
  if (r.ok) return r.value;
  if (r.issues.length === 1 && r.issues[0]!.path === at && r.issues[0]!.message === NOT_AN_OBJECT) {
    throw new Failure(
      'BAD_REQUEST',
      at === '' ? 'The request body must be a JSON object' : `"${at.slice(1)}" must be a JSON object`,
      { issues: [{ path: at, message: NOT_AN_OBJECT }] },
    );
  }
  throw badRequest(r.issues);
}

function badRequest(issues: Issue[]): Failure {
  return new Failure(
    'BAD_REQUEST',
    `The request body is not valid: ${issues.map((i) => `${i.path || '/'}: ${i.message}`).join('; ')}`,
    { issues },
  );
}
