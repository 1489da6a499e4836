/**
 * What one replication amounts to (issue 43, item 3; docs/simulation.md, "Metrics"): named figures
 * read from a finished run's Result and one pass over its ledger.
 *
 * - `sinks.<id>.count`, `sinks.<id>.sum`: tokens a Sink collected, and the sum of their numeric values.
 * - `fsm.<id>.states.<state>`: transitions into the state (entries by a transition; a machine's
 *   creation in its initial state is not one). Every declared state is listed, 0 included.
 * - `fsm.<id>.transitions.<from>-><to>`: transitions fired, for every declared transition.
 * - `cases.count`: correlation ids a Sink collected (finished cases).
 * - `cases.cycleTimeMs`: the mean over those of the span of the case's state transitions (first to
 *   last; the time the case spent in the process, as a log's first to last event), or, for a case
 *   no FSM saw, from its first ledger event to its collection. 0 when no case finished.
 * - `cases.arrivalRatePerHour`: cases a DataSource generated (correlation ids first seen on a
 *   `TOKEN_GENERATED`), less one, per hour between the first and the last of them (0 for fewer
 *   than two, or none apart).
 * - `run.steps`: the step the run ended at.
 *
 * The simulated log (`simulatedLog`): each transition of a per-correlation-id FSM into a state that
 * is not final is an event of the machine's case, its activity the state — the model's cases in
 * the shape of a log, for the fidelity measures.
 */
import type { Engine } from '../engine';
import { OP } from '../ledger/operations';
import type { FsmSpec } from '../types';
import { setOwn } from '../jsonValues';

export type Figures = Record<string, number>;

/**
 * Not pure (caches): the case of each ledger event as a small number — its input's (else output's)
 * first correlation id, or the id a timer posted — interning each token's id once, so a pass over a
 * million events makes no string work per event.
 */
class CaseIndex {
  private readonly ids = new Map<string, number>();
  private readonly ofToken: Int32Array;
  private readonly engine: Engine;

  constructor(engine: Engine) {
    this.engine = engine;
    this.ofToken = new Int32Array(engine.ledger.tokens.length).fill(-2);
  }

  get size(): number {
    return this.ids.size;
  }

  /** The case of event `seq`, or -1 for none. */
  of(seq: number): number {
    const ledger = this.engine.ledger;
    const tok = ledger.inputOf(seq) >= 0 ? ledger.inputOf(seq) : ledger.outputOf(seq);
    if (tok < 0) return this.intern(ledger.postedKeyOf(seq));
    const known = this.ofToken[tok];
    if (known !== undefined && known !== -2) return known;
    const c = this.intern(ledger.tokens.firstCorrelationId(tok));
    if (tok < this.ofToken.length) this.ofToken[tok] = c;
    return c;
  }

  private intern(id: string | undefined): number {
    if (id === undefined) return -1;
    let c = this.ids.get(id);
    if (c === undefined) this.ids.set(id, (c = this.ids.size));
    return c;
  }
}

/** A growable list of step numbers per case, -1 for none yet. */
function grow(list: number[], c: number): void {
  while (list.length <= c) list.push(-1);
}

