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
  private count = 0;
  private last = 0;

  /** `declared`: the run's nodes in scenario order, so a node that never acts still has a row. */
  constructor(declared?: readonly DeclaredNode[]) {
    this.declared = declared !== undefined;
    for (const n of declared ?? []) this.node(n.nodeId, n.nodeType);
  }

  /** Adds one event. */
  add(ev: ParsedEvent): void {
    this.count++;
    this.last = ev.step;
    const node = this.node(ev.nodeId, ev.nodeType ?? 'unknown');
    node.events++;
    if (ev.operation === 'TOKEN_COLLECTED' && node.sink) {
      const value = ev.inputToken?.data?.['value'];
      node.sink.count++;
      if (typeof value === 'number') node.sink.sum += value;
      if (node.sink.values.length < SINK_VALUES_SHOWN) node.sink.values.push(value === undefined ? null : value);
    } else if (ev.operation === 'STATE_TRANSITION' && node.states && typeof ev.to === 'string') {
      node.states.set(ev.to, (node.states.get(ev.to) ?? 0) + 1);
    }
  }

  /** Events added and the step of the last one. */
  get side(): LedgerSide {
    return { events: this.count, lastStep: this.last };
  }

  private node(nodeId: string, nodeType: string): NodeTally {
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
