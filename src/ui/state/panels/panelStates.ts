/**
 * The bottom panels' states of one workspace, made once when the workspace is and handed down by
 * Svelte context: a panel that is switched away from and back finds its filter, its pages and its
 * traced id as it left them, and two workspaces never share one. (Before, each panel looked its state
 * up in a module-level map from inside `$derived`.)
 */
import { getContext, setContext } from 'svelte';
import { createChartsState, type ChartsState } from './charts.svelte';
import { createEventsState, type EventsState } from './events.svelte';
import { createLedgerState, type LedgerState } from './ledger.svelte';
import { createLineageState, type LineageState } from './lineage.svelte';

export interface PanelStates {
  readonly ledger: LedgerState;
  readonly lineage: LineageState;
  readonly events: EventsState;
  readonly charts: ChartsState;
}

const KEY = Symbol('flowledger.panelStates');

/** Not pure: a workspace's panel states, made now; call once while the workspace component initialises. */
export function createPanelStates(): PanelStates {
  return {
    ledger: createLedgerState(),
    lineage: createLineageState(),
    events: createEventsState(),
    charts: createChartsState(),
  };
}

/** Not pure: makes `states` the panel states of every component below the caller (the workspace). */
export function setPanelStates(states: PanelStates): void {
  setContext(KEY, states);
}

/** Not pure: the enclosing workspace's panel states; throws outside a workspace. Call while a component initialises. */
export function getPanelStates(): PanelStates {
  const states = getContext<PanelStates | undefined>(KEY);
  if (!states) throw new Error('getPanelStates: no workspace above this component');
  return states;
}
