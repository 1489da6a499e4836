import type { WorkspaceContext } from '../../app/context';

/** Props of `LedgerPanel`: the workspace it belongs to (the same object is in Svelte context). */
export interface LedgerPanelProps {
  workspace: WorkspaceContext;
}
