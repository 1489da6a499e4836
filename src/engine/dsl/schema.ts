/**
 * The V3 DSL as users write it: valibot schemas for every field of DSL.md sections 1–3 and 5,
 * including the *(compat)* aliases and the original tool's legacy fields. They describe the INPUT
 * (before aliases and defaults are resolved by `normalise.ts`) and are the single source of the
 * published JSON Schema (`jsonSchema.ts`), of the loader's type errors, and of the list of fields
 * the loader knows (anything else earns an "unknown field" warning).
 *
 * Objects are loose: an unknown field is kept and reported as a warning, never a parse failure.
 * Cross-field rules (an edge to an unknown node, a formula that does not parse…) live in
 * `validate.ts`; only per-field shape rules live here.
 */
import * as v from 'valibot';
import { NODE_ID_PATTERN } from './constants';
import { DSL_DEFAULTS } from './defaults';
import {
  AGGREGATION_METHODS,
  AGGREGATION_OVERFLOWS,
  AGGREGATION_TRIGGERS,
  DELAY_DISTRIBUTIONS,
  FSM_ACTIONS,
  FSM_INSTANCE_MODES,
  GENERATION_TYPES,
  MULTIPLEX_STRATEGIES,
  PRESENTATIONAL_TYPES,
  SINK_RESULT_FIGURES,
  type AggregationTrigger,
  type DelayDistribution,
  type FsmActionKind,
  type GenerationType,
} from '../../contract/vocabulary';
import type { FsmAction } from '../types';

// The DSL's closed sets are written once, in the contract (src/contract/vocabulary.ts); they are
// exported here too for the schema's readers.
export {
  AGGREGATION_METHODS,
  AGGREGATION_TRIGGERS,
  DELAY_DISTRIBUTIONS,
  FSM_ACTIONS,
  GENERATION_TYPES,
  MULTIPLEX_STRATEGIES,
  PRESENTATIONAL_TYPES,
  SINK_RESULT_FIGURES,
};

/** Whether two unions hold exactly the same members (a compile-time check). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const NODE_ID_RULE = 'a node id starts with a letter and contains only letters, digits, "_" and "-"';

/** Pure: `schema` with a description (and optionally a JSON Schema `default`). */
export function doc<T extends v.GenericSchema>(schema: T, description: string, defaultValue?: unknown) {
  if (defaultValue === undefined) return v.pipe(schema, v.description(description));
  return v.pipe(schema, v.description(description), v.metadata({ default: defaultValue }));
}

const expression = (description: string) =>
  doc(v.string(), `${description} An expression (docs/dsl.md, "Expressions").`);
const positiveInteger = () => v.pipe(v.number(), v.integer(), v.minValue(1));
const nonNegativeInteger = () => v.pipe(v.number(), v.integer(), v.minValue(0));
/** Origin-only field: accepted and ignored without a warning. */
const originOnly = (what: string) =>
  v.optional(doc(v.unknown(), `(compat) ${what}: kept from the original tool, ignored.`));

export const NodeIdSchema = v.pipe(v.string(), v.regex(NODE_ID_PATTERN, NODE_ID_RULE));

export const PositionSchema = v.pipe(
  v.looseObject({ x: v.number(), y: v.number() }),
  v.title('position'),
  v.description('Where the editor draws the node. No effect on a run.'),
);

export const OutputSchema = v.pipe(
  v.looseObject({
    name: v.optional(doc(v.string(), 'Output name: an FSM `emit` action targets it; edges carry it.')),
    destinationNodeId: doc(
      v.string(),
      'The node this edge leads to. An empty string is an unconnected output (warning).',
    ),
    destinationInputName: v.optional(
      doc(v.string(), "The destination's input this edge feeds (one of its `inputs[].name`)."),
    ),
    formula: v.optional(expression('ProcessNode only: this output gets its own result of this formula.')),
    transformation: v.optional(
      v.pipe(
        v.looseObject({
          formula: v.optional(expression('(compat) Per-output formula, same as `outputs[].formula`.')),
          fieldMapping: originOnly('field mapping'),
        }),
        v.title('output transformation'),
      ),
    ),
    interface: originOnly('interface'),
  }),
  v.title('output'),
  v.description('An edge from this node.'),
);

