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

// ——— bodies whose problems are worded by the schema itself (`readBodyAs`) ———
//
// Each schema carries its own sentences, so a 400 reads the same whatever the transport, and the
// issue paths are JSON Pointers into the body (`/sources/2`, `/config/name`). The root message of
// every object schema is NOT_AN_OBJECT when the body is not a JSON object.

type Message = (issue: v.BaseIssue<unknown>) => string;

/** The message of a body that is not a JSON object (the worker answers it as its own 400). */
export const NOT_AN_OBJECT = 'expected a JSON object';

/** Most characters of a name or an id in a body (after trimming). */
export const MAX_NAME = 200;

/** The key an object schema's issue is about (a missing field), or undefined for the object itself. */
function keyOf(issue: v.BaseIssue<unknown>): string | undefined {
  const last = issue.path?.[issue.path.length - 1];
  return last === undefined ? undefined : String(last.key);
}

/** The root message of an object schema: NOT_AN_OBJECT, or a missing field (with `more` said after it). */
function fields(more: Record<string, string> = {}): Message {
  return (issue) => {
    const key = keyOf(issue);
    if (key === undefined) return NOT_AN_OBJECT;
    return `required field "${key}" is missing${more[key] ?? ''}`;
  };
}

/** A required name or id: a string, trimmed, not empty, at most MAX_NAME characters (the output is trimmed). */
function name(key: string) {
  return v.pipe(
    v.string(`"${key}" must be a string`),
    v.trim(),
    v.nonEmpty(`"${key}" must not be empty`),
    v.maxLength(MAX_NAME, `"${key}" must be at most ${MAX_NAME} characters`),
  );
}

/** A free text (kept as given). */
function text(key: string) {
  return v.string(`"${key}" must be a string`);
}

/** A JSON object (any fields). */
function object(message: string) {
  return v.custom<Record<string, unknown>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), message);
}

/** A body object with `entries` (other fields dropped); an array is not an object here, unlike in valibot's `object`. */
function body<E extends v.ObjectEntries>(entries: E, message: Message | string = fields()) {
  return v.pipe(object(NOT_AN_OBJECT), v.object(entries, message));
}

/** A body object with `entries`, other fields kept. */
function looseBody<E extends v.ObjectEntries>(entries: E, message: Message | string = fields()) {
  return v.pipe(object(NOT_AN_OBJECT), v.looseObject(entries, message));
}

/** `POST /admin/templates`: `{name, scenario, description?, referenceDoc?, resources?}`. */
export const TemplateBody = body(
  {
    name: name('name'),
    description: v.optional(text('description')),
    referenceDoc: v.optional(text('referenceDoc')),
    scenario: object('"scenario" must be a JSON object'),
    resources: v.optional(v.array(v.unknown(), '"resources" must be an array')),
  },
  fields(),
);

/** `PUT /admin/templates/{templateId}`: any of `name, description, scenario, referenceDoc` (others ignored). */
export const TemplatePatchBody = body(
  {
    name: v.optional(name('name')),
    description: v.optional(text('description')),
    referenceDoc: v.optional(text('referenceDoc')),
    scenario: v.optional(object('"scenario" must be a JSON object')),
  },
  fields(),
);

/** The logs a parser configuration reads: ids or names. */
const sourceList = v.array(
  v.pipe(
    v.string('a source must be a non-empty string (a source id or name)'),
    v.check((s) => s.trim() !== '', 'a source must be a non-empty string (a source id or name)'),
  ),
  '"sources" must be an array of source ids or names',
);
const SOURCES_MISSING = ': the ids (or names) of the logs to parse';

/**
 * The typed fields of a parser configuration (`POST /parser/configs`, or `config` of a parse body);
 * the other fields are checked by the parser core, and unknown ones refused by the worker.
 */
export const ParserConfigFields = looseBody(
  { name: name('name'), description: v.optional(text('description')), sources: sourceList },
  fields({ sources: SOURCES_MISSING }),
);

/** `PUT /parser/configs/{configId}`: the typed fields when given (`null` removes an optional one). */
export const ParserConfigPatchFields = looseBody(
  {
    name: v.optional(name('name')),
    description: v.optional(v.nullable(text('description'))),
    sources: v.optional(sourceList),
  },
  fields(),
);

/** `POST /parser/sources`: a user's own log. */
export const SourceBody = body(
  {
    name: name('name'),
    type: v.literal('log', (issue) => `"type" must be "log"; got ${JSON.stringify(issue.input)}`),
    content: v.pipe(
      v.string('"content" must be a string (the log text)'),
      v.nonEmpty('"content" is empty: there is nothing to parse'),
    ),
  },
  fields({ type: ': it must be "log"' }),
);

/** `POST /parser/parse`, first: exactly one of `configId` and `config`. */
export const ParseBodyChoice = v.pipe(
  looseBody({}, NOT_AN_OBJECT),
  v.check(
    (o) => (o.configId !== undefined) !== (o.config !== undefined),
    'give exactly one of "configId" (a saved configuration) and "config" (a configuration inline)',
  ),
);

/** `POST /parser/parse`, then its options (`config` itself is read as `ParserConfigFields` at `/config`). */
export function parseBodyOptions(defaultEventLimit: number, maxEventLimit: number) {
  return looseBody(
    {
      configId: v.optional(name('configId')),
      eventLimit: v.nullish(
        v.custom<number>(
          (x) => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= maxEventLimit,
          `"eventLimit" must be an integer from 0 to ${maxEventLimit}`,
        ),
        defaultEventLimit,
      ),
      progressId: v.optional(name('progressId')),
    },
    fields(),
  );
}

/** `POST /parser/configs/{configId}/enqueue`. */
export const EnqueueBody = body(
  {
    templateId: name('templateId'),
    executionId: name('executionId'),
    targetDataSourceId: name('targetDataSourceId'),
    progressId: v.optional(name('progressId')),
  },
  fields(),
);

/** `POST …/executions/{executionId}/events`: `{events}` (each event is checked by the engine). */
export const EventsBody = body({ events: v.unknown() });

/** A list of external events (`events`, `externalEvents`). */
export const EventList = v.array(v.unknown(), 'expected an array');

/** `POST /engine/templates/{templateId}/executions`: `{name?, seed?, externalEvents?}` (the first problem is answered). */
export const ExecutionBody = body(
  {
    name: v.optional(
      v.pipe(
        v.string('expected a non-empty string'),
        v.trim(),
        v.nonEmpty('expected a non-empty string'),
        v.transform((s) => s.slice(0, MAX_NAME)),
      ),
    ),
    seed: v.optional(v.custom<number>((x) => typeof x === 'number' && Number.isSafeInteger(x), 'expected an integer')),
    externalEvents: v.optional(v.unknown()),
  },
  NOT_AN_OBJECT,
);
