import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/contract/drafts';
import { openAppDb } from '../../../src/store/db';
import { deleteDraft, getDraft, LEGACY_DRAFTS_DB, putDraft } from '../../../src/store/drafts';

const fresh = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}`;

/** The page's own drafts database as the app once wrote it (its schema, written out here). */
async function legacyDrafts(rows: Draft[]): Promise<void> {
  const old = new Dexie(LEGACY_DRAFTS_DB);
  old.version(1).stores({ drafts: 'key' });
  await old.table('drafts').bulkPut(rows);
  old.close();
}

describe('the drafts table (database version 4)', () => {
  it('opens a version 3 database keeping its rows, with no draft stored', async () => {
    const name = fresh('drafts-migration');
    // The schema of version 3, written out here.
    const old = new Dexie(name);
    old.version(1).stores({
      templates: 'id, &slug',
      executions: 'id, templateId',
      inputs: '[executionId+batch]',
      ledgerSegments: '[executionId+segment]',
      checkpoints: '[executionId+segment]',
      parserConfigs: 'id',
      sources: 'id',
    });
    old.version(2).stores({ meta: 'key', sources: 'id, name' });
    old.version(3).stores({ settings: 'key' });
    await old.table('templates').add({ id: 't1', slug: 'kept', name: 'Kept', scenario: { nodes: [] } });
    await old.table('settings').put({ key: 'compat', value: 'pled' });
    old.close();
    const db = openAppDb({ name });
    expect(await db.templates.get('t1')).toMatchObject({ slug: 'kept', name: 'Kept' });
    expect(await db.settings.get('compat')).toEqual({ key: 'compat', value: 'pled' });
    expect(db.verno).toBe(4);
    expect(await db.drafts.count()).toBe(0);
    db.close();
  });

  it('keeps one draft per key: a put replaces, a delete removes, an unknown key reads as none', async () => {
    const db = openAppDb({ name: fresh('drafts') });
    await putDraft(db, { key: 'new', text: 'a', base: null, fresh: true });
    await putDraft(db, { key: 'new', text: 'b', base: null });
    await putDraft(db, { key: 't1', text: 'c', base: '2026-01-01T00:00:00.000Z' });
    expect(await getDraft(db, 'new')).toEqual({ key: 'new', text: 'b', base: null });
    await deleteDraft(db, 'new');
    expect(await getDraft(db, 'new')).toBeUndefined();
    expect(await getDraft(db, 't1')).toEqual({ key: 't1', text: 'c', base: '2026-01-01T00:00:00.000Z' });
    await deleteDraft(db, 'gone');
    db.close();
  });

  it('shared by the tabs: a tab deletes only a draft it wrote (or an older one naming no tab); Discard draft deletes any', async () => {
    const db = openAppDb({ name: fresh('drafts-tabs') });
    // Tab B typed last, on revision 1; tab A saved and drops its draft: B's stays.
    await putDraft(db, { key: 't1', text: 'B', base: 'x', revision: 1, tab: 'B' });
    await deleteDraft(db, 't1', 'A');
    expect(await getDraft(db, 't1')).toEqual({ key: 't1', text: 'B', base: 'x', revision: 1, tab: 'B' });
    await deleteDraft(db, 't1', 'B');
    expect(await getDraft(db, 't1')).toBeUndefined();
    // A draft from before tabs were named is any tab's; Discard draft (no tab) deletes any draft.
    await putDraft(db, { key: 't1', text: 'old', base: 'x' });
    await deleteDraft(db, 't1', 'A');
    expect(await getDraft(db, 't1')).toBeUndefined();
    await putDraft(db, { key: 't1', text: 'B', base: 'x', tab: 'B' });
    await deleteDraft(db, 't1');
    expect(await getDraft(db, 't1')).toBeUndefined();
    db.close();
  });

  it('brings the drafts of the page’s former database over once, a draft already here winning, and deletes that database', async () => {
    const db = openAppDb({ name: fresh('drafts-legacy') });
    // A draft stored here first (through another instance, so this one has not looked at the legacy database yet).
    const other = openAppDb({ name: db.name });
    await other.drafts.put({ key: 't1', text: 'newer', base: null });
    other.close();
    await legacyDrafts([
      { key: 't1', text: 'older', base: null },
      { key: 'new', text: 'unsaved', base: null },
    ]);
    expect(await getDraft(db, 'new')).toEqual({ key: 'new', text: 'unsaved', base: null });
    expect(await getDraft(db, 't1')).toEqual({ key: 't1', text: 'newer', base: null });
    expect(await Dexie.exists(LEGACY_DRAFTS_DB)).toBe(false);
    db.close();
  });
});
