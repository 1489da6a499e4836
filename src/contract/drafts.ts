/**
 * An editor draft: unsaved template text kept so a reload or a closed tab does not lose work, one
 * per template id (`new` for a template not yet saved). Page-private state rather than an API
 * resource: the page's client reaches the worker's draft methods over its bridge, never over HTTP.
 */

/** The draft key of a template not yet saved. */
export const NEW_DRAFT = 'new';

export interface Draft {
  /** The template id, or `new`. */
  key: string;
  text: string;
  /** `updatedAt` of the stored template the draft started from (null: a new template). */
  base: string | null;
  /** Written by `New template` / `Import` as a starting point, not by the person typing. */
  fresh?: boolean;
}
