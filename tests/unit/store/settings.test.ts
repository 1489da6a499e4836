import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openAppDb } from '../../../src/store/db';
import { readSettings, writeSettings } from '../../../src/store/settings';

/** A database as version 2 of the app left it (the schema of that version, written out here). */
async function versionTwoDatabase(name: string): Promise<void> {
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
  await old.table('templates').add({ id: 't1', slug: 'kept', name: 'Kept', scenario: { nodes: [] } });
  await old.table('meta').put({ key: 'seededParserConfigs', value: ['c1'] });
  await old.table('sources').add({ id: 's1', name: 'app.log', type: 'log', content: 'x', bytes: 1, createdAt: '' });
  old.close();
}

describe('the settings table (database version 3)', () => {
  it('opens a version 2 database keeping every row, with no setting stored until one is changed', async () => {
    const name = `settings-migration-${Math.random().toString(36).slice(2)}`;
    await versionTwoDatabase(name);
    const db = openAppDb({ name });
    expect(await db.templates.get('t1')).toMatchObject({ slug: 'kept', name: 'Kept' });
    expect(await db.meta.get('seededParserConfigs')).toEqual({ key: 'seededParserConfigs', value: ['c1'] });
    expect((await db.sources.where('name').equals('app.log').toArray()).map((s) => s.id)).toEqual(['s1']);
    expect(db.verno).toBe(4);
    expect(await db.settings.count()).toBe(0);
    expect(await readSettings(db)).toEqual({ compat: 'default' });
    db.close();
  });

  it('keeps a changed setting across a reopen; an unreadable stored value reads as the default', async () => {
    const name = `settings-${Math.random().toString(36).slice(2)}`;
    const db = openAppDb({ name });
    expect(await writeSettings(db, { compat: 'pled' })).toEqual({ compat: 'pled' });
    db.close();
    const again = openAppDb({ name });
    expect(await readSettings(again)).toEqual({ compat: 'pled' });
    await again.settings.put({ key: 'compat', value: 'something-else' });
    expect(await readSettings(again)).toEqual({ compat: 'default' });
    again.close();
  });
});
