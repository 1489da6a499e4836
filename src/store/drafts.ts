/**
 * The editor's drafts: unsaved template text, one row per template id or `new`, in the drafts
 * database (`flowledger-drafts`, where the page kept them before). Only the worker opens it now
 * (PRODUCT.md: the worker owns the database; the main thread never writes IndexedDB).
 */
import { Dexie, type Table } from 'dexie';
import type { Draft } from '../contract/drafts';
import { guardStore } from './errors';

/** The drafts database's name. */
export const DRAFTS_DB = 'flowledger-drafts';

class DraftDb extends Dexie {
  drafts!: Table<Draft, string>;
  constructor() {
    super(DRAFTS_DB);
    this.version(1).stores({ drafts: 'key' });
  }
}

let db: DraftDb | null = null;
const open = (): DraftDb => (db ??= new DraftDb());

/** Not pure: the draft under `key`, if any. */
export function getDraft(key: string): Promise<Draft | undefined> {
  return guardStore(() => open().drafts.get(key));
}

/** Not pure: stores `draft` over any draft under its key. */
export function putDraft(draft: Draft): Promise<void> {
  return guardStore(async () => {
    await open().drafts.put(draft);
  });
}

/** Not pure: deletes the draft under `key` (none: nothing happens). */
export function deleteDraft(key: string): Promise<void> {
  return guardStore(() => open().drafts.delete(key));
}
