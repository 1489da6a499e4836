/**
 * The page's hooks for tests and benchmarks, in one place. The editor draws its graph on a canvas (no
 * DOM per node) and CodeMirror renders only the visible lines, so end-to-end tests and the UI
 * benchmark read node positions and the whole text through `window.__flowledgerEditor` while an
 * editor is open. (`window.flowledger`, the API handle, is set by the page's entry, src/main.ts.)
 */

/** What the open editor shows, for automation. */
export interface EditorHandle {
  /** How many nodes the graph draws. */
  readonly nodes: number;
  /** Where node `id` is drawn on the canvas (rendered pixels). */
  centre(id: string): { x: number; y: number };
  /** The whole text of the template. */
  text(): string;
}

declare global {
  interface Window {
    __flowledgerEditor?: EditorHandle;
  }
}

/** Not pure: publishes the open editor's handle; returns the withdrawal (when the editor closes). */
export function exposeEditor(handle: EditorHandle): () => void {
  window.__flowledgerEditor = handle;
  return () => {
    if (window.__flowledgerEditor === handle) delete window.__flowledgerEditor;
  };
}
