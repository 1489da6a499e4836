/**
 * The request bodies of the mining paths (docs/discovery.md, "HTTP API") as valibot schemas, read
 * by the worker with `readBodyAs` like the other bodies (src/contract/schemas.ts): each problem
 * worded here, at its JSON Pointer into the body.
 */
import * as v from 'valibot';

const text = (key: string) =>
  v.pipe(v.string(`"${key}" must be a string`), v.trim(), v.minLength(1, `"${key}" must not be empty`));

const percent = (key: string) =>
  v.optional(
    v.pipe(
      v.number(`"${key}" must be a number`),
      v.minValue(0, `"${key}" must be a percentage from 0 to 100`),
      v.maxValue(100, `"${key}" must be a percentage from 0 to 100`),
    ),
  );

const Fields = v.optional(
  v.object(
    { case: v.optional(text('case')), activity: v.optional(text('activity')), time: v.optional(text('time')) },
    '"fields" must be an object',
  ),
);

const Execution = v.object(
  {
    templateId: text('templateId'),
    executionId: text('executionId'),
    from: v.optional(v.picklist(['events', 'ledger'], '"from" must be "events" or "ledger"')),
  },
  (issue) =>
    issue.path && issue.path.length > 1
      ? `required field "${String(issue.path[issue.path.length - 1]!.key)}" is missing`
      : '"execution" must be an object',
);

const Source = {
  events: v.optional(v.array(v.unknown(), '"events" must be an array of events')),
  execution: v.optional(Execution),
  // The parse body is checked by the parse itself (src/worker/parsing/parserInput.ts).
  parse: v.optional(v.record(v.string(), v.unknown(), '"parse" must be an object (a parse request)')),
};

/** Exactly one source of events. */
function oneSource<T extends { events?: unknown; execution?: unknown; parse?: unknown }>(o: T): boolean {
  return [o.events, o.execution, o.parse].filter((x) => x !== undefined).length === 1;
}
const ONE_SOURCE = 'give the events in one way: inline ("events"), from a run ("execution") or from a parse ("parse")';

/** `POST /mining/discover`. */
export const DiscoverBody = v.pipe(
  v.object(
    {
      ...Source,
      fields: Fields,
      filter: v.optional(
        v.object(
          { activities: percent('activities'), paths: percent('paths'), variants: percent('variants') },
          '"filter" must be an object',
        ),
      ),
      template: v.optional(v.boolean('"template" must be true or false')),
      name: v.optional(text('name')),
      replay: v.optional(v.boolean('"replay" must be true or false')),
    },
    'expected a JSON object',
  ),
  v.check(oneSource, ONE_SOURCE),
);

/** `POST /mining/conform`. */
export const ConformBody = v.pipe(
  v.object({ ...Source, templateId: text('templateId'), fsm: v.optional(text('fsm')) }, (issue) =>
    issue.path ? 'required field "templateId" is missing' : 'expected a JSON object',
  ),
  v.check(oneSource, ONE_SOURCE),
);

/** `POST /mining/export`. */
export const ExportBody = v.pipe(
  v.object(
    { ...Source, fields: Fields, format: v.optional(v.picklist(['xes', 'ocel'], '"format" must be "xes" or "ocel"')) },
    'expected a JSON object',
  ),
  v.check(oneSource, ONE_SOURCE),
);

/** `POST /mining/import-xes`. */
export const ImportXesBody = v.object(
  { xes: v.string('"xes" must be the text of a XES file'), fields: Fields, target: v.optional(text('target')) },
  (issue) => (issue.path ? 'required field "xes" is missing' : 'expected a JSON object'),
);
