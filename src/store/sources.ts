/**
 * Log sources a user added (API.md `POST /api/parser/sources`); the bundled samples named by
 * `public/parser/manifest.json` are fetched, not stored.
 */
import type { AppDB, ParserConfigRow, SourceRow } from './AppDB';
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

/** Not pure (reads a stored Blob): the text of a stored source, whether kept as a string or as a Blob. */
export async function sourceText(row: SourceRow): Promise<string> {
  return row.blob ? row.blob.text() : row.content;
}

/** Pure: a stored source as a Blob (the stored one, or its text as one). */
export function sourceBlob(row: SourceRow): Blob {
  return row.blob ?? new Blob([row.content]);
}

/**
 * Not pure: stores a new source (none: `source` null) and a configuration together, in one
 * transaction: both or neither.
 */
export function addSourceAndConfig(db: AppDB, source: SourceRow | null, config: ParserConfigRow): Promise<void> {
  return guardStore(() =>
    db.transaction('rw', db.sources, db.parserConfigs, async () => {
      if (source) await db.sources.add(source);
      await db.parserConfigs.put(config);
    }),
  );
}

/**
 * Not pure: undoes `addSourceAndConfig` in one transaction — deletes the source `sourceId` (null:
 * none was added) and puts `previous` back in place of configuration `configId` (deletes it when
 * there was none).
 */
export function undoSourceAndConfig(
  db: AppDB,
  sourceId: string | null,
  configId: string,
  previous: ParserConfigRow | undefined,
): Promise<void> {
  return guardStore(() =>
    db.transaction('rw', db.sources, db.parserConfigs, async () => {
      if (sourceId !== null) await db.sources.delete(sourceId);
      if (previous) await db.parserConfigs.put(previous);
      else await db.parserConfigs.delete(configId);
    }),
  );
}
