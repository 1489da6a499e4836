/**
 * Reading the parser paths' request bodies (API.md "Parser"). A malformed body — not an object, a
 * required field missing or of the wrong type — is BAD_REQUEST (400) with `details.issues`; a
 * configuration the parser core refuses is INVALID_CONFIG (422) with `details.issues = [{path,
 * message}]`, each path a JSON Pointer into the request body (`/config/format/pattern` when the
 * configuration is nested in a parse body). Pure: every function returns a value or throws Failure.
 */
import type { Issue } from '../engine/types';
import type { EnqueueRequest, ParserConfigBody } from '../contract/wire';
import { PARSER_LIMITS } from '../contract/wire';
import { compileConfig, utf8Length, type CompiledConfig, type ParserConfig } from '../parser';
import { Failure } from './result';

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
]);
const IGNORED = new Set(['id', 'createdAt', 'updatedAt', '$schema']);
const MAX_NAME = 200;

/** Pure: a whole configuration (`POST /api/parser/configs`, or `config` of a parse body at `at`), checked by the parser core. */
export function readConfigBody(body: unknown, at = ''): ParserConfigBody {
  const o = object(body, at);
  const issues: Issue[] = [];
  const name = text(o, 'name', at, issues, true);
  const description = text(o, 'description', at, issues, false);
  const sources = sourceList(o, at, issues, true);
  if (issues.length > 0) throw badRequest(issues);
  const config = pick(o, at) as unknown as ParserConfigBody;
  config.name = name!;
  if (description !== undefined) config.description = description;
  config.sources = sources!;
  checkConfig(config, at);
  return config;
}

/**
 * Pure: a partial update (`PUT /api/parser/configs/{configId}`): the given fields replace the
 * stored ones, `null` removes an optional one (except `missingGroupKey`, where null is a value).
 * The merged configuration is checked by the caller with `checkConfig`.
 */
export function readConfigPatch(body: unknown): Record<string, unknown> {
  const o = object(body, '');
  const issues: Issue[] = [];
  if (o.name !== undefined) text(o, 'name', '', issues, true);
  if (o.description !== undefined && o.description !== null) text(o, 'description', '', issues, false);
  if (o.sources !== undefined) sourceList(o, '', issues, true);
  if (issues.length > 0) throw badRequest(issues);
  const patch = pick(o, '');
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
  const o = object(body, '');
  const issues: Issue[] = [];
  const name = text(o, 'name', '', issues, true);
  if (o.type !== 'log')
    issues.push({
      path: '/type',
      message:
        o.type === undefined
          ? 'required field "type" is missing: it must be "log"'
          : `"type" must be "log"; got ${JSON.stringify(o.type)}`,
    });
  if (typeof o.content !== 'string')
    issues.push({
      path: '/content',
      message:
        o.content === undefined ? 'required field "content" is missing' : '"content" must be a string (the log text)',
    });
  else if (o.content === '')
    issues.push({ path: '/content', message: '"content" is empty: there is nothing to parse' });
  if (issues.length > 0) throw badRequest(issues);
  const content = o.content as string;
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
  return { name: name!, content, bytes };
}

/** Pure: a `POST /api/parser/parse` body: exactly one of `configId` and `config`, and the options. */
export function readParseBody(body: unknown): {
  configId?: string;
  config?: ParserConfigBody;
  eventLimit: number;
  progressId?: string;
} {
  const o = object(body, '');
  const has = (k: string) => o[k] !== undefined;
  if (has('configId') === has('config')) {
    throw badRequest([
      {
        path: '',
        message: 'give exactly one of "configId" (a saved configuration) and "config" (a configuration inline)',
      },
    ]);
  }
  const issues: Issue[] = [];
  const configId = has('configId') ? text(o, 'configId', '', issues, true) : undefined;
  const eventLimit = o.eventLimit ?? PARSER_LIMITS.defaultEventLimit;
  if (
    !Number.isInteger(eventLimit) ||
    (eventLimit as number) < 0 ||
    (eventLimit as number) > PARSER_LIMITS.maxEventLimit
  ) {
    issues.push({
      path: '/eventLimit',
      message: `"eventLimit" must be an integer from 0 to ${PARSER_LIMITS.maxEventLimit}`,
    });
  }
  const progressId = has('progressId') ? text(o, 'progressId', '', issues, true) : undefined;
  if (issues.length > 0) throw badRequest(issues);
  const config = has('config') ? readConfigBody(o.config, '/config') : undefined;
  return {
    ...(configId !== undefined ? { configId } : {}),
    ...(config ? { config } : {}),
    eventLimit: eventLimit as number,
    ...(progressId !== undefined ? { progressId } : {}),
  };
}

/** Pure: a `POST /api/parser/configs/{configId}/enqueue` body. */
export function readEnqueueBody(body: unknown): EnqueueRequest {
  const o = object(body, '');
  const issues: Issue[] = [];
  const templateId = text(o, 'templateId', '', issues, true);
  const executionId = text(o, 'executionId', '', issues, true);
  const targetDataSourceId = text(o, 'targetDataSourceId', '', issues, true);
  const progressId = o.progressId !== undefined ? text(o, 'progressId', '', issues, true) : undefined;
  if (issues.length > 0) throw badRequest(issues);
  return {
    templateId: templateId!,
    executionId: executionId!,
    targetDataSourceId: targetDataSourceId!,
    ...(progressId !== undefined ? { progressId } : {}),
  };
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

function object(body: unknown, at: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Failure(
      'BAD_REQUEST',
      at === '' ? 'The request body must be a JSON object' : `"${at.slice(1)}" must be a JSON object`,
      { issues: [{ path: at, message: 'expected a JSON object' }] },
    );
  }
  return body as Record<string, unknown>;
}

function text(
  o: Record<string, unknown>,
  key: string,
  at: string,
  issues: Issue[],
  required: boolean,
): string | undefined {
  const v = o[key];
  const path = `${at}/${key}`;
  if (v === undefined) {
    if (required) issues.push({ path, message: `required field "${key}" is missing` });
    return undefined;
  }
  if (typeof v !== 'string') {
    issues.push({ path, message: `"${key}" must be a string` });
    return undefined;
  }
  if (!required) return v;
  const t = v.trim();
  if (t === '') issues.push({ path, message: `"${key}" must not be empty` });
  else if (t.length > MAX_NAME) issues.push({ path, message: `"${key}" must be at most ${MAX_NAME} characters` });
  return t;
}

function sourceList(o: Record<string, unknown>, at: string, issues: Issue[], required: boolean): string[] | undefined {
  const v = o.sources;
  const path = `${at}/sources`;
  if (v === undefined) {
    if (required)
      issues.push({ path, message: 'required field "sources" is missing: the ids (or names) of the logs to parse' });
    return undefined;
  }
  if (!Array.isArray(v)) {
    issues.push({ path, message: '"sources" must be an array of source ids or names' });
    return undefined;
  }
  v.forEach((s, i) => {
    if (typeof s !== 'string' || s.trim() === '')
      issues.push({ path: `${path}/${i}`, message: 'a source must be a non-empty string (a source id or name)' });
  });
  return v as string[];
}

function badRequest(issues: Issue[]): Failure {
  return new Failure(
    'BAD_REQUEST',
    `The request body is not valid: ${issues.map((i) => `${i.path || '/'}: ${i.message}`).join('; ')}`,
    { issues },
  );
}
