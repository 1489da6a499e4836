/**
 * Saved log-parser configurations (API.md "Parser"). Plain rows; the parser service validates them
 * before they get here. The configurations bundled with the app (public/parser/manifest.json) are
 * seeded once each: `meta.seededParserConfigs` remembers their ids, so deleting one never brings it
 * back, and a configuration added to the manifest by a later version of the app still arrives.
 */
import type { AppDB, ParserConfigRow } from './AppDB';
import { guardStore } from './errors';

const SEEDED = 'seededParserConfigs';

/** Not pure: every saved configuration, by name. */
export function listParserConfigs(db: AppDB): Promise<ParserConfigRow[]> {
  return guardStore(async () =>
    (await db.parserConfigs.toArray()).sort((x, y) => x.name.localeCompare(y.name, 'en') || (x.id < y.id ? -1 : 1)),
  );
}

/** Not pure: the configuration `id`, or undefined. */
export function getParserConfig(db: AppDB, id: string): Promise<ParserConfigRow | undefined> {
  return guardStore(() => db.parserConfigs.get(id));
}

/** Not pure: stores (inserts or replaces) `row`. */
export function putParserConfig(db: AppDB, row: ParserConfigRow): Promise<void> {
  return guardStore(async () => {
    await db.parserConfigs.put(row);
  });
}

/** Not pure: deletes configuration `id`; returns whether it existed. */
export function deleteParserConfig(db: AppDB, id: string): Promise<boolean> {
  return guardStore(() =>
    db.transaction('rw', db.parserConfigs, async () => {
      const found = (await db.parserConfigs.get(id)) !== undefined;
      if (found) await db.parserConfigs.delete(id);
      return found;
    }),
  );
}

/** Not pure: the ids of the bundled configurations already seeded (once each, ever). */
export function seededParserConfigIds(db: AppDB): Promise<string[]> {
  return guardStore(async () => idsOf((await db.meta.get(SEEDED))?.value));
}

/**
 * Not pure: stores each of `rows` that was never seeded before (and whose id no saved configuration
 * took), and records every given id as seeded — in one transaction, so two tabs seed once. Returns
 * the ids stored now.
 */
export function seedParserConfigs(db: AppDB, rows: readonly ParserConfigRow[]): Promise<string[]> {
  return guardStore(() =>
    db.transaction('rw', [db.meta, db.parserConfigs], async () => {
      const seeded = new Set(idsOf((await db.meta.get(SEEDED))?.value));
      const stored: string[] = [];
      for (const row of rows) {
        if (seeded.has(row.id)) continue;
        seeded.add(row.id);
        if ((await db.parserConfigs.get(row.id)) !== undefined) continue;
        await db.parserConfigs.add(row);
        stored.push(row.id);
      }
      await db.meta.put({ key: SEEDED, value: [...seeded] });
      return stored;
    }),
  );
}

function idsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