export const InputSchema = v.pipe(
  v.looseObject({
    name: v.optional(doc(v.string(), "Input name; an edge's `destinationInputName` refers to it.")),
    nodeId: v.optional(doc(v.string(), 'Source node: the input is also an edge from that node.')),
    alias: v.optional(
      doc(v.string(), "Name a joining ProcessNode binds this input's data to (else `name`, else `nodeId`)."),
    ),
    required: v.optional(
      doc(v.boolean(), 'A ProcessNode with several required inputs joins them.', DSL_DEFAULTS.required),
    ),
    sourceOutputName: v.optional(doc(v.string(), "(compat) The source's output name this input is fed from.")),
    interface: originOnly('interface'),
  }),
  v.title('input'),
  v.description("Names one of the node's inputs."),
);

/** Fields every node kind has (DSL.md §2), plus the original tool's presentational extras. */
const commonNodeEntries = {
  nodeId: v.optional(doc(NodeIdSchema, 'Unique node id (required; or its alias `id`).')),
  id: v.optional(doc(NodeIdSchema, '(compat) Alias of `nodeId`.')),
  displayName: v.optional(doc(v.string(), 'Label shown in the editor.')),
  name: v.optional(doc(v.string(), '(compat) Alias of `displayName`.')),
  description: v.optional(doc(v.string(), 'Free text about the node.')),
  position: v.optional(PositionSchema),
  outputs: v.optional(doc(v.array(OutputSchema), 'Edges from this node.')),
  inputs: v.optional(doc(v.array(InputSchema), "The node's inputs; an input with `nodeId` is also an edge.")),
  interface: originOnly('interface'),
  tags: originOnly('tags'),
  groupId: originOnly('group id'),
  metadata: originOnly('metadata'),
  style: originOnly('style'),
};

/** JSON Schema keyword for "nodeId or id": metadata is copied verbatim into the generated schema. */
const NODE_ID_REQUIRED = { anyOf: [{ required: ['nodeId'] }, { required: ['id'] }] };

// ——— DataSource (§5.1) ———

const RandomGenerationSchema = v.pipe(
  v.looseObject({
    type: v.literal('random'),
    valueMin: doc(v.number(), 'Lower bound (inclusive).'),
    valueMax: doc(v.number(), 'Upper bound (inclusive for integers). Integers when both bounds are integers.'),
  }),
  v.title('random generation'),
);
const SequenceGenerationSchema = v.pipe(
  v.looseObject({
    type: v.literal('sequence'),
    start: v.optional(doc(v.number(), 'First value.', DSL_DEFAULTS.sequenceStart)),
    step: v.optional(doc(v.number(), 'Added for each next value.', DSL_DEFAULTS.sequenceStep)),
    valueMin: v.optional(doc(v.number(), '(compat) Alias of `start`.')),
  }),
  v.title('sequence generation'),
);
const ConstantGenerationSchema = v.pipe(
  v.looseObject({
    type: v.literal('constant'),
    value: v.optional(doc(v.unknown(), 'The value of every token (required; or `hardcodedValue`).')),
    hardcodedValue: v.optional(doc(v.unknown(), '(compat) Alias of `value`.')),
  }),
  v.title('constant generation'),
  v.metadata({ anyOf: [{ required: ['value'] }, { required: ['hardcodedValue'] }] }),
);
const ValuesGenerationSchema = v.pipe(
  v.looseObject({
    type: v.literal('values'),
    values: v.optional(doc(v.array(v.unknown()), 'Values cycled through in order (required; or `hardcodedValues`).')),
    hardcodedValues: v.optional(doc(v.array(v.unknown()), '(compat) Alias of `values`.')),
  }),
  v.title('values generation'),
  v.metadata({ anyOf: [{ required: ['values'] }, { required: ['hardcodedValues'] }] }),
);

