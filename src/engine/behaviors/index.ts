/**
 * The behaviour of every node kind, registered by kind. `BehaviorRegistry` is a mapped type over
 * `NodeKind`, so adding a kind without a behaviour does not compile.
 */
import type { NodeContext } from './nodeContext';
import type { NodeSpec } from '../types';
import { aggregator } from './aggregator';
import type { BehaviorRegistry, NodeRuntime } from './behavior';
import { dataSource } from './dataSource';
import { fsm } from './fsm';
import { multiplexer } from './multiplexer';
import { processNode } from './processNode';
import { sink } from './sink';

export type { Behavior, BehaviorRegistry, NodeRuntime } from './behavior';

export const BEHAVIORS: BehaviorRegistry = {
  DataSource: dataSource,
  ProcessNode: processNode,
  FSM: fsm,
  Aggregator: aggregator,
  Multiplexer: multiplexer,
  Sink: sink,
};

/** Creates the runtime of `spec` with the behaviour of its kind (not pure: behaviours may draw and schedule). */
export function createRuntime(spec: NodeSpec, ctx: NodeContext): NodeRuntime {
  switch (spec.type) {
    case 'DataSource':
      return BEHAVIORS.DataSource(spec, ctx);
    case 'ProcessNode':
      return BEHAVIORS.ProcessNode(spec, ctx);
    case 'FSM':
      return BEHAVIORS.FSM(spec, ctx);
    case 'Aggregator':
      return BEHAVIORS.Aggregator(spec, ctx);
    case 'Multiplexer':
      return BEHAVIORS.Multiplexer(spec, ctx);
    case 'Sink':
      return BEHAVIORS.Sink(spec, ctx);
    default: {
      const never: never = spec;
      throw new Error(`no behaviour for node ${JSON.stringify(never)}`);
    }
  }
}
