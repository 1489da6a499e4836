/**
 * What a run amounts to at a step — per Sink its count and main value (with the formula that
 * fits the data), per FSM its state or instances per state, the nodes that failed or dropped
 * tokens, the truncation, the simulated duration, the ledger hash, how many external events were
 * consumed and FSM transitions fired, and a warning when events were consumed but no machine has
 * left its initial state (a run fed events no transition takes still "completes"). One derivation for every
 * reader: the workspace's `Result` region (through the service) and `flowledger run`'s `sinks`
 * both come from here, so the page and the command line cannot disagree.
 */
import type {
  FsmResult,
  QueryResult,
  RunResult,
  SinkResult,
  SinkResultFormula,
  UnmovedFsm,
} from '../../contract/queries';
import { isEnded } from '../../contract/vocabulary';
import { setOwn } from '../jsonValues';
import { OP } from '../ledger/operations';
import type { LiveRun } from '../replay/liveRun';
import type { NodeSpec } from '../types';
import { checkStep, ok } from './queryErrors';
import { truncationClause } from './stepResult';

/** Collected values listed per Sink in a result (count, sum and last cover all of them). */
export const RESULT_SINK_VALUES = 1000;

/** What a Sink collected, as the summary reads it: totals over all of it, values by position. */
export interface Collected {
  count: number;
  /** Sum of the numeric values, in collection order. */
  sum: number;
  /** How many values are numbers. */
  numeric: number;
  /** The `i`-th collected value (from 0); null when missing. */
  at(i: number): unknown;
}

/** Pure: `values` (in collection order, missing as null) as `Collected`, summed in order. */
export function collectedOf(values: readonly unknown[]): Collected {
  let sum = 0;
  let numeric = 0;
  for (const v of values)
    if (typeof v === 'number') {
      sum += v;
      numeric++;
    }
  return { count: values.length, sum, numeric, at: (i) => values[i] ?? null };
}

/**
 * Pure: the aggregate that says most about a Sink: `sum` when every value is a number, `latest`
 * when some value is set (a record, a text, a list), `count` when nothing was collected or no
 * token carried a value.
 */
export function resultFormula(c: Collected): SinkResultFormula {
  if (c.count === 0) return 'count';
  if (c.numeric === c.count) return 'sum';
  for (let i = c.count - 1; i >= 0 && i >= c.count - RESULT_SINK_VALUES; i--) if (c.at(i) !== null) return 'latest';
  return 'count';
}

/** Pure: figure `formula` of what `c` holds, `last` its last value (`average`: of the numbers, null when none). */
export function sinkFigure(formula: SinkResultFormula, c: Collected, last: unknown): unknown {
  switch (formula) {
    case 'sum':
      return c.sum;
    case 'latest':
      return last;
    case 'average':
      return c.numeric === 0 ? null : c.sum / c.numeric;
    case 'count':
      return c.count;
  }
}

/**
 * Pure (reads `c` only): the Result line of Sink `sinkId` named `name`; `named`: the figure the Sink
 * names (its `result`), else the one that fits (`resultFormula`).
 */
export function sinkResult(
  sinkId: string,
  name: string,
  c: Collected,
  named?: SinkResultFormula,
  lastToken: SinkResult['lastToken'] = null,
): SinkResult {
  const values: unknown[] = [];
  for (let i = 0; i < c.count && i < RESULT_SINK_VALUES; i++) values.push(c.at(i));
  const last = c.count === 0 ? null : c.at(c.count - 1);
  const formula = named ?? resultFormula(c);
  const value = sinkFigure(formula, c, last);
  return {
    sinkId,
    name,
    count: c.count,
    sum: c.sum,
    numeric: c.numeric,
    last,
    values,
    formula,
    named: named !== undefined,
    lastToken,
    value,
  };
}

/**
 * Pure: the Result line of an FSM from its declared states and its node state's aggregates (a
 * count per state: instances for a per-correlation machine, entries for one machine). A state
 * without a count reads 1 for one machine's current state, else 0.
 */
export function fsmResult(
  nodeId: string,
  name: string,
  states: readonly string[],
  perCorrelation: boolean,
  state: string | null,
  aggregates: Record<string, unknown>,
): FsmResult {
  const counts: Record<string, number> = {};
  for (const s of states) {
    const n = Object.hasOwn(aggregates, s) ? aggregates[s] : undefined;
    setOwn(counts, s, typeof n === 'number' ? n : !perCorrelation && s === state ? 1 : 0);
  }
  return { nodeId, name, perCorrelation, state: perCorrelation ? null : state, counts };
}

const nameOf = (n: NodeSpec): string => n.displayName ?? n.nodeId;

/**
 * Pure: the warnings of a run that consumed `eventsConsumed` external events and has `fsms` FSMs,
 * `unmoved` of which no machine has left the initial state of: one when events were consumed and
 * no machine of any FSM moved — every machine in its first state, as when no transition listens for
 * the events' names. A run without FSMs, or without events, has nothing to warn about here.
 */
export function activityWarnings(eventsConsumed: number, fsms: number, unmoved: readonly UnmovedFsm[]): string[] {
  if (eventsConsumed === 0 || fsms === 0 || unmoved.length < fsms) return [];
  const events = `${eventsConsumed} external ${eventsConsumed === 1 ? 'event was' : 'events were'} consumed`;
  const which =
    unmoved.length === 1
      ? `${unmoved[0]!.name} has left its initial state ${JSON.stringify(unmoved[0]!.initialState)}`
      : `${unmoved.map((f) => `${f.name} (${JSON.stringify(f.initialState)})`).join(', ')} has left its initial state`;
  return [
    `${events}, but no machine of ${which}: compare the events' names with the transitions' triggers (flowledger check-events)`,
  ];
}

