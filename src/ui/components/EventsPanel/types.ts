import type { WorkspaceContext } from '../../context/workspace';

/** Props of `EventsPanel`: the workspace it belongs to (the same object is in Svelte context). */
export interface EventsPanelProps {
  workspace: WorkspaceContext;
}
