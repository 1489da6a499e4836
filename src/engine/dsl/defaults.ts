/**
 * The values the loader fills in for fields a scenario leaves out (DSL.md sections 1–5, plus the
 * choices recorded in docs/dsl.md where DSL.md is silent). One table, so the schema's JSON Schema
 * `default`s, the normaliser and the documentation cannot disagree.
 */

export const DSL_DEFAULTS = {
  /** Scenario name when neither the template nor the scenario has one. */
  name: 'Untitled scenario',
  description: '',
  seed: 1,
  tickMs: 1000,
  /** 2025-01-01T00:00:00Z: a fixed constant, never the wall clock, so runs are reproducible. */
  startTime: 1735689600000,
  maxSteps: 10000,
  /**
   * Bound on work (ledger events). 5× the largest benchmarked run (1 M events: ~190 bytes retained
   * per event, ~2 M events/s), so about 1 GB and a few seconds at most; far above every example
   * (the largest records a few hundred events). See docs/dsl.md.
   */
  maxEvents: 5_000_000,
  /**
   * Bound on work units: one per task a node runs (a delivery, a wake-up, an emission) plus the
   * steps of every formula evaluation (the units of the 100,000-step budget of one evaluation).
   * The E1 pipeline spends about 3 units per event; 200 M units is 40 per event of a run at
   * `maxEvents`, or 2,000 evaluations at the full per-evaluation budget: a few seconds at most.
   */
  maxWork: 200_000_000,

  /** DataSource: simulated seconds between emissions. */
  interval: 1,
  /** DataSource: tokens to generate. */
  count: 10,
  /** DataSource: first step that emits. */
  startAt: 1,
  /** DataSource: external events emitted per due step. */
  batchSize: 1,
  /** DataSource without `generation`: a counting sequence 1, 2, 3, … */
  sequenceStart: 1,
  sequenceStep: 1,

  /** Input: required (a ProcessNode with several required inputs joins them). */
  required: true,

  /** FSM: one machine for the whole node. */
  instancePer: 'node',
  /** FSM: data field an event-name trigger matches. */
  eventField: 'event',
  /** FSM `increment`/`decrement` step. */
  incrementBy: 1,

  /** Aggregator: path into token data. */
  field: 'value',
  flushOnEnd: true,
  overflow: 'drop_oldest',
} as const;

export type DslDefaults = typeof DSL_DEFAULTS;

/** Upper bounds of a scenario (docs/limits.md): beyond them the loader reports an error. */
export const DSL_LIMITS = {
  /** Nodes of one scenario: a ledger event names its node in 16 bits. */
  maxNodes: 65_535,
  /**
   * Distinct FSM state names of one scenario, all FSMs together: the ledger interns every state
   * name once for the whole run and records a transition's two states in 16 bits each (0 means
   * none, so 65,534 names fit after reserving one more).
   */
  maxStateNames: 65_534,
  /**
   * `maxSteps`: idle steps are skipped in one go (`Simulation.skipIdle`), but a step that does
   * something — a delivery, a timer, a due DataSource — still runs, so the bound stays: 10 M busy
   * steps are the most one run can execute.
   */
  maxSteps: 10_000_000,
  /** `maxEvents`: about 190 bytes are retained per event, so 100 M events is near 20 GB — beyond any tab. */
  maxEvents: 100_000_000,
  /** `maxWork`: a million million units is hours of work; the bound is there to be finite. */
  maxWork: 1_000_000_000_000,
} as const;