/** Not pure (reads the engine): the figures of the run `engine` holds, at its current step. */
export function replicationFigures(engine: Engine): Figures {
  const out: Figures = {};
  const ledger = engine.ledger;
  const scenario = engine.scenario;
  // The Sinks' count and sum as the run's Result has them (numeric `data.value`s, in ledger order),
  // read in the one pass below rather than from the Result, which also hashes the ledger.
  const sinkCount = new Map<number, number>();
  const sinkSum = new Map<number, number>();
  for (const node of scenario.nodes)
    if (node.type === 'Sink') {
      sinkCount.set(node.index, 0);
      sinkSum.set(node.index, 0);
    }
  const fsmCounts = new Map<number, { states: Map<string, number>; transitions: Map<string, number> }>();
  for (const node of scenario.nodes) {
    if (node.type !== 'FSM') continue;
    const spec = node as FsmSpec;
    const states = new Map<string, number>();
    for (const s of spec.fsm.states) states.set(s.name, 0);
    const transitions = new Map<string, number>();
    for (const t of spec.fsm.transitions) transitions.set(`${t.from}->${t.to}`, 0);
    fsmCounts.set(node.index, { states, transitions });
  }
  // Per case: first event step, first and last transition steps, first collection step.
  const cases = new CaseIndex(engine);
  const firstAny: number[] = [];
  const firstTr: number[] = [];
  const lastTr: number[] = [];
  const collected: number[] = [];
  let arrivals = 0;
  let firstArrival = -1;
  let lastArrival = -1;
  for (let seq = 1; seq <= ledger.size; seq++) {
    const op = ledger.opOf(seq);
    const step = ledger.stepOf(seq);
    const c = cases.of(seq);
    if (c >= 0) {
      grow(firstAny, c);
      grow(firstTr, c);
      grow(lastTr, c);
      grow(collected, c);
      if (firstAny[c] === -1) {
        firstAny[c] = step;
        if (op === OP.TOKEN_GENERATED) {
          arrivals++;
          if (firstArrival < 0) firstArrival = step;
          lastArrival = step;
        }
      }
    }
    if (op === OP.STATE_TRANSITION) {
      const f = fsmCounts.get(ledger.nodeOf(seq));
      const from = ledger.fromOf(seq) ?? '';
      const to = ledger.toOf(seq) ?? '';
      if (f !== undefined) {
        f.states.set(to, (f.states.get(to) ?? 0) + 1);
        const name = `${from}->${to}`;
        f.transitions.set(name, (f.transitions.get(name) ?? 0) + 1);
      }
      if (c >= 0) {
        if (firstTr[c] === -1) firstTr[c] = step;
        lastTr[c] = step;
      }
    } else if (op === OP.TOKEN_COLLECTED) {
      if (c >= 0 && collected[c] === -1) collected[c] = step;
      const node = ledger.nodeOf(seq);
      const n = sinkCount.get(node);
      if (n !== undefined) {
        sinkCount.set(node, n + 1);
        const tok = ledger.inputOf(seq);
        const v = tok >= 0 ? ledger.tokens.data(tok)['value'] : undefined;
        if (typeof v === 'number') sinkSum.set(node, sinkSum.get(node)! + v);
      }
    }
  }
  for (const node of scenario.nodes) {
    const n = sinkCount.get(node.index);
    if (n === undefined) continue;
    setOwn(out, `sinks.${node.nodeId}.count`, n);
    setOwn(out, `sinks.${node.nodeId}.sum`, sinkSum.get(node.index)!);
  }
  for (const node of scenario.nodes) {
    const f = fsmCounts.get(node.index);
    if (f === undefined) continue;
    for (const [state, n] of f.states) setOwn(out, `fsm.${node.nodeId}.states.${state}`, n);
    for (const [tr, n] of f.transitions) setOwn(out, `fsm.${node.nodeId}.transitions.${tr}`, n);
  }
  let finished = 0;
  let total = 0;
  for (let c = 0; c < collected.length; c++) {
    const at = collected[c]!;
    if (at < 0) continue;
    finished++;
    total += firstTr[c]! >= 0 ? lastTr[c]! - firstTr[c]! : at - firstAny[c]!;
  }
  const tickMs = scenario.tickMs;
  setOwn(out, 'cases.count', finished);
  setOwn(out, 'cases.cycleTimeMs', finished === 0 ? 0 : (total / finished) * tickMs);
  const arrivalSpanMs = (lastArrival - firstArrival) * tickMs;
  setOwn(
    out,
    'cases.arrivalRatePerHour',
    arrivals < 2 || arrivalSpanMs <= 0 ? 0 : ((arrivals - 1) / arrivalSpanMs) * 3_600_000,
  );
  setOwn(out, 'run.steps', engine.getCurrentTick());
  return out;
}

/** A case of a log: its activities and their times (ms), in order. */
export interface LoggedCase {
  activities: string[];
  times: number[];
}

/** Not pure (reads the engine): the run's cases as a log (see the file's comment), in order of first event. */
export function simulatedLog(engine: Engine): LoggedCase[] {
  const ledger = engine.ledger;
  const scenario = engine.scenario;
  const finals = new Map<number, Set<string>>();
  for (const node of scenario.nodes) {
    if (node.type !== 'FSM' || (node as FsmSpec).fsm.instancePer !== 'correlationId') continue;
    finals.set(node.index, new Set((node as FsmSpec).fsm.states.filter((s) => s.isFinal).map((s) => s.name)));
  }
  const index = new CaseIndex(engine);
  const cases: LoggedCase[] = [];
  for (let seq = 1; seq <= ledger.size; seq++) {
    if (ledger.opOf(seq) !== OP.STATE_TRANSITION) continue;
    const fin = finals.get(ledger.nodeOf(seq));
    const to = ledger.toOf(seq);
    if (fin === undefined || to === undefined || fin.has(to)) continue;
    const c = index.of(seq);
    if (c < 0) continue;
    // Cases are numbered in order of first appearance here, so a new one is the next in the list.
    const logged = (cases[c] ??= { activities: [], times: [] });
    logged.activities.push(to);
    logged.times.push(scenario.startTime + ledger.stepOf(seq) * scenario.tickMs);
  }
  return cases;
}
