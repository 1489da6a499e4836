/**
 * Unsaved editor text kept in IndexedDB (a small database of its own, `flowledger-drafts`), so a
 * reload or a closed tab does not lose work. One draft per template id; `new` for a template not yet
 * saved. Not pure (storage).
 */
import Dexie, { type Table } from 'dexie';

export interface Draft {
  /** The template id, or `new`. */
  key: string;
  text: string;
  /** `updatedAt` of the stored template the draft started from (null: a new template). */
  base: string | null;
  /** Written by `New template` / `Import` as a starting point, not by the person typing. */
  fresh?: boolean;
}

class DraftDb extends Dexie {
  drafts!: Table<Draft, string>;
  constructor() {
    super('flowledger-drafts');
    this.version(1).stores({ drafts: 'key' });
  }
}

let db: DraftDb | null = null;
const open = (): DraftDb => (db ??= new DraftDb());

export const NEW_DRAFT = 'new';

export async function loadDraft(key: string): Promise<Draft | undefined> {
  return open().drafts.get(key);
}

export async function saveDraft(draft: Draft): Promise<void> {
  await open().drafts.put(draft);
}

export async function dropDraft(key: string): Promise<void> {
  await open().drafts.delete(key);
}
