/**
 * Log sources a user added (API.md `POST /api/parser/sources`); the bundled samples named by
 * `public/parser/manifest.json` are fetched, not stored.
 */
import type { AppDB, SourceRow } from './AppDB';
import { guardStore } from './errors';

/** Not pure: every stored source, oldest first. */
export function listSources(db: AppDB): Promise<SourceRow[]> {
  return guardStore(async () =>
    (await db.sources.toArray()).sort((x, y) =>
      x.createdAt < y.createdAt ? -1 : x.createdAt > y.createdAt ? 1 : x.id < y.id ? -1 : 1,
    ),
  );
}

/** Not pure: the source `id`, or undefined. */
export function getSource(db: AppDB, id: string): Promise<SourceRow | undefined> {
  return guardStore(() => db.sources.get(id));
}

/** Not pure: a stored source named exactly `name` (the smallest id when several are), or undefined. */
export function findSourceByName(db: AppDB, name: string): Promise<SourceRow | undefined> {
  return guardStore(() => db.sources.where('name').equals(name).first());
}

/** Not pure: stores a new source. */
export function addSource(db: AppDB, row: SourceRow): Promise<void> {
  return guardStore(async () => {
    await db.sources.add(row);
  });
}

/** Not pure: deletes source `id`; returns whether it existed. */
export function deleteSource(db: AppDB, id: string): Promise<boolean> {
  return guardStore(() =>
    db.transaction('rw', db.sources, async () => {
      const found = (await db.sources.get(id)) !== undefined;
      if (found) await db.sources.delete(id);
      return found;
    }),
  );
}
