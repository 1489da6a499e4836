/**
 * Breakpoints as reactive state: nodes whose action pauses a run, and one "run until" condition in
 * the expression language (parse errors kept for the inline message). `check(view)` is what the run
 * asks after every step it takes; it is pure over the view it is given.
 * The condition's parser (the engine's expression language) loads when a condition is first typed,
 * not with the page: few runs use one, and it is a large part of the page's script.
 */
import type { StepView } from '../../controllers/graph/stepState';
import type { Condition, ConditionParse } from './condition';

export interface BreakpointHit {
  /** Shown to the person, e.g. `Paused at step 4: Route by size acted.` */
  message: string;
}

export interface BreakpointsState {
  readonly nodes: ReadonlySet<string>;
  readonly condition: string;
  /** The condition's parse error (with its 1-based column), or null. */
  readonly conditionError: string | null;
  /** Whether anything would stop a run. */
  readonly active: boolean;
  toggleNode(nodeId: string): void;
  setCondition(source: string): void;
  clear(): void;
  /** The reason to pause after `view`, or null. `nameOf` gives a node's display name. */
  check(view: StepView, nameOf: (id: string) => string): BreakpointHit | null;
}

/** Not pure: reactive breakpoints. */
export function createBreakpoints(): BreakpointsState {
  let nodes = $state.raw<ReadonlySet<string>>(new Set());
  let condition = $state('');
  let parsed = $state.raw<Condition | null>(null);
  let conditionError = $state<string | null>(null);
  let parse: ((source: string) => ConditionParse) | null = null;

  function apply(source: string, r: ConditionParse): void {
    // A condition typed since is the one that counts.
    if (source !== condition) return;
    parsed = r.ok ? r.condition : null;
    conditionError = r.ok ? null : `${r.message} (at column ${r.position + 1})`;
  }

  return {
    get nodes() {
      return nodes;
    },
    get condition() {
      return condition;
    },
    get conditionError() {
      return conditionError;
    },
    get active() {
      return nodes.size > 0 || parsed !== null;
    },
    toggleNode(nodeId) {
      const next = new Set(nodes);
      if (!next.delete(nodeId)) next.add(nodeId);
      nodes = next;
    },
    setCondition(source) {
      condition = source;
      if (source.trim() === '') {
        parsed = null;
        conditionError = null;
        return;
      }
      if (parse) return apply(source, parse(source));
      void import('./condition').then(
        (m) => {
          parse = m.parseCondition;
          if (source === condition) apply(source, parse(source));
        },
        (err: unknown) => {
          if (source !== condition) return;
          parsed = null;
          conditionError = `the condition could not be checked: ${err instanceof Error ? err.message : String(err)}`;
        },
      );
    },
    clear() {
      nodes = new Set();
      condition = '';
      parsed = null;
      conditionError = null;
    },
    check(view, nameOf) {
      const hitNode = view.activeNodeIds.find((id) => nodes.has(id));
      if (hitNode) return { message: `Paused at step ${view.step}: ${nameOf(hitNode)} acted.` };
      if (parsed) {
        const r = parsed.test(view.nodeStates, view.step);
        if (!r.ok)
          return { message: `Paused at step ${view.step}: the condition could not be evaluated (${r.error}).` };
        if (r.value) return { message: `Paused at step ${view.step}: ${parsed.source} is true.` };
      }
      return null;
    },
  };
}