const ExecutionEventsGenerationSchema = v.pipe(
  v.looseObject({
    type: v.literal('execution-events'),
    eventType: doc(
      v.pipe(v.string(), v.minLength(1)),
      '(compat) The `type` of the external events this source emits; it generates nothing.',
    ),
  }),
  v.title('execution-events generation'),
);

export const GenerationSchema = v.pipe(
  v.variant('type', [
    RandomGenerationSchema,
    SequenceGenerationSchema,
    ConstantGenerationSchema,
    ValuesGenerationSchema,
    ExecutionEventsGenerationSchema,
  ]),
  v.description('How the source makes token values when no external event is addressed to it.'),
);

// ——— Sampled delays (docs/dsl.md, "Sampled delays") ———

const nonNegative = () => v.pipe(v.number(), v.minValue(0));
const scaleField = v.optional(
  doc(v.pipe(v.number(), v.minValue(0)), 'Every drawn value is multiplied by this (a what-if knob).', 1),
);

export const DelaySchema = v.pipe(
  v.variant('distribution', [
    v.pipe(
      v.looseObject({
        distribution: v.literal('fixed'),
        ms: doc(nonNegative(), 'The wait in simulated ms.'),
        scale: scaleField,
      }),
      v.title('fixed delay'),
    ),
    v.pipe(
      v.looseObject({
        distribution: v.literal('uniform'),
        minMs: doc(nonNegative(), 'Least wait in simulated ms.'),
        maxMs: doc(nonNegative(), 'Most wait in simulated ms.'),
        scale: scaleField,
      }),
      v.title('uniform delay'),
    ),
    v.pipe(
      v.looseObject({
        distribution: v.literal('exponential'),
        meanMs: doc(nonNegative(), 'Mean wait in simulated ms.'),
        scale: scaleField,
      }),
      v.title('exponential delay'),
    ),
    v.pipe(
      v.looseObject({
        distribution: v.literal('empirical'),
        ms: doc(
          v.array(nonNegative()),
          'Observed waits in simulated ms; each draw is one of them, all equally likely.',
        ),
        scale: scaleField,
      }),
      v.title('empirical delay'),
    ),
  ]),
  v.description("A wait drawn from the node's seeded stream, in simulated milliseconds."),
);

export const DataSourceSchema = v.pipe(
  v.looseObject({
    ...commonNodeEntries,
    type: v.picklist(['DataSource', 'ExternalEventSource']),
    generation: v.optional(GenerationSchema),
    eventType: v.optional(
      doc(v.pipe(v.string(), v.minLength(1)), '(compat) Of an `ExternalEventSource`: the event type it emits.'),
    ),
    interval: v.optional(
      doc(v.pipe(v.number(), v.gtValue(0)), 'Simulated seconds between emissions.', DSL_DEFAULTS.interval),
    ),
    count: v.optional(
      doc(nonNegativeInteger(), 'Tokens to generate (external events are not counted).', DSL_DEFAULTS.count),
    ),
    startAt: v.optional(doc(positiveInteger(), 'First step that emits.', DSL_DEFAULTS.startAt)),
    batchSize: v.optional(doc(positiveInteger(), 'External events emitted per due step.', DSL_DEFAULTS.batchSize)),
    arrivals: v.optional(
      v.pipe(DelaySchema, v.description('Generated tokens arrive after gaps drawn from this (instead of `interval`).')),
    ),
    horizonMs: v.optional(
      doc(nonNegative(), 'With `arrivals`: no token arrives later than this many simulated ms after `startAt`.'),
    ),
  }),
  v.title('DataSource'),
  v.description('Emits tokens: generated values, or the external events addressed to it.'),
  v.metadata(NODE_ID_REQUIRED),
);

