/**
 * The editor's drafts in the app's database (`drafts`, version 4): one row per template id, or
 * `new`. The page once kept them in a database of its own, `flowledger-drafts`, written from the
 * main thread; the first draft call of a worker brings any such drafts over (a draft already here
 * wins) and deletes that database, so nothing is lost and only one database remains.
 */
import { Dexie } from 'dexie';
import type { Draft } from '../contract/drafts';
import type { AppDB } from './AppDB';
import { guardStore } from './errors';

/** The database the page kept drafts in before they moved here. */
export const LEGACY_DRAFTS_DB = 'flowledger-drafts';

const imported = new WeakMap<AppDB, Promise<void>>();

/** Not pure: the draft under `key`, if any. */
export function getDraft(db: AppDB, key: string): Promise<Draft | undefined> {
  return guardStore(async () => {
    await importLegacyDrafts(db);
    return db.drafts.get(key);
  });
}

/** Not pure: stores `draft` over any draft under its key. */
export function putDraft(db: AppDB, draft: Draft): Promise<void> {
  return guardStore(async () => {
    await importLegacyDrafts(db);
    await db.drafts.put(draft);
  });
}

/**
 * Not pure: deletes the draft under `key` (none: nothing happens). With `tab`, only a draft that
 * tab wrote (or one that names no tab): a tab that saved never deletes what another tab typed since.
 */
export function deleteDraft(db: AppDB, key: string, tab?: string): Promise<void> {
  return guardStore(async () => {
    await importLegacyDrafts(db);
    if (tab === undefined) return db.drafts.delete(key);
    await db.transaction('rw', db.drafts, async () => {
      const draft = await db.drafts.get(key);
      if (draft && (draft.tab === undefined || draft.tab === tab)) await db.drafts.delete(key);
    });
  });
}

/** Not pure: once per database instance, moves the legacy drafts database's rows into `db`. */
function importLegacyDrafts(db: AppDB): Promise<void> {
  let done = imported.get(db);
  if (!done) {
    done = moveLegacyDrafts(db);
    imported.set(db, done);
  }
  return done;
}

async function moveLegacyDrafts(db: AppDB): Promise<void> {
  if (!(await Dexie.exists(LEGACY_DRAFTS_DB))) return;
  const legacy = new Dexie(LEGACY_DRAFTS_DB);
  legacy.version(1).stores({ drafts: 'key' });
  let rows: Draft[];
  try {
    rows = await legacy.table<Draft, string>('drafts').toArray();
  } finally {
    legacy.close();
  }
  await db.transaction('rw', db.drafts, async () => {
    const present = new Set((await db.drafts.bulkGet(rows.map((r) => r.key))).map((r) => r?.key));
    await db.drafts.bulkPut(rows.filter((r) => !present.has(r.key)));
  });
  await Dexie.delete(LEGACY_DRAFTS_DB);
}
