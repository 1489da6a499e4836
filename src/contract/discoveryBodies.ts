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

const whole = (key: string, min: number, max: number) =>
  v.pipe(
    v.number(`"${key}" must be a number`),
    v.integer(`"${key}" must be a whole number`),
    v.minValue(min, `"${key}" must be from ${min} to ${max}`),
    v.maxValue(max, `"${key}" must be from ${min} to ${max}`),
  );

/** `POST /mining/simulation-model`. */
export const SimulationModelBody = v.pipe(
  v.object(
    {
      ...Source,
      fields: Fields,
      arrivals: v.optional(v.picklist(['empirical', 'exponential'], '"arrivals" must be "empirical" or "exponential"')),
      stop: v.optional(v.picklist(['cases', 'horizon'], '"stop" must be "cases" or "horizon"')),
      name: v.optional(text('name')),
      replications: v.optional(whole('replications', 1, 100)),
    },
    'expected a JSON object',
  ),
  v.check(oneSource, ONE_SOURCE),
);

/** `POST /mining/experiment`. */
export const ExperimentBody = v.object(
  {
    templateId: text('templateId'),
    seed: v.optional(whole('seed', -1e15, 1e15)),
    from: v.optional(whole('from', 0, 1_000_000)),
    count: whole('count', 1, 1000),
    vary: v.optional(
      v.object(
        {
          path: text('path'),
          values: v.pipe(
            v.array(v.unknown(), '"values" must be an array'),
            v.minLength(1, '"values" must hold at least one value'),
            v.maxLength(20, '"values" holds at most 20 values'),
          ),
        },
        '"vary" must be {path, values}',
      ),
    ),
    horizon: v.optional(whole('horizon', 1, 1e9)),
  },
  (issue) =>
    issue.path && issue.path.length === 1
      ? `required field "${String(issue.path[0]!.key)}" is missing`
      : 'expected a JSON object',
);