/** Reads only (Sink indexes are extended as a cache): the Result of `run` at `step` (default: current). */
export function runResult(run: LiveRun, step?: number): QueryResult<RunResult> {
  const checked = checkStep(step, run.step);
  if (!checked.ok) return checked;
  const at = checked.value;
  const { ledger, scenario } = run;
  const snapshot = run.snapshotAt(at);
  const upTo = ledger.lastSeqAt(at);
  const sinks: SinkResult[] = [];
  const fsms: FsmResult[] = [];
  for (const node of scenario.nodes) {
    if (node.type === 'Sink') {
      const index = run.sinks.of(node.index, 'value');
      const count = index.countAt(upTo);
      const collected: Collected = {
        count,
        sum: index.sum(count),
        numeric: index.numericCount(count),
        at: (i) => index.value(i),
      };
      sinks.push(
        sinkResult(node.nodeId, nameOf(node), collected, node.result, count > 0 ? index.token(count - 1) : null),
      );
    } else if (node.type === 'FSM') {
      const s = snapshot.nodeStates[node.nodeId]!;
      fsms.push(
        fsmResult(
          node.nodeId,
          nameOf(node),
          node.fsm.states.map((x) => x.name),
          node.fsm.instancePer === 'correlationId',
          s.currentState,
          s.aggregates,
        ),
      );
    }
  }
  const { eventsConsumed, transitionsFired, unmovedFsms, problems } = runActivity(run, upTo);
  const truncated = snapshot.status === 'truncated' && at === run.step;
  return ok({
    step: at,
    status: snapshot.status,
    simulatedMs: at * scenario.tickMs,
    startTime: scenario.startTime,
    ledgerEvents: upTo,
    ledgerHash: at === run.step ? ledger.hash() : null,
    sinks,
    fsms,
    problems,
    truncation: truncated ? truncationClause(run).slice(2) : null,
    eventsConsumed,
    transitionsFired,
    unmovedFsms,
    // Only once the run has ended: before, tokens may still be on their way to the FSMs.
    warnings: isEnded(snapshot.status) ? activityWarnings(eventsConsumed, fsms.length, unmovedFsms) : [],
  });
}

/** What a run did up to ledger event `upTo`, read from its ledger in one pass (runResult; a shard's trailer). */
export interface RunActivity {
  /** External events that became tokens. */
  eventsConsumed: number;
  /** FSM transitions fired. */
  transitionsFired: number;
  /** The FSMs no machine of which left its initial state. */
  unmovedFsms: UnmovedFsm[];
  /** Nodes with errors or dropped tokens. */
  problems: { nodeId: string; name: string; errors: number; dropped: number }[];
}

/**
 * Reads only: the activity of `run` up to ledger event `upTo` (default: its last). Cheaper than
 * `runResult`: no ledger hash, no Sink figures — what a shard's trailer needs (cli/shard/shardWriter.ts).
 */
export function runActivity(run: LiveRun, upTo: number = run.ledger.size): RunActivity {
  const { ledger, scenario } = run;
  const errors = new Array<number>(scenario.nodes.length).fill(0);
  const dropped = new Array<number>(scenario.nodes.length).fill(0);
  /** Per node: an FSM's initial state (null for other nodes); whether some machine has left it. */
  const initial = scenario.nodes.map((n) => (n.type === 'FSM' ? n.fsm.initialState : null));
  const moved = new Uint8Array(scenario.nodes.length);
  let eventsConsumed = 0;
  let transitionsFired = 0;
  for (let seq = 1; seq <= upTo; seq++) {
    const op = ledger.opOf(seq);
    if (op === OP.NODE_ERROR) errors[ledger.nodeOf(seq)]!++;
    else if (op === OP.TOKEN_DROPPED) dropped[ledger.nodeOf(seq)]!++;
    else if (op === OP.TOKEN_GENERATED) {
      // An external event's token records its place in the queue (behaviors/dataSource.ts); a generated one has no details.
      if (ledger.detailsRefOf(seq) !== 0 && ledger.detailsOf(seq)?.['externalEvent'] !== undefined) eventsConsumed++;
    } else if (op === OP.STATE_TRANSITION) {
      transitionsFired++;
      const node = ledger.nodeOf(seq);
      if (moved[node] === 0 && ledger.fromOf(seq) === initial[node] && ledger.toOf(seq) !== initial[node])
        moved[node] = 1;
    }
  }
  const unmovedFsms: UnmovedFsm[] = [];
  for (const n of scenario.nodes)
    if (n.type === 'FSM' && moved[n.index] === 0)
      unmovedFsms.push({ nodeId: n.nodeId, name: nameOf(n), initialState: n.fsm.initialState });
  const problems = scenario.nodes
    .filter((n) => errors[n.index]! > 0 || dropped[n.index]! > 0)
    .map((n) => ({ nodeId: n.nodeId, name: nameOf(n), errors: errors[n.index]!, dropped: dropped[n.index]! }));
  return { eventsConsumed, transitionsFired, unmovedFsms, problems };
}
