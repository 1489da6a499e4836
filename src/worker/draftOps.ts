/**
 * The editor's drafts (src/store/drafts.ts): unsaved template text, kept by the worker like
 * everything else stored, so the page never writes IndexedDB itself. Not part of the HTTP API: the
 * page's client calls these over its bridge (src/client/drafts.ts).
 */
import type { Draft } from '../contract/drafts';
import { deleteDraft, getDraft, putDraft } from '../store/drafts';
import type { ServiceContext } from './context';
import { guard, ok, type Result } from './result';

/** Not pure: the draft methods of a service over `ctx`. */
export function draftOps(ctx: ServiceContext) {
  return {
    /** The draft under `key` (a template id, or `new`); null when there is none. */
    getDraft(key: string): Promise<Result<Draft | null>> {
      return guard(async () => ok((await getDraft(ctx.db, key)) ?? null));
    },

    /** Stores `draft` over any draft under its key. */
    putDraft(draft: Draft): Promise<Result<null>> {
      return guard(async () => {
        await putDraft(ctx.db, draft);
        return ok(null);
      });
    },

    /** Deletes the draft under `key`, if any. */
    deleteDraft(key: string): Promise<Result<null>> {
      return guard(async () => {
        await deleteDraft(ctx.db, key);
        return ok(null);
      });
    },
  };
}
