/**
 * The document around the nodes (DSL.md §1): the scenario's top-level fields, and the template
 * wrapper `{id, name, description, version, scenario, …}` that a stored or exported template has.
 * Like `schema.ts`, these describe the INPUT and feed both the loader and the JSON Schema.
 */
import * as v from 'valibot';
import { DSL_DEFAULTS, DSL_LIMITS } from './defaults';
import { DSL_VERSION } from './constants';
import { doc, NodeSchema } from './schema';

/**
 * Pure: the scenario's top-level entries. `nodes` is passed in so the loader can read the shell
 * (with `v.unknown()` nodes, checked one by one) and the JSON Schema can describe every node.
 * `versionRequired` is false inside a template, whose own `version` may supply it.
 */
function scenarioEntries<N extends v.GenericSchema>(node: N, versionRequired: boolean) {
  const version = doc(v.literal(DSL_VERSION), 'DSL version: "3.0".');
  return {
    $schema: v.optional(doc(v.string(), 'URL of the JSON Schema, for editors.')),
    version: versionRequired ? version : v.optional(version),
    name: v.optional(doc(v.string(), 'Scenario name.')),
    description: v.optional(doc(v.string(), 'What the scenario shows.')),
    seed: v.optional(
      doc(
        v.pipe(v.number(), v.safeInteger()),
        'Seed of every pseudo-random choice of a run (an execution may override it).',
        DSL_DEFAULTS.seed,
      ),
    ),
    tickMs: v.optional(
      doc(v.pipe(v.number(), v.integer(), v.minValue(1)), 'Simulated milliseconds per step.', DSL_DEFAULTS.tickMs),
    ),
    startTime: v.optional(
      doc(
        v.pipe(v.number(), v.safeInteger()),
        'Epoch milliseconds of step 0 (never the wall clock).',
        DSL_DEFAULTS.startTime,
      ),
    ),
    maxSteps: v.optional(
      doc(
        v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(DSL_LIMITS.maxSteps)),
        'Bound for "run to end"; reaching it ends the run as truncated. At most 10,000,000.',
        DSL_DEFAULTS.maxSteps,
      ),
    ),
    maxEvents: v.optional(
      doc(
        v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(DSL_LIMITS.maxEvents)),
        'Bound on work: the ledger never holds more events than this (nor more deliveries wait); reaching it with work left ends the run as truncated. At most 100,000,000.',
        DSL_DEFAULTS.maxEvents,
      ),
    ),
    maxWork: v.optional(
      doc(
        v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(DSL_LIMITS.maxWork)),
        'Bound on work units: one per task a node runs plus the steps of every formula evaluation; reaching it ends the run as truncated, in the middle of a step if need be. At most 1,000,000,000,000.',
        DSL_DEFAULTS.maxWork,
      ),
    ),
    nodes: doc(v.array(node), 'The graph: DataSource, ProcessNode, FSM, Aggregator, Multiplexer and Sink nodes.'),
    groups: v.optional(doc(v.unknown(), '(compat) Editor groups of the original tool: kept, ignored.')),
    edges: v.optional(doc(v.unknown(), '(compat) Ignored (warning): edges come from `outputs` and `inputs`.')),
  };
}

/** A bare scenario, as the JSON Schema describes it. */
export const ScenarioSchema = v.pipe(v.looseObject(scenarioEntries(NodeSchema, true)), v.title('scenario'));

/** A bare scenario with its nodes left unchecked: the loader checks each node on its own. */
export const ScenarioShellSchema = v.pipe(v.looseObject(scenarioEntries(v.unknown(), true)), v.title('scenario'));
export const EmbeddedScenarioShellSchema = v.pipe(
  v.looseObject(scenarioEntries(v.unknown(), false)),
  v.title('scenario'),
);

const templateEntries = <S extends v.GenericSchema>(scenario: S) => ({
  $schema: v.optional(doc(v.string(), 'URL of the JSON Schema, for editors.')),
  id: v.optional(doc(v.string(), 'Template id (given by the store).')),
  name: v.optional(doc(v.string(), 'Template name; also the scenario name when the scenario has none.')),
  description: v.optional(doc(v.string(), 'What the template shows.')),
  version: v.optional(doc(v.string(), 'DSL version "3.0"; used when the scenario has no `version`.')),
  slug: v.optional(doc(v.string(), 'URL-friendly name (given by the store).')),
  referenceDoc: v.optional(doc(v.string(), 'Reference documentation (Markdown).')),
  resources: v.optional(doc(v.unknown(), 'Attached resources.')),
  createdAt: v.optional(doc(v.unknown(), 'Set by the store.')),
  updatedAt: v.optional(doc(v.unknown(), 'Set by the store.')),
  scenario,
});

/** A template `{id, name, description, version, scenario, …}` (or the compat `{name, description, version, scenario}`). */
export const TemplateSchema = v.pipe(
  v.looseObject(templateEntries(v.pipe(v.looseObject(scenarioEntries(NodeSchema, false)), v.title('scenario')))),
  v.title('template'),
);

/** The template wrapper with its scenario left unchecked. */
export const TemplateShellSchema = v.pipe(v.looseObject(templateEntries(v.unknown())), v.title('template'));

/** Everything the loader accepts: a template or a bare scenario. */
export const DocumentSchema = v.union([TemplateSchema, ScenarioSchema]);
