/**
 * Template rows: list, read, insert and update with a unique slug, and delete with every execution
 * of the template (one transaction: no execution is left pointing at a deleted template).
 */
import type { AppDB, TemplateRow } from './AppDB';
import { guardStore, StoreError } from './errors';
import { deleteExecutionData } from './executions';

/** Not pure: every template, by name (case-insensitive), then id. */
export function listTemplates(db: AppDB): Promise<TemplateRow[]> {
  return guardStore(async () => {
    const rows = await db.templates.toArray();
    return rows.sort((x, y) => x.name.localeCompare(y.name, 'en', { sensitivity: 'base' }) || (x.id < y.id ? -1 : 1));
  });
}

/** Not pure: the template `id`, or undefined. */
export function getTemplate(db: AppDB, id: string): Promise<TemplateRow | undefined> {
  return guardStore(() => db.templates.get(id));
}

/** Not pure: stores `row` with the first free slug among `baseSlug`, `baseSlug-2`, …; returns the stored row. */
export function insertTemplate(db: AppDB, row: Omit<TemplateRow, 'slug'>, baseSlug: string): Promise<TemplateRow> {
  return guardStore(() =>
    db.transaction('rw', db.templates, async () => {
      const stored: TemplateRow = { ...row, slug: await freeSlug(db, baseSlug, null) };
      await db.templates.add(stored);
      return stored;
    }),
  );
}

/**
 * Not pure: applies `patch` to template `id` (a new slug from `baseSlug` when given); returns the
 * stored row, or undefined when the template does not exist.
 */
export function updateTemplate(
  db: AppDB,
  id: string,
  patch: Partial<TemplateRow>,
  baseSlug: string | null,
): Promise<TemplateRow | undefined> {
  return guardStore(() =>
    db.transaction('rw', db.templates, async () => {
      const current = await db.templates.get(id);
      if (!current) return undefined;
      const next: TemplateRow = { ...current, ...patch, id };
      if (baseSlug !== null) next.slug = await freeSlug(db, baseSlug, id);
      await db.templates.put(next);
      return next;
    }),
  );
}

/**
 * Not pure: deletes template `id` and all its executions with their ledgers, inputs and checkpoints,
 * in one transaction. Returns the deleted template and the ids of the deleted executions.
 */
export function deleteTemplate(db: AppDB, id: string): Promise<{ template: TemplateRow; executionIds: string[] }> {
  return guardStore(() =>
    db.transaction('rw', [db.templates, db.executions, db.inputs, db.ledgerSegments, db.checkpoints], async () => {
      const template = await db.templates.get(id);
      if (!template) throw new StoreError('NOT_FOUND', `template "${id}" not found`, { templateId: id });
      const executionIds = (await db.executions.where('templateId').equals(id).primaryKeys()) as string[];
      for (const executionId of executionIds) await deleteExecutionData(db, executionId);
      await db.templates.delete(id);
      return { template, executionIds };
    }),
  );
}

/** The first of `base`, `base-2`, `base-3`, … that no other template uses. Runs inside a transaction on `templates`. */
async function freeSlug(db: AppDB, base: string, selfId: string | null): Promise<string> {
  const taken = new Set<string>();
  await db.templates
    .where('slug')
    .startsWith(base)
    .each((t) => {
      if (t.id !== selfId) taken.add(t.slug);
    });
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
