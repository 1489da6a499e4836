/**
 * The bottom panel area's tabs, in order. Each panel is a self-contained component that takes one
 * prop, `workspace: WorkspaceContext` (also available through `getWorkspaceContext()`), and renders
 * its own landmark region named as in `label` (e.g. `<section aria-label="Ledger">`). A tab whose
 * component is still `null` shows a short note instead.
 */
import type { Component } from 'svelte';
import type { WorkspaceContext } from './context';

export type PanelId = 'ledger' | 'lineage' | 'events' | 'charts';

export interface PanelSpec {
  id: PanelId;
  /** The tab's name and the panel region's accessible name. */
  label: string;
  component: Component<{ workspace: WorkspaceContext }> | null;
}

export const PANELS: readonly PanelSpec[] = [
  { id: 'ledger', label: 'Ledger', component: null },
  { id: 'lineage', label: 'Lineage', component: null },
  { id: 'events', label: 'External events', component: null },
  { id: 'charts', label: 'Charts', component: null },
];
