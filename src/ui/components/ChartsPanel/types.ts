import type { WorkspaceContext } from '../../context/workspace';

/** Props of `ChartsPanel`: the workspace it belongs to (the same object is in Svelte context). */
export interface ChartsPanelProps {
  workspace: WorkspaceContext;
}
