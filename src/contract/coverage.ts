/**
 * What a template can take of the external events a run will receive (src/engine/query/eventCoverage.ts
 * computes it; the ingestion screen and `flowledger check-events` show it). Types only.
 */

/** A name and how many events carry it (`null`: the field is absent). */
export interface NameCount {
  name: string | null;
  count: number;
}

/** One event-name transition of an FSM. */
export interface TransitionRef {
  from: string;
  to: string;
  event: string;
}

/** What one FSM of the template can take of the events. */
export interface FsmCoverage {
  fsm: string;
  /** Its display name, else its id. */
  label: string;
  /** The data field its event-name triggers read. */
  eventField: string;
  /** The DataSources whose tokens reach it. */
  dataSources: string[];
  /** The event names its transitions listen for, in declaration order. */
  listens: string[];
  /** True when a transition takes any token (`token_received`, `default` or no trigger). */
  anyToken: boolean;
  /** Events that reach it (addressed to one of `dataSources`). */
  reaching: number;
  /** Events that reach it and match a transition's trigger. */
  matching: number;
  /** Names of reaching events that no transition listens for, most frequent first. */
  unmatched: NameCount[];
  /** Event-name transitions whose name no reaching event carries. */
  unfired: TransitionRef[];
}

export interface EventCoverage {
  /** Every event given. */
  events: number;
  /** Events per target DataSource (`null`: none named), and whether the template has it. */
  targets: { target: string | null; count: number; known: boolean }[];
  /** Events that some part of the template consumes: addressed to one of its DataSources and, when they reach FSMs, matching a transition of one. */
  consumable: number;
  /** Events the engine's queue refuses: not objects, a bad correlation id, or for an execution-events DataSource a `data` that is not an object. */
  malformed: number;
  fsms: FsmCoverage[];
}
