/**
 * The published JSON Schema (draft 2020-12) of V3 DSL documents, generated from the same valibot
 * schemas the loader uses, so the two cannot drift. `scripts/build-schema.mjs` writes it to
 * `public/schema/v3.json`; a test checks the committed file equals what this produces.
 *
 * The JSON Schema checks shapes only. Cross-field rules (edges to unknown nodes, formulas that do
 * not parse, …) are the loader's: `flowledger validate` reports both.
 */
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import { DocumentSchema, ScenarioSchema, TemplateSchema } from './documentSchema';
import {
  AggregatorSchema,
  DataSourceSchema,
  FsmDefinitionSchema,
  FsmSchema,
  GenerationSchema,
  InputSchema,
  MultiplexerSchema,
  OutputSchema,
  PositionSchema,
  PresentationalNodeSchema,
  ProcessNodeSchema,
  SinkSchema,
} from './schema';

/** Where the app serves the file (`public/schema/v3.json`). */
export const JSON_SCHEMA_PATH = '/schema/v3.json';

/**
 * Pure. The JSON Schema of a V3 document (a template or a bare scenario). Named parts become
 * `$defs` so editors show "DataSource", "output"… instead of anonymous objects.
 */
export function buildJsonSchema(): JsonSchema {
  const generated = toJsonSchema(DocumentSchema, {
    target: 'draft-2020-12',
    errorMode: 'throw',
    definitions: {
      Template: TemplateSchema,
      Scenario: ScenarioSchema,
      DataSource: DataSourceSchema,
      ProcessNode: ProcessNodeSchema,
      FSM: FsmSchema,
      Aggregator: AggregatorSchema,
      Multiplexer: MultiplexerSchema,
      Sink: SinkSchema,
      PresentationalNode: PresentationalNodeSchema,
      Output: OutputSchema,
      Input: InputSchema,
      Position: PositionSchema,
      Generation: GenerationSchema,
      FsmDefinition: FsmDefinitionSchema,
    },
  });
  // Key order of the published file: identification first, then the generated body.
  const { $schema, ...body } = generated;
  return {
    $schema,
    title: 'Flowledger V3 DSL document',
    description:
      'A workflow template {name, description, version, scenario, …} or a bare scenario {version: "3.0", nodes: […], …}. ' +
      'Shapes only: the loader (flowledger validate) also checks references between nodes, formulas and the graph. See docs/dsl.md.',
    ...body,
  };
}
