/**
 * Reading a request body with a valibot schema: the parsed value, or every problem with its JSON
 * Pointer into the body (`/events/3/targetDataSourceId`) and a sentence — the same wording the DSL
 * loader uses. Pure; shared by the worker (which answers BAD_REQUEST with these issues) and any
 * client that wants to check a body before sending it.
 */
import * as v from 'valibot';
import { pointer } from '../engine/dsl/issues';
import { schemaIssues } from '../engine/dsl/schemaIssues';
import type { Issue } from '../engine/types';

export type BodyResult<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** Pure: `body` read by `schema`; `base` prefixes every issue's path (e.g. `/config`). */
export function readBody<S extends v.GenericSchema>(schema: S, body: unknown, base = ''): BodyResult<v.InferOutput<S>> {
  const r = v.safeParse(schema, body);
  return r.success ? { ok: true, value: r.output } : { ok: false, issues: schemaIssues(r.issues, base) };
}

/**
 * Pure: `body` read by a schema that words its own problems (the request bodies of schemas.ts):
 * each issue's message as the schema gives it, at its JSON Pointer under `base`.
 */
export function readBodyAs<S extends v.GenericSchema>(
  schema: S,
  body: unknown,
  base = '',
): BodyResult<v.InferOutput<S>> {
  const r = v.safeParse(schema, body);
  if (r.success) return { ok: true, value: r.output };
  return {
    ok: false,
    issues: r.issues.map((i) => ({
      path: pointer(base, ...(i.path ?? []).map((p) => p.key as string | number)),
      message: i.message,
    })),
  };
}
