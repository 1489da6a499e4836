import { readFileSync } from 'node:fs';
import { QueryObserver } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import {
  checkImport,
  deleteTemplate,
  duplicateTemplate,
  executionNames,
  saveImport,
  templateFile,
} from '../../../../src/ui/state/library/libraryFlows';
import { createQueryCache, queryKeys, templatesQuery } from '../../../../src/ui/state/query/queries';
import type { Template } from '../../../../src/contract/wire';
import { EngineAPIService } from '../../../../src/client/EngineAPIService';
import { newApi, useApiServer } from '../../api/helpers';

useApiServer();

const doc = JSON.parse(readFileSync(new URL('../../../../examples/order-pipeline.json', import.meta.url), 'utf8'));

/** A cache whose template list is observed (as the sidebar observes it), so an invalidation refetches it. */
async function observedCache(api: ReturnType<typeof newApi>['api']) {
  const cache = createQueryCache();
  const observer = new QueryObserver(cache, templatesQuery(api));
  const stop = observer.subscribe(() => undefined);
  await cache.fetchQuery(templatesQuery(api));
  const names = () => (cache.getQueryData<Template[]>(queryKeys.templates()) ?? []).map((t) => t.name).sort();
  return { cache, stop, names };
}

describe('library flows (real handlers, service and client)', () => {
  it('duplicate stores "<name> (copy)" with the same scenario, and the observed list shows it', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'Orders', description: 'd', scenario: doc.scenario });
    const { cache, stop, names } = await observedCache(api);
    expect(names()).toEqual(['Orders']);
    const copy = await duplicateTemplate(api, cache, templateId);
    expect(copy.name).toBe('Orders (copy)');
    expect(copy.description).toBe('d');
    expect(copy.scenario).toEqual((await api.getTemplate(templateId)).scenario);
    expect(names()).toEqual(['Orders', 'Orders (copy)']);
    stop();
  });

  it('delete names the executions it takes along, then the list no longer holds the template', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'Gone', scenario: doc.scenario });
    await api.createTemplate({ name: 'Kept', scenario: doc.scenario });
    const named = await api.createExecution(templateId, { name: 'first run' });
    const unnamed = await api.createExecution(templateId, {});
    const { cache, stop, names } = await observedCache(api);
    const lost = await executionNames(api, cache, templateId);
    // An unnamed execution is named by its id.
    expect(lost.sort()).toEqual(['first run', unnamed.execution.name || unnamed.executionId].sort());
    expect(named.execution.name).toBe('first run');
    await deleteTemplate(api, cache, templateId);
    expect(names()).toEqual(['Kept']);
    expect(cache.getQueryData(queryKeys.executions(templateId))).toEqual([]);
    stop();
  });

  it('export is the template document a person writes, named after the slug', async () => {
    const { api } = newApi();
    const { templateId, template } = await api.createTemplate({ name: 'Orders', scenario: doc.scenario });
    const file = await templateFile(api, templateId);
    expect(file.name).toBe(`${template.slug || template.id}.json`);
    expect(JSON.parse(file.text)).toEqual({
      name: 'Orders',
      description: '',
      version: '3.0',
      scenario: template.scenario,
    });
  });

  it('an import is checked before it is saved: not JSON, not a template, errors, then a clean save', async () => {
    const { api } = newApi();
    const notJson = await checkImport(api, 'a.json', '{ nope');
    expect(notJson.doc).toBeNull();
    expect(notJson.problem).toMatch(/^This file is not JSON: /);

    const neither = await checkImport(api, 'b.json', '{"hello": 1}');
    expect(neither.doc).toBeNull();
    expect(neither.problem).toBe('This JSON is neither a template (with a "scenario") nor a scenario (with "nodes").');

    const broken = { ...doc.scenario, nodes: [{ nodeId: 'x', type: 'Bogus' }] };
    const bad = await checkImport(api, 'c.json', JSON.stringify({ name: 'Bad', scenario: broken }));
    expect(bad.problem).toBeNull();
    expect(bad.errors.length).toBeGreaterThan(0);

    // A bare scenario without a name of its own takes the file's name (without .json).
    const { name: _own, ...unnamed } = doc.scenario;
    const good = await checkImport(api, 'My pipeline.json', JSON.stringify(unnamed));
    expect(good.problem).toBeNull();
    expect(good.errors).toEqual([]);
    expect(good.checked).toBe(true);
    expect(good.doc?.name).toBe('My pipeline');

    const { cache, stop, names } = await observedCache(api);
    const saved = await saveImport(api, cache, good.doc!);
    expect(saved.name).toBe('My pipeline');
    expect(names()).toEqual(['My pipeline']);
    stop();
  });

  it('a file nested past 256 levels is refused before parsing, with its line and column, and never offered for saving', async () => {
    const { api } = newApi();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const line2 = ' "scenario": {"version": "3.0", "nodes": ';
    const text = `{"name": "Deep",\n${line2}${deep}}}`;
    // Levels 1 and 2 are the two objects: the 255th bracket of the array is the 257th level.
    const column = line2.length + 255;
    const check = await checkImport(api, 'deep.json', text);
    expect(check).toEqual({
      file: 'deep.json',
      doc: null,
      problem:
        `This file cannot be imported: line 2, column ${column}: ` +
        'JSON nested more than 256 levels deep (arrays and objects); the limit is 256.',
      errors: [],
      warnings: [],
      checked: false,
    });
  });

  it('a file the validator could not check is not offered for saving', async () => {
    newApi();
    // A client whose requests reach no service: the check fails, the document itself is fine.
    const unreachable = new EngineAPIService({ baseUrl: 'http://unreachable.flowledger.test/api' });
    const check = await checkImport(unreachable, 'order-pipeline.json', JSON.stringify(doc));
    expect(check.doc).not.toBeNull();
    expect(check.checked).toBe(false);
    expect(check.problem).toMatch(/^The file could not be checked, so it cannot be saved from here: /);
  });
});
