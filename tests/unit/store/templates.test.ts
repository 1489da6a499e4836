import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import type { TemplateRow } from '../../../src/store/AppDB';
import { openAppDb } from '../../../src/store/db';
import { StoreError } from '../../../src/store/errors';
import { templateToWire } from '../../../src/store/mappers';
import { getTemplate, insertTemplate, updateTemplate } from '../../../src/store/templates';

const fresh = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}`;

const scenario = (maxSteps: number) => ({ version: '3.0', nodes: [], simulation: { maxSteps } });

function row(id: string, name: string): Omit<TemplateRow, 'slug' | 'revision' | 'changedAt'> {
  return {
    id,
    name,
    description: '',
    version: '3.0',
    scenario: scenario(10),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** The StoreError `op` is refused with. */
async function refusal(op: Promise<unknown>): Promise<StoreError> {
  try {
    await op;
  } catch (err) {
    if (err instanceof StoreError) return err;
    throw err;
  }
  throw new Error('expected a StoreError');
}

describe('template revisions: the precondition of an update', () => {
  it('creates revision 1 and makes every update the next revision', async () => {
    const db = openAppDb({ name: fresh('templates') });
    expect((await insertTemplate(db, row('t1', 'Orders'), 'orders')).revision).toBe(1);
    expect((await updateTemplate(db, 't1', { name: 'Orders 2' }, 'orders-2', 1))?.revision).toBe(2);
    expect((await updateTemplate(db, 't1', { description: 'x' }, null))?.revision).toBe(3);
    expect(templateToWire((await getTemplate(db, 't1'))!).revision).toBe(3);
    db.close();
  });

  it('refuses an update made on an older revision with CONFLICT naming what changed since, and writes nothing', async () => {
    const db = openAppDb({ name: fresh('templates') });
    await insertTemplate(db, row('t1', 'Orders'), 'orders');
    // Tab A renames on revision 1; tab B, still on revision 1, changes maxSteps.
    await updateTemplate(db, 't1', { name: 'Orders renamed', scenario: scenario(10) }, 'orders-renamed', 1);
    const err = await refusal(updateTemplate(db, 't1', { name: 'Orders', scenario: scenario(99) }, null, 1));
    expect(err.code).toBe('CONFLICT');
    expect(err.details).toMatchObject({ templateId: 't1', revision: 2, basedOn: 1, changed: ['name'] });
    expect(err.message).toContain('changed meanwhile: name (revision 2, this change was made on revision 1)');
    const stored = (await getTemplate(db, 't1'))!;
    expect(stored).toMatchObject({
      name: 'Orders renamed',
      slug: 'orders-renamed',
      revision: 2,
      scenario: scenario(10),
    });
    // Made on the current revision, the same change goes through.
    const next = await updateTemplate(db, 't1', { name: 'Orders renamed', scenario: scenario(99) }, null, 2);
    expect(next).toMatchObject({ name: 'Orders renamed', revision: 3, scenario: scenario(99) });
    db.close();
  });

  it('names every field changed since the base revision, not those only saved again unchanged', async () => {
    const db = openAppDb({ name: fresh('templates') });
    await insertTemplate(db, row('t1', 'Orders'), 'orders');
    await updateTemplate(db, 't1', { description: 'first', name: 'Orders' }, null, 1);
    await updateTemplate(db, 't1', { scenario: scenario(5), name: 'Orders' }, null, 2);
    expect((await refusal(updateTemplate(db, 't1', { name: 'x' }, null, 1))).details.changed).toEqual([
      'description',
      'scenario',
    ]);
    expect((await refusal(updateTemplate(db, 't1', { name: 'x' }, null, 2))).details.changed).toEqual(['scenario']);
    const ahead = await refusal(updateTemplate(db, 't1', { name: 'x' }, null, 7));
    expect(ahead.message).toContain('it has no revision 7 yet');
    db.close();
  });

  it('without a precondition, applies to whatever is stored (the original tool’s PUT)', async () => {
    const db = openAppDb({ name: fresh('templates') });
    await insertTemplate(db, row('t1', 'Orders'), 'orders');
    await updateTemplate(db, 't1', { name: 'A' }, 'a', 1);
    expect(await updateTemplate(db, 't1', { name: 'B' }, 'b')).toMatchObject({ name: 'B', slug: 'b', revision: 3 });
    expect(await updateTemplate(db, 'gone', { name: 'B' }, null, 1)).toBeUndefined();
    db.close();
  });

  it('reads a template stored before revisions as revision 0, and a change made on 0 goes through once', async () => {
    const name = fresh('templates-legacy');
    const db = openAppDb({ name });
    await db.templates.add({ ...row('t1', 'Old'), slug: 'old' });
    expect(templateToWire((await getTemplate(db, 't1'))!).revision).toBe(0);
    await updateTemplate(db, 't1', { description: 'new' }, null, 0);
    const err = await refusal(updateTemplate(db, 't1', { name: 'x' }, null, 0));
    expect(err.details).toMatchObject({ revision: 1, basedOn: 0, changed: ['description'] });
    db.close();
    await Dexie.delete(name);
  });
});
