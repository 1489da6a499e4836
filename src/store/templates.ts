/**
 * Template rows: list, read, insert and update with a unique slug, and delete with every execution
 * of the template (one transaction: no execution is left pointing at a deleted template). Updates
 * carry the same optimistic concurrency as an execution's commits: every update increments the
 * row's `revision`, and an update made on an older revision than the stored one is refused with
 * CONFLICT naming the fields that changed since (two tabs never overwrite each other in silence).
 */
import type { AppDB, TemplateField, TemplateRow } from './AppDB';
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

/** The fields an update can change, in the order a conflict names them. */
export const TEMPLATE_FIELDS: readonly TemplateField[] = ['name', 'description', 'scenario', 'referenceDoc'];

/**
 * Not pure: stores `row` as revision 1 with the first free slug among `baseSlug`, `baseSlug-2`, …;
 * returns the stored row.
 */
export function insertTemplate(
  db: AppDB,
  row: Omit<TemplateRow, 'slug' | 'revision' | 'changedAt'>,
  baseSlug: string,
): Promise<TemplateRow> {
  return guardStore(() =>
    db.transaction('rw', db.templates, async () => {
      const stored: TemplateRow = { ...row, slug: await freeSlug(db, baseSlug, null), revision: 1 };
      await db.templates.add(stored);
      return stored;
    }),
  );
}

/**
 * Not pure: applies `patch` to template `id` (a new slug from `baseSlug` when given) as the next
 * revision; returns the stored row, or undefined when the template does not exist. With
 * `basedOn` (the revision the change was made on), refused with CONFLICT when the stored revision
 * is another: `details.changed` names the fields changed since `basedOn`. Without it (null) the
 * update applies to whatever is stored, as before revisions existed.
 */
export function updateTemplate(
  db: AppDB,
  id: string,
  patch: Partial<Pick<TemplateRow, TemplateField | 'version' | 'updatedAt'>>,
  baseSlug: string | null,
  basedOn: number | null = null,
): Promise<TemplateRow | undefined> {
  return guardStore(() =>
    db.transaction('rw', db.templates, async () => {
      const current = await db.templates.get(id);
      if (!current) return undefined;
      const revision = current.revision ?? 0;
      if (basedOn !== null && basedOn !== revision) throw conflict(current, basedOn);
      const changedAt = { ...current.changedAt };
      for (const field of TEMPLATE_FIELDS)
        if (field in patch && !sameValue(patch[field], current[field])) changedAt[field] = revision + 1;
      const next: TemplateRow = { ...current, ...patch, id, revision: revision + 1, changedAt };
      if (baseSlug !== null) next.slug = await freeSlug(db, baseSlug, id);
      await db.templates.put(next);
      return next;
    }),
  );
}

/**
 * Pure: the CONFLICT of an update made on revision `basedOn` of `current`. The fields changed since
 * are those whose `changedAt` is after `basedOn`; a row from before revisions names every field it
 * cannot rule out.
 */
function conflict(current: TemplateRow, basedOn: number): StoreError {
  const revision = current.revision ?? 0;
  const changed = TEMPLATE_FIELDS.filter((f) => {
    const at = current.changedAt?.[f];
    return at === undefined ? basedOn < revision && current.changedAt === undefined : at > basedOn;
  });
  const what =
    basedOn > revision
      ? `it has no revision ${basedOn} yet`
      : changed.length > 0
        ? changed.join(', ')
        : 'saved again with the same content';
  return new StoreError(
    'CONFLICT',
    `template "${current.name}" (${current.id}) changed meanwhile: ${what} (revision ${revision}, this change was made on revision ${basedOn})`,
    { templateId: current.id, revision, basedOn, changed, updatedAt: current.updatedAt },
  );
}

/** Pure: whether two stored values are the same (JSON data: compared as written). */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
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
