/**
 * The app's settings, one row per key in the `settings` table (version 3 of the database). A missing
 * row reads as the default; nothing is written until a setting is changed.
 */
import { DEFAULT_SETTINGS, isCompatProfile, type Settings } from '../contract/settings';
import type { AppDB } from './AppDB';
import { guardStore } from './errors';

/** Not pure: the stored settings, defaults filled in (an unreadable value reads as its default). */
export function readSettings(db: AppDB): Promise<Settings> {
  return guardStore(async () => {
    const rows = await db.settings.toArray();
    const out: Settings = { ...DEFAULT_SETTINGS };
    for (const row of rows) if (row.key === 'compat' && isCompatProfile(row.value)) out.compat = row.value;
    return out;
  });
}

/** Not pure: stores the given settings (others unchanged); answers the settings after the change. */
export function writeSettings(db: AppDB, patch: Partial<Settings>): Promise<Settings> {
  return guardStore(async () => {
    await db.transaction('rw', db.settings, async () => {
      for (const [key, value] of Object.entries(patch)) if (value !== undefined) await db.settings.put({ key, value });
    });
    return readSettings(db);
  });
}
