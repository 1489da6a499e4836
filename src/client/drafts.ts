/**
 * The editor's drafts, as the page reaches them: straight to the app's engine worker over its
 * bridge (appEngine.ts), which keeps them in the app's database. Drafts are page-private (unsaved
 * text of this browser), so they are no HTTP resource and outside clients never see them.
 */
import type { Draft, DraftTrial } from '../contract/drafts';
import type { Result } from '../contract/result';
import { appEngine } from './appEngine';

/** The value of `result`, or its error thrown (its message names what failed, e.g. a full store). */
function valueOf<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new Error(`The draft could not be kept: ${result.error.message}`);
}

/** Not pure: the draft under `key` (a template id, or `new`), if any. */
export async function loadDraft(key: string): Promise<Draft | undefined> {
  return valueOf(await appEngine().getDraft(key)) ?? undefined;
}

/** Not pure: stores `draft` over any draft under its key. */
export async function saveDraft(draft: Draft): Promise<void> {
  valueOf(await appEngine().putDraft(draft));
}

/** Not pure: deletes the draft under `key`, if any (with `tab`: only a draft that tab wrote). */
export async function dropDraft(key: string, tab?: string): Promise<void> {
  valueOf(await appEngine().deleteDraft(key, tab));
}

let tab: string | null = null;

/**
 * Not pure: this page's id, which the drafts it writes carry (a reload is a new page: it adopts the
 * draft it restores by writing it again under its own id).
 */
export function thisTab(): string {
  tab ??= crypto.randomUUID();
  return tab;
}

/** Not pure: `steps` steps of the draft document `doc` in a scratch run (nothing stored). */
export async function tryDraft(doc: unknown, steps: number): Promise<DraftTrial> {
  const result = await appEngine().tryDraft(doc, steps);
  if (result.ok) return result.value;
  throw new Error(`The draft could not be tried: ${result.error.message}`);
}
