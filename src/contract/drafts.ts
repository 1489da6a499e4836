/**
 * An editor draft: unsaved template text kept so a reload or a closed tab does not lose work, one
 * per template id (`new` for a template not yet saved), shared by the browser's tabs: the last text
 * typed in any tab is the one kept, and it says which tab wrote it and on which revision, so a tab
 * never deletes another tab's draft and a restored draft is saved on the revision it was made on.
 * Page-private state rather than an API resource: the page's client reaches the worker's draft
 * methods over its bridge, never over HTTP.
 */

/** The draft key of a template not yet saved. */
export const NEW_DRAFT = 'new';

export interface Draft {
  /** The template id, or `new`. */
  key: string;
  text: string;
  /** `updatedAt` of the stored template the draft started from (null: a new template). */
  base: string | null;
  /** The template's `revision` the text was made on (absent: a new template, or an older draft). */
  revision?: number;
  /** The tab (page) that wrote the draft (absent: an older draft, or not written by typing). */
  tab?: string;
  /** Written by `New template` / `Import` as a starting point, not by the person typing. */
  fresh?: boolean;
}

/** What a scratch run of a draft showed (the editor's Try): nothing of it is stored. */
export interface DraftTrial {
  /** Steps executed. */
  steps: number;
  status: string;
  ledgerEvents: number;
  /** Per Sink, in node order: tokens collected and the first collected `data.value`s. */
  sinks: { nodeId: string; count: number; values: unknown[] }[];
  /** The loader's errors when the draft does not load (then nothing ran). */
  errors: { path: string; message: string }[];
}
