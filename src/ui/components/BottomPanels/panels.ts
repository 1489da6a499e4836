/**
 * The bottom panel area's tabs, in order. Each panel is a self-contained component that takes one
 * prop, `workspace: WorkspaceContext` (also available through `getWorkspaceContext()`), and renders
 * its own landmark region named as in `label` (e.g. `<section aria-label="Ledger">`). A tab whose
 * component is still `null` shows a short note instead.
 */
import type { Component } from 'svelte';
import type { WorkspaceContext } from '../../context/workspace';
import { ChartsPanel } from '../ChartsPanel';
import { EventsPanel } from '../EventsPanel';
import { LedgerPanel } from '../LedgerPanel';
import { LineagePanel } from '../LineagePanel';

export type PanelId = 'ledger' | 'lineage' | 'events' | 'charts';

export interface PanelSpec {
  id: PanelId;
  /** The tab's name and the panel region's accessible name. */
  label: string;
  component: Component<{ workspace: WorkspaceContext }> | null;
}

export const PANELS: readonly PanelSpec[] = [
  { id: 'ledger', label: 'Ledger', component: LedgerPanel },
  { id: 'lineage', label: 'Lineage', component: LineagePanel },
  { id: 'events', label: 'External events', component: EventsPanel },
  { id: 'charts', label: 'Charts', component: ChartsPanel },
];
