/**
 * The one place that creates the database instance. The worker calls it once; Node tests call it
 * with a fresh name per test (over fake-indexeddb).
 */
import { AppDB, type IndexedDbBackend, type TemplateRow } from './AppDB';

import { DEFAULT_DB_NAME } from '../contract/databases';

export { DEFAULT_DB_NAME, EMBED_DB_NAME, PLAYER_DB_NAME } from '../contract/databases';

export interface OpenAppDbOptions {
  /** Database name (default `flowledger`). */
  name?: string;
  /**
   * Templates stored when the database is first created — the examples, so the app is useful
   * immediately. Dexie's `populate` runs once, inside the creating transaction, so two tabs opening
   * a new database at once still store them once; deleting them later never brings them back.
   */
  initialTemplates?: () => TemplateRow[];
  /** Another IndexedDB implementation than the browser's (the player's, kept in memory). */
  backend?: IndexedDbBackend;
}

/** Not pure: creates the database instance (it opens on first use). */
export function openAppDb(options: OpenAppDbOptions = {}): AppDB {
  const db = new AppDB(options.name ?? DEFAULT_DB_NAME, options.backend);
  const initial = options.initialTemplates;
  if (initial) {
    db.on('populate', (tx) => {
      void tx.table('templates').bulkAdd(initial());
    });
  }
  return db;
}
