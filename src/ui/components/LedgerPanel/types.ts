import type { WorkspaceContext } from '../../context/workspace';

/** Props of `LedgerPanel`: the workspace it belongs to (the same object is in Svelte context). */
export interface LedgerPanelProps {
  workspace: WorkspaceContext;
}
