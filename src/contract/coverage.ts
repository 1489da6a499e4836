/**
 * What a template can take of the external events a run will receive (src/engine/discovery/eventCoverage.ts
 * computes it; the ingestion screen and `flowledger check-events` show it). Types only.
 */

/** A name and how many events carry it (`null`: the field is absent). */
export interface NameCount {
  name: string | null;
  count: number;
}

/** One transition of an FSM that a token can fire (not a timer). */
export interface TransitionRef {
  from: string;
  to: string;
  /** The event name its trigger listens for; null when it takes any token (then `condition` says which, if set). */
  event: string | null;
  /** Its condition, when it takes any token and has one. */
  condition?: string;
}

/** What one FSM of the template can take of the events. */
export interface FsmCoverage {
  fsm: string;
  /** Its display name, else its id. */
  label: string;
  /** The data field its event-name triggers read. */
  eventField: string;
  /** Its initial state, from which the states a token can lead to are reached. */
  initialState: string;
  /** States no chain of transitions leads to from the initial state, in declaration order. */
  unreachable: string[];
  /** The DataSources whose tokens reach it. */
  dataSources: string[];
  /** The event names its transitions from reachable states listen for, in declaration order. */
  listens: string[];
  /** True when a transition from a reachable state takes any token, with no condition (`token_received`, `default` or no trigger). */
  anyToken: boolean;
  /** Events that reach it (addressed to one of `dataSources`). */
  reaching: number;
  /**
   * Events that reach it and that a transition from a state reachable from the initial state could
   * take: its trigger names the event, or it has no trigger and its condition holds on the event's
   * token (or it has neither).
   */
  matching: number;
  /** Names of reaching events that no such transition could take, most frequent first. */
  unmatched: NameCount[];
  /** Transitions a token could fire (not timers) that no reaching event could fire, in declaration order. */
  unfired: TransitionRef[];
}

export interface EventCoverage {
  /** Every event given. */
  events: number;
  /** Events per target DataSource (`null`: none named), and whether the template has it. */
  targets: { target: string | null; count: number; known: boolean }[];
  /** Events that some part of the template consumes: addressed to one of its DataSources and, when they reach FSMs, that a transition of one could take (`matching`). */
  consumable: number;
  /** Events the engine's queue refuses: not objects, a bad correlation id, or for an execution-events DataSource a `data` that is not an object. */
  malformed: number;
  fsms: FsmCoverage[];
}
