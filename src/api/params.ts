/**
 * Reading query parameters and bodies (API.md "Conventions"): `currentStep` is a non-negative
 * integer or `end`; `step` a non-negative integer or `last`; `limit` an integer ≥ 1. Anything else
 * is 400 INVALID_PARAMETER naming the parameter and the value. A body over `MAX_BODY_BYTES` (or the
 * route's own limit: a log source may be larger) is 413; one that is not JSON, 400.
 *
 * These throw `RequestError`, answered by the route wrapper (handlers.ts): one line per parameter
 * keeps each handler a plain translation of HTTP into a service call.
 */
import { MAX_JSON_DEPTH, jsonTooDeepAt, tooDeepJsonMessage } from '../contract/jsonDepth';
import { RequestError } from './errors';
import type { StepRef, StepTarget } from '../contract/wire';

/** Largest request body accepted (documented in openapi.json). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

const INTEGER = /^(0|[1-9]\d{0,14})$/;

/** Pure: `currentStep` (required): a non-negative integer or `end`. */
export function stepTarget(query: URLSearchParams, name = 'currentStep'): StepTarget {
  const raw = query.get(name);
  if (raw === null) throw invalid(name, raw, 'is required: a non-negative integer or "end"');
  if (raw === 'end') return 'end';
  if (!INTEGER.test(raw)) throw invalid(name, raw, 'must be a non-negative integer or "end"');
  return Number(raw);
}

/** Pure: `step` (optional, default `last`): a non-negative integer or `last`. */
export function stepRef(query: URLSearchParams, name = 'step'): StepRef {
  const raw = query.get(name);
  if (raw === null || raw === 'last') return 'last';
  if (!INTEGER.test(raw)) throw invalid(name, raw, 'must be a non-negative integer or "last"');
  return Number(raw);
}

/**
 * Most entries one answer lists (`activityLimit` of a step, `limit` of a node's activity): an answer
 * stays a few tens of MB at worst, so a client can always read it. A larger run is read in pages
 * (`…/ledger/events`) or exported whole (`…/export`, `…/ledger`).
 */
export const MAX_ANSWER_ENTRIES = 100_000;

/** Pure: an optional integer parameter of at least `min` (and at most `max`, when given). */
export function integer(query: URLSearchParams, name: string, min: number, max?: number): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!INTEGER.test(raw) || Number(raw) < min) throw invalid(name, raw, `must be an integer of at least ${min}`);
  if (max !== undefined && Number(raw) > max)
    throw invalid(
      name,
      raw,
      `must be at most ${max.toLocaleString('en-US')}: read more through the paged ledger (…/ledger/events) or the export`,
    );
  return Number(raw);
}

/** Pure: a required text parameter. */
export function requiredText(query: URLSearchParams, name: string, hint: string): string {
  const raw = query.get(name);
  if (raw === null || raw === '') throw invalid(name, raw, `is required: ${hint}`);
  return raw;
}

/** Pure: an optional text parameter. */
export function optionalText(query: URLSearchParams, name: string): string | undefined {
  return query.get(name) ?? undefined;
}

/** Not pure (reads the body): the JSON body, or undefined when empty; over `limit` bytes is 413 (default `MAX_BODY_BYTES`). */
export async function jsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge(declared, limit);
  // The limit counts bytes as sent (UTF-8), not the decoded text's UTF-16 units.
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > limit) throw tooLarge(bytes.byteLength, limit);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return undefined;
  if (jsonTooDeepAt(text) !== null)
    throw new RequestError('BAD_REQUEST', `The request body is ${tooDeepJsonMessage()}`, {
      maxDepth: MAX_JSON_DEPTH,
    });
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new RequestError(
      'BAD_REQUEST',
      `The request body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
      {},
    );
  }
}

/**
 * Pure: the revision an update was made on, from its `If-Match` header (`"3"`, the quotes optional):
 * null without the header or with `*` (any revision: the update applies to whatever is stored).
 * Anything else is 400 INVALID_PARAMETER naming the header.
 */
export function ifMatchRevision(request: Request): number | null {
  const raw = request.headers.get('if-match');
  if (raw === null || raw.trim() === '*') return null;
  const m = /^\s*"?(0|[1-9]\d{0,14})"?\s*$/.exec(raw);
  if (!m) {
    throw new RequestError(
      'INVALID_PARAMETER',
      `Header "If-Match" must be the revision the change was made on, e.g. "3" (the template's \`revision\`); got ${JSON.stringify(raw)}`,
      { header: 'If-Match', value: raw },
    );
  }
  return Number(m[1]);
}

function invalid(name: string, raw: string | null, rule: string): RequestError {
  const shown = raw === null ? 'missing' : JSON.stringify(raw);
  return new RequestError('INVALID_PARAMETER', `Query parameter "${name}" ${rule}; got ${shown}`, {
    parameter: name,
    value: raw,
  });
}

function tooLarge(bytes: number, limit: number): RequestError {
  return new RequestError('PAYLOAD_TOO_LARGE', `The request body is ${bytes} bytes; the limit is ${limit} bytes`, {
    limit,
    size: bytes,
  });
}