// ——— ProcessNode (§5.2) ———

export const ProcessNodeSchema = v.pipe(
  v.looseObject({
    ...commonNodeEntries,
    type: v.literal('ProcessNode'),
    processing: v.optional(
      v.pipe(
        v.looseObject({ formula: v.optional(expression('The formula (wins over `formula` and `formulas`).')) }),
        v.title('processing'),
      ),
    ),
    formula: v.optional(expression('The formula, when `processing.formula` is absent.')),
    formulas: v.optional(doc(v.array(v.string()), '(compat) `formulas[0]` is the formula; the rest are ignored.')),
    transform: v.optional(doc(v.record(v.string(), v.string()), '`{field: expression}`: sets several fields at once.')),
  }),
  v.title('ProcessNode'),
  v.description('Transforms each token with a formula; joins several required inputs.'),
  v.metadata(NODE_ID_REQUIRED),
);

// ——— FSM (§5.3) ———

const targetField = doc(v.string(), 'Variable name.');
const ActionSchema = v.variant('action', [
  v.pipe(
    v.looseObject({
      action: v.literal('set_variable'),
      target: targetField,
      value: v.optional(doc(v.unknown(), 'The new value (or use `formula`).')),
      formula: v.optional(expression('Computes the new value.')),
    }),
    v.title('set_variable action'),
  ),
  v.pipe(
    v.looseObject({
      action: v.picklist(['increment', 'decrement']),
      target: targetField,
      value: v.optional(doc(v.number(), 'Amount.', DSL_DEFAULTS.incrementBy)),
    }),
    v.title('increment/decrement action'),
  ),
  v.pipe(
    v.looseObject({
      action: v.literal('log'),
      message: v.optional(doc(v.string(), 'Text recorded in the ledger.')),
      formula: v.optional(expression('Computes the text.')),
    }),
    v.title('log action'),
  ),
  v.pipe(
    v.looseObject({
      action: v.literal('emit'),
      target: v.optional(doc(v.string(), 'Output name; absent = every output.')),
      formula: v.optional(expression("The emitted token's data (default: the input token's).")),
    }),
    v.title('emit action'),
  ),
]);

const StateObjectSchema = v.pipe(
  v.looseObject({
    name: doc(v.string(), 'State name (unique in the machine).'),
    isInitial: v.optional(doc(v.boolean(), 'The initial state when `initialState` is absent.')),
    isFinal: v.optional(doc(v.boolean(), 'A final state.')),
    onEntry: v.optional(doc(v.array(ActionSchema), 'Actions run when the state is entered.')),
    onExit: v.optional(doc(v.array(ActionSchema), 'Actions run when the state is left.')),
    description: v.optional(doc(v.string(), 'Free text.')),
  }),
  v.title('FSM state'),
);

const TransitionSchema = v.pipe(
  v.looseObject({
    from: doc(v.string(), 'Source state.'),
    to: doc(v.string(), 'Target state.'),
    trigger: v.optional(
      doc(
        v.string(),
        '`token_received`, `default` or absent: any token; `timer`: after `after` steps; otherwise an event name.',
      ),
    ),
    condition: v.optional(expression('Must be true for the transition to fire.')),
    guard: v.optional(expression('(compat) Alias of `condition`; with both, both must hold.')),
    after: v.optional(doc(positiveInteger(), 'Timer trigger: steps after entering `from`.')),
    delay: v.optional(
      v.pipe(
        DelaySchema,
        v.description('Timer trigger: the wait is drawn from this on entering `from` (instead of `after`).'),
      ),
    ),
    weight: v.optional(
      doc(nonNegative(), "Weighted choice among the state's weighted transitions of the same trigger kind."),
    ),
    description: v.optional(doc(v.string(), 'Free text.')),
  }),
  v.title('FSM transition'),
);

