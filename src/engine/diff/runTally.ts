/**
 * The running summary of one side of a ledger comparison: events per node, what each Sink
 * collected (count, sum, the first values) and how often each FSM entered each state. It reads one
 * event at a time and keeps only counters — a few per node — so a million-event ledger streams
 * through it in constant memory.
 */
import { SINK_VALUES_SHOWN, type LedgerSide, type SinkSide } from '../../contract/diff';

/** The fields of a ledger event a tally and a comparison read (as parsed from its line). */
export interface ParsedEvent {
  nodeId: string;
  /** Absent in a hand-written line: the node's kind is then `unknown`. */
  nodeType?: string;
  operation: string;
  step: number;
  to?: unknown;
  inputToken?: { data?: Record<string, unknown> };
  [field: string]: unknown;
}

/** A node as a run declares it (its scenario order). */
export interface DeclaredNode {
  nodeId: string;
  nodeType: string;
}

/** Per node: its kind, its events, and for a Sink what it collected, for an FSM its state entries. */
export interface NodeTally {
  nodeType: string;
  events: number;
  sink?: SinkSide;
  states?: Map<string, number>;
}

/** Not pure: the tally of one ledger, fed event by event. */
export class RunTally {
  /** Nodes in scenario order (when declared), then in the order they first acted. */
  readonly nodes = new Map<string, NodeTally>();
  /** The run's nodes were declared: a node missing here is not in the run (not merely idle). */
  readonly declared: boolean;
  private events = 0;
  private last = 0;

  /** `declared`: the run's nodes in scenario order, so a node that never acts still has a row. */
  constructor(declared?: readonly DeclaredNode[]) {
    this.declared = declared !== undefined;
    for (const n of declared ?? []) this.node(n.nodeId, n.nodeType);
  }

  /** Adds one event. */
  add(ev: ParsedEvent): void {
    const node = this.node(ev.nodeId, ev.nodeType ?? 'unknown');
    const collected = ev.operation === 'TOKEN_COLLECTED';
    this.count(
      node,
      ev.step,
      collected,
      collected ? ev.inputToken?.data?.['value'] : undefined,
      ev.operation === 'STATE_TRANSITION' && typeof ev.to === 'string' ? ev.to : undefined,
    );
  }

  /**
   * Counts one event of `node` (from `node()`) at `step`: `collected` for a TOKEN_COLLECTED (with the
   * collected token's `data.value`), `enteredState` for a STATE_TRANSITION (its `to`).
   */
  count(node: NodeTally, step: number, collected: boolean, value: unknown, enteredState: string | undefined): void {
    this.events++;
    this.last = step;
    node.events++;
    if (collected && node.sink) {
      node.sink.count++;
      if (typeof value === 'number') node.sink.sum += value;
      if (node.sink.values.length < SINK_VALUES_SHOWN) node.sink.values.push(value === undefined ? null : value);
    } else if (enteredState !== undefined && node.states) {
      node.states.set(enteredState, (node.states.get(enteredState) ?? 0) + 1);
    }
  }

  /** Events added and the step of the last one. */
  get side(): LedgerSide {
    return { events: this.events, lastStep: this.last };
  }

  /** The tally of node `nodeId`, made on first sight. */
  node(nodeId: string, nodeType: string): NodeTally {
    let node = this.nodes.get(nodeId);
    if (node === undefined) {
      node = { nodeType, events: 0 };
      if (nodeType === 'Sink') node.sink = { count: 0, sum: 0, values: [] };
      if (nodeType === 'FSM') node.states = new Map();
      this.nodes.set(nodeId, node);
    }
    return node;
  }
}
