/**
 * The request bodies of the API as valibot schemas: one per body, so the worker checks what it
 * receives with the schema library the DSL already uses, and errors keep their JSON-pointer paths.
 */
import * as v from 'valibot';

const record = v.record(v.string(), v.unknown());

/** `POST /admin/validate`. */
export const ValidateBody = v.object({ scenario: record });

/** `POST /engine/templates/{templateId}/executions/import`. */
export const RunImportBody = v.object({
  run: v.string(),
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
});