export const FsmDefinitionSchema = v.pipe(
  v.looseObject({
    states: doc(v.array(v.union([v.string(), StateObjectSchema])), 'States: objects or plain names.'),
    initialState: v.optional(doc(v.string(), 'Initial state (else the one with `isInitial`, else the first).')),
    transitions: v.optional(doc(v.array(TransitionSchema), 'Tried in array order; the first that matches fires.')),
    variables: v.optional(doc(v.record(v.string(), v.unknown()), 'Machine variables and their initial values.')),
    instancePer: v.optional(
      doc(
        v.picklist(FSM_INSTANCE_MODES),
        'One machine for the node, or one per correlation id.',
        DSL_DEFAULTS.instancePer,
      ),
    ),
    eventField: v.optional(doc(v.string(), 'Data field an event-name trigger matches.', DSL_DEFAULTS.eventField)),
    stateActions: v.optional(doc(v.unknown(), '(compat) Not supported (warning): use `onEntry`/`onExit` on states.')),
    outputs: originOnly('output names'),
  }),
  v.title('FSM definition'),
);

export const FsmSchema = v.pipe(
  v.looseObject({
    ...commonNodeEntries,
    type: v.picklist(['FSM', 'FSMProcessNode']),
    fsm: FsmDefinitionSchema,
    fsl: originOnly('FSL text'),
  }),
  v.title('FSM'),
  v.description('A finite-state machine per node or per correlation id.'),
  v.metadata(NODE_ID_REQUIRED),
);

// ——— Aggregator (§5.4) ———

const TriggerSchema = v.variant('type', [
  v.pipe(
    v.looseObject({
      type: v.literal('count'),
      window: v.optional(doc(positiveInteger(), 'Tokens per emission (required; or `threshold`).')),
      threshold: v.optional(doc(positiveInteger(), '(compat) Alias of `window`.')),
    }),
    v.title('count trigger'),
    v.metadata({ anyOf: [{ required: ['window'] }, { required: ['threshold'] }] }),
  ),
  v.pipe(
    v.looseObject({
      type: v.literal('time'),
      window: doc(v.pipe(v.number(), v.gtValue(0)), 'Simulated seconds between emissions.'),
    }),
    v.title('time trigger'),
  ),
  v.pipe(
    v.looseObject({
      type: v.literal('threshold'),
      value: doc(v.number(), "Emit as soon as the method's running result reaches it."),
    }),
    v.title('threshold trigger'),
  ),
]);

export const AggregatorSchema = v.pipe(
  v.looseObject({
    ...commonNodeEntries,
    type: v.picklist(['Aggregator', 'Queue']),
    aggregation: v.pipe(
      v.looseObject({
        method: doc(
          v.picklist([...AGGREGATION_METHODS, 'custom']),
          'How buffered values combine. *(compat)* `custom`: `formula` is a JavaScript formula.',
        ),
        formula: v.optional(expression('Method `formula`: evaluated over `values` and `tokens`; "" means none.')),
        field: v.optional(doc(v.string(), 'Path into token data.', DSL_DEFAULTS.field)),
        trigger: v.optional(doc(TriggerSchema, 'When to emit; absent = only at the end of the run.')),
        groupBy: v.optional(doc(v.string(), 'Separate buffers per key: `correlationId` or a data path.')),
        flushOnEnd: v.optional(
          doc(v.boolean(), 'Partial buffers flush when nothing else is pending.', DSL_DEFAULTS.flushOnEnd),
        ),
      }),
      v.title('aggregation'),
    ),
    capacity: v.optional(doc(positiveInteger(), 'Largest buffer; see `overflow`.')),
    overflow: v.optional(doc(v.picklist(AGGREGATION_OVERFLOWS), 'What a full buffer does.', DSL_DEFAULTS.overflow)),
    processing: v.optional(
      v.pipe(
        v.looseObject({
          formula: v.optional(
            expression('(compat) Method `formula`: the formula when `aggregation.formula` is blank.'),
          ),
        }),
        v.title('processing'),
      ),
    ),
    formula: v.optional(
      expression(
        '(compat) Method `formula`: the formula when `aggregation.formula` and `processing.formula` are blank.',
      ),
    ),
    formulas: v.optional(
      doc(v.array(v.string()), '(compat) Method `formula`: `formulas[0]` is the formula when the others are blank.'),
    ),
  }),
  v.title('Aggregator'),
  v.description('Buffers tokens and emits one aggregate per trigger.'),
  v.metadata(NODE_ID_REQUIRED),
);

