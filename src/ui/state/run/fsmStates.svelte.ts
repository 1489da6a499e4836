/**
 * The `States of …` region's data (docs/ui.md "State machines"): one read of the selected FSM's state
 * diagram at the shown step (`getFsmView`: counts per state and per transition, and the machines in
 * the chosen state), whether its diagram is open over the workflow graph, and which state is chosen.
 * Latest-wins, as the Inspector: each new read is sent at once and the answer of an older one is
 * dropped. Sent at once, a read lands between two advances of a playing run, as the step view's own
 * read does; held back until an earlier read returned, it would land during the next advance, which
 * then yields every millisecond while it waits (`ServiceContext.activeCalls`) and plays far slower.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { FsmViewAnswer } from '../../../contract/wire';
import { explainError } from '../shell/explain';
import { latestWins } from '../shell/latest';
import type { RunRef } from './runSource';

/** Correlation ids listed at first for a state; "Show more" adds as many again. */
export const INSTANCES_PAGE = 50;

/**
 * Not pure: reactive FSM data over `api`. `opened`: the FSM whose diagram is open at first (the
 * address's `node=…&diagram=1`); `onOpen` is told each change, so the address keeps it.
 */
export function createFsmStates(
  api: EngineAPIService,
  opened: string | null = null,
  onOpen?: (nodeId: string | null) => void,
) {
  let view = $state.raw<FsmViewAnswer | null>(null);
  let error = $state<string | null>(null);
  /** The FSM whose diagram is drawn over the workflow graph; null: the workflow is shown. */
  let open = $state<string | null>(opened);
  let chosen = $state<{ nodeId: string; state: string } | null>(null);
  let limit = $state(INSTANCES_PAGE);
  const reads = latestWins();

  return {
    get view() {
      return view;
    },
    get error() {
      return error;
    },
    get open() {
      return open;
    },
    /** The state chosen in FSM `nodeId` (null: none). */
    chosenIn(nodeId: string): string | null {
      return chosen?.nodeId === nodeId ? chosen.state : null;
    },
    get limit() {
      return limit;
    },
    /** Draws FSM `nodeId`'s diagram over the workflow graph (null: back to the workflow). */
    setOpen(nodeId: string | null) {
      open = nodeId;
      onOpen?.(nodeId);
    },
    /** Chooses `state` of FSM `nodeId` (null: none); its machines are listed from the first page. */
    choose(nodeId: string, state: string | null) {
      chosen = state === null ? null : { nodeId, state };
      limit = INSTANCES_PAGE;
    },
    /** Lists another page of the chosen state's machines. */
    more() {
      limit += INSTANCES_PAGE;
    },
    /**
     * Reads FSM `nodeId` of run `ref` at `step`, with the machines of the chosen state. `last`: the
     * run's current step — what the view asks for when it shows the live step, so that a run that
     * moved on meanwhile (playing at Max) is read as it stands rather than replayed to the step
     * shown a moment ago; the answer names its step, and the region says it.
     */
    async load(ref: RunRef, nodeId: string, step: number | 'last'): Promise<void> {
      const signal = reads.next();
      const state = chosen?.nodeId === nodeId ? chosen.state : undefined;
      try {
        const answer = await api.getFsmView(
          ref.templateId,
          ref.executionId,
          nodeId,
          state === undefined ? { step } : { step, state, limit },
          { signal },
        );
        if (signal.aborted) return;
        view = answer;
        error = null;
      } catch (err) {
        if (!signal.aborted) error = explainError(err, 'Reading the state machine');
      }
    },
    clear() {
      reads.abort();
      view = null;
      error = null;
    },
  };
}

export type FsmStates = ReturnType<typeof createFsmStates>;
