import type { WorkspaceContext } from '../../context/workspace';

/** Props of `LineagePanel`: the workspace it belongs to (the same object is in Svelte context). */
export interface LineagePanelProps {
  workspace: WorkspaceContext;
}