// ——— Multiplexer (§5.5) ———

export const MultiplexerSchema = v.pipe(
  v.looseObject({
    ...commonNodeEntries,
    type: v.literal('Multiplexer'),
    multiplexing: v.pipe(
      v.looseObject({
        strategy: doc(v.picklist(MULTIPLEX_STRATEGIES), 'How each token picks its output(s).'),
        weights: v.optional(doc(v.array(v.number()), 'Weighted: one non-negative weight per output.')),
        conditions: v.optional(
          doc(v.array(v.string()), 'Conditional: one expression per output; the first true wins.'),
        ),
        defaultOutput: v.optional(
          doc(
            v.union([v.string(), nonNegativeInteger()]),
            'Conditional: output (name or index) used when no condition holds.',
          ),
        ),
      }),
      v.title('multiplexing'),
    ),
  }),
  v.title('Multiplexer'),
  v.description('Routes each token to one (or every) output.'),
  v.metadata(NODE_ID_REQUIRED),
);

// ——— Sink (§5.6) and the original tool's presentational nodes ———

/** The figures a Sink may report as its result (`result`; the seed's aggregate formulas). */
export const SinkSchema = v.pipe(
  v.looseObject({
    ...commonNodeEntries,
    type: v.literal('Sink'),
    result: v.optional(
      doc(
        v.picklist(SINK_RESULT_FIGURES),
        'The figure the Result and `flowledger run` report for this Sink, over the collected `data.value`s: `count`, `sum`, `latest` or `average` (of the numbers). Absent: `sum` when every value is a number, `latest` when some are set, else `count`.',
      ),
    ),
  }),
  v.title('Sink'),
  v.description('Collects every token. Has no outputs.'),
  v.metadata(NODE_ID_REQUIRED),
);

export const PresentationalNodeSchema = v.pipe(
  v.looseObject({ type: v.picklist(PRESENTATIONAL_TYPES) }),
  v.title('presentational node'),
  v.description('(compat) Editor-only node of the original tool: dropped on load with a warning.'),
);

/** Input `type` → schema, including the *(compat)* aliases. */
export const NODE_SCHEMAS = {
  DataSource: DataSourceSchema,
  ProcessNode: ProcessNodeSchema,
  FSM: FsmSchema,
  FSMProcessNode: FsmSchema,
  Aggregator: AggregatorSchema,
  Queue: AggregatorSchema,
  Multiplexer: MultiplexerSchema,
  Sink: SinkSchema,
  ExternalEventSource: DataSourceSchema,
} as const;

export const NodeSchema = v.variant('type', [
  DataSourceSchema,
  ProcessNodeSchema,
  FsmSchema,
  AggregatorSchema,
  MultiplexerSchema,
  SinkSchema,
  PresentationalNodeSchema,
]);

// Each variant the schema offers is a member of its closed set in the contract, and each member has
// its variant: adding an action, a generation, a distribution or a trigger to one and not the other
// fails the type check.
const closedSetsMatch: [
  Same<v.InferInput<typeof GenerationSchema>['type'], GenerationType>,
  Same<v.InferInput<typeof DelaySchema>['distribution'], DelayDistribution>,
  Same<v.InferInput<typeof ActionSchema>['action'], FsmActionKind>,
  Same<FsmAction['action'], FsmActionKind>,
  Same<v.InferInput<typeof TriggerSchema>['type'], AggregationTrigger>,
] = [true, true, true, true, true];
void closedSetsMatch;
