/**
 * Model to template (issue 26, item 2): a directly-follows graph becomes a V3 template that runs.
 * The DataSource emits the log's events; one FSM machine per correlation id has a state per
 * activity plus a start state, and one transition per start activity and per kept edge, triggered
 * by the event's name — so on the log it was discovered from, each transition fires exactly as
 * often as its edge occurred. Behind the FSM a Multiplexer splits the tokens a transition accepted
 * (on to an Aggregator keeping each case's last state, then the `endedCases` Sink: one token per
 * case, its value the activity it ended in) from those no transition accepted (`unaccepted` Sink).
 */
import type { Dfg } from '../../contract/discovery';
import { DSL_LIMITS } from '../dsl/defaults';

export interface TemplateOptions {
  /** Template name (default "Discovered process"). */
  name?: string;
  /** Id of the DataSource the events address (their `targetDataSourceId`; default "events"). */
  dataSourceId?: string;
  /** The event field naming the activity, the FSM's `eventField` (default "event"). */
  eventField?: string;
  /** Events the template will be fed, to size the batches and `maxSteps` (default: the graph's event count). */
  events?: number;
}

/**
 * Most activities a template holds: its FSM has a state per activity plus `start`, and a scenario
 * names at most `DSL_LIMITS.maxStateNames` states (docs/limits.md).
 */
export const MAX_TEMPLATE_ACTIVITIES = DSL_LIMITS.maxStateNames - 1;

/**
 * Pure: why `dfg` cannot become a template that loads and runs — more activities than
 * `MAX_TEMPLATE_ACTIVITIES` — or null when it can. The caller adds how to keep fewer.
 */
export function templateProblem(dfg: Dfg): string | null {
  const n = Object.keys(dfg.activities).length;
  if (n <= MAX_TEMPLATE_ACTIVITIES) return null;
  const fmt = (v: number) => v.toLocaleString('en-US');
  return `the graph has ${fmt(n)} activities, and a template holds at most ${fmt(MAX_TEMPLATE_ACTIVITIES)}: its FSM has a state per activity plus "start", and a scenario names at most ${fmt(DSL_LIMITS.maxStateNames)} states`;
}

/** Trigger words the FSM reads as something other than an event name (docs/dsl.md, FSM). */
const RESERVED_TRIGGERS = new Set(['', 'token_received', 'default', 'timer', 'condition']);

/** Pure: `base`, or `base_`, `base__`… — the first not in `taken`. */
function unique(base: string, taken: ReadonlySet<string>): string {
  let name = base;
  while (taken.has(name)) name += '_';
  return name;
}

/** Pure: the expression `data[field] == "name"`, both as safe literals. */
function isEvent(field: string, name: string): string {
  return `data[${JSON.stringify(field)}] == ${JSON.stringify(name)}`;
}

/**
 * Pure: a V3 template (the document shape the template store and the editor take) for `dfg`.
 * Throws for a graph `templateProblem` refuses: it never makes a template that cannot run.
 */
export function dfgToTemplate(dfg: Dfg, options: TemplateOptions = {}): Record<string, unknown> {
  const problem = templateProblem(dfg);
  if (problem !== null) throw new RangeError(problem);
  const eventField = options.eventField ?? 'event';
  const activities = Object.keys(dfg.activities);
  const start = unique('start', new Set(activities));
  const source = options.dataSourceId ?? 'events';
  const ids = new Set([source]);
  const id = (base: string): string => {
    const v = unique(base, ids);
    ids.add(v);
    return v;
  };
  const fsmId = id('process');
  const routeId = id('route');
  const endsId = id('caseEnds');
  const endedId = id('endedCases');
  const unacceptedId = id('unaccepted');
  const transition = (from: string, to: string) =>
    RESERVED_TRIGGERS.has(to) ? { from, to, condition: isEvent(eventField, to) } : { from, to, trigger: to };
  const transitions = [
    ...Object.keys(dfg.starts).map((a) => transition(start, a)),
    ...dfg.edges.map((e) => transition(e.from, e.to)),
  ];
  // A token leaves the machine with `state` (and `previousState` when the state changed): a
  // transition accepted it when the state changed, or when it is a kept self-loop's event.
  const loops = dfg.edges
    .filter((e) => e.from === e.to)
    .map((e) => `(data.state == ${JSON.stringify(e.from)} && ${isEvent(eventField, e.from)})`);
  const accepted = ['data.previousState != null', ...loops].join(' || ');
  const events = options.events ?? Object.values(dfg.activities).reduce((s, n) => s + n, 0);
  const batchSize = Math.max(25, Math.ceil(events / 1000));
  const steps = Math.ceil(events / batchSize);
  return {
    name: options.name ?? 'Discovered process',
    description: `Discovered from ${events} events in ${Object.values(dfg.ends).reduce((s, n) => s + n, 0)} cases: ${activities.length} activities, ${dfg.edges.length} paths. Feed it the same events (targetDataSourceId "${source}"); every event a transition accepts moves its case's machine to the state named after the event, and each case's last state reaches "${endedId}".`,
    version: '3.0',
    scenario: {
      version: '3.0',
      seed: 1,
      tickMs: 1000,
      maxSteps: steps + 20,
      // About four ledger events per event (generated, transition, routed, buffered) and two per case.
      maxEvents: Math.min(100_000_000, Math.max(5_000_000, events * 6 + 1000)),
      nodes: [
        {
          nodeId: source,
          type: 'DataSource',
          displayName: 'Events',
          description: 'Fed by the log the process was discovered from; generates nothing itself.',
          count: 0,
          batchSize,
          outputs: [{ destinationNodeId: fsmId }],
        },
        {
          nodeId: fsmId,
          type: 'FSM',
          displayName: 'Process',
          description: 'One machine per case (correlation id); a state per activity.',
          fsm: {
            instancePer: 'correlationId',
            eventField,
            states: [{ name: start, isInitial: true }, ...activities.map((name) => ({ name }))],
            transitions,
          },
          outputs: [{ destinationNodeId: routeId }],
        },
        {
          nodeId: routeId,
          type: 'Multiplexer',
          displayName: 'Accepted?',
          multiplexing: { strategy: 'conditional', conditions: [accepted, 'true'] },
          outputs: [
            { name: 'accepted', destinationNodeId: endsId },
            { name: 'unaccepted', destinationNodeId: unacceptedId },
          ],
        },
        {
          nodeId: endsId,
          type: 'Aggregator',
          displayName: 'Last state per case',
          aggregation: { method: 'last', field: 'state', groupBy: 'correlationId' },
          outputs: [{ destinationNodeId: endedId }],
        },
        { nodeId: endedId, type: 'Sink', displayName: 'Ended cases' },
        { nodeId: unacceptedId, type: 'Sink', displayName: 'Events no transition accepts' },
      ],
    },
  };
}
