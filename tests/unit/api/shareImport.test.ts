import { describe, expect, it } from 'vitest';
import { encodeShare, type SharePayload } from '../../../src/ui/controllers/share/shareLink';
import { createQueryCache } from '../../../src/ui/state/query/queries';
import { openShareLink, openSharedRun, placeShared } from '../../../src/ui/state/run/share';
import { newApi, pipeline, useApiServer } from './helpers';

useApiServer();

/** A shared run of the pipeline whose second batch of events names a DataSource the template lacks. */
const brokenHalfway: SharePayload = {
  template: { name: 'Shared pipeline', description: '', scenario: pipeline(3) },
  seed: 1,
  inputLog: [
    { step: 0, events: [{ targetDataSourceId: 'src', value: 5 }] },
    { step: 2, events: [{ targetDataSourceId: 'no-such-source', value: 6 }] },
  ],
  step: 4,
  ended: false,
  ledgerHash: null,
  view: { step: 4, node: null, lineage: null },
};

describe('opening a share link is all or nothing', () => {
  it('a replay failing half-way leaves neither the template copy nor its "Shared run" behind', async () => {
    const { api } = newApi();
    const before = (await api.listTemplates()).templates.map((t) => t.id);
    await expect(openSharedRun(api, brokenHalfway)).rejects.toThrow(/no-such-source/);
    expect((await api.listTemplates()).templates.map((t) => t.id)).toEqual(before);
  });

  it('the failure keeps the link for Try again, says nothing was kept, and a good link still opens', async () => {
    const { api } = newApi();
    const link = encodeShare(brokenHalfway);
    if (!link.ok) throw new Error('expected a link');
    const outcome = await openShareLink(api, createQueryCache(), link.fragment, () => undefined);
    expect(outcome.route).toBeNull();
    expect(outcome.notice).toEqual({
      tone: 'warn',
      text: expect.stringMatching(
        /^The shared run could not be replayed: .*no-such-source.*\. Nothing of it was kept\.$/,
      ),
      fragment: link.fragment,
      retry: true,
    });
    expect((await api.listTemplates()).templates).toEqual([]);

    const good = encodeShare({ ...brokenHalfway, inputLog: brokenHalfway.inputLog.slice(0, 1) });
    if (!good.ok) throw new Error('expected a link');
    const opened = await openShareLink(api, createQueryCache(), good.fragment, () => undefined);
    expect(opened.notice.tone).toBe('ok');
    const templates = (await api.listTemplates()).templates;
    expect(templates.map((t) => t.name)).toEqual(['Shared pipeline']);
    expect((await api.listExecutions(templates[0]!.id)).executions.map((e) => e.name)).toEqual(['Shared run']);
  });

  it('a link that cannot be read keeps its text but offers no Try again', async () => {
    const { api } = newApi();
    const outcome = await openShareLink(api, createQueryCache(), '#share=1.%%%', () => undefined);
    expect(outcome.notice).toEqual({
      tone: 'warn',
      text: expect.stringContaining('cannot be opened'),
      fragment: '#share=1.%%%',
    });
  });
});

describe('a share link of a template the library already holds (issue 41, item 4)', () => {
  const shared: SharePayload = { ...brokenHalfway, inputLog: brokenHalfway.inputLog.slice(0, 1) };

  it('placeShared reuses the identical template (keys in any order), else a copy named "… (shared)"', () => {
    const scenario = pipeline(3);
    const reordered = Object.fromEntries(Object.entries(scenario).reverse());
    const held = [{ id: 't1', name: 'Shared pipeline', description: '', scenario: reordered }];
    expect(placeShared(held, shared.template)).toEqual({ kind: 'same', templateId: 't1', name: 'Shared pipeline' });
    const other = [{ id: 't1', name: 'Shared pipeline', description: '', scenario: pipeline(4) }];
    expect(placeShared(other, shared.template)).toEqual({ kind: 'new', name: 'Shared pipeline (shared)', copy: true });
    const both = [...other, { id: 't2', name: 'Shared pipeline (shared)', description: '', scenario: pipeline(5) }];
    expect(placeShared(both, shared.template)).toEqual({ kind: 'new', name: 'Shared pipeline (shared 2)', copy: true });
    const copied = [...other, { id: 't3', name: 'Shared pipeline (shared)', description: '', scenario }];
    expect(placeShared(copied, shared.template)).toEqual({
      kind: 'same',
      templateId: 't3',
      name: 'Shared pipeline (shared)',
    });
    expect(placeShared([], shared.template)).toEqual({ kind: 'new', name: 'Shared pipeline', copy: false });
  });

  it('opening the same link twice leaves one template; an ended run with the same hash is reused, not replayed again', async () => {
    const { api } = newApi();
    const link = encodeShare(shared);
    if (!link.ok) throw new Error('expected a link');
    const first = await openShareLink(api, createQueryCache(), link.fragment, () => undefined);
    expect(first.notice.text).toBe('Opened the shared run "Shared pipeline" as a new copy.');
    const second = await openShareLink(api, createQueryCache(), link.fragment, () => undefined);
    expect(second.notice).toEqual({
      tone: 'ok',
      text: '"Shared pipeline" is already in your library (the same template): the shared run was added to it.',
    });
    expect(second.route?.template).toBe(first.route?.template);
    const templates = (await api.listTemplates()).templates;
    expect(templates.map((t) => t.name)).toEqual(['Shared pipeline']);

    // An ended run: its hash names it, so a third opening reuses the run itself.
    const { templateId } = { templateId: templates[0]!.id };
    const { executionId } = await api.createExecution(templateId, { seed: 1 });
    await api.addExternalEvents(templateId, executionId, shared.inputLog[0]!.events);
    await api.executeStep(templateId, executionId, 'end');
    const ended = await api.getExecution(executionId);
    const endedLink = encodeShare({ ...shared, ended: true, step: ended.currentStep, ledgerHash: ended.ledgerHash });
    if (!endedLink.ok) throw new Error('expected a link');
    const runsBefore = (await api.listExecutions(templateId)).executions.length;
    const third = await openShareLink(api, createQueryCache(), endedLink.fragment, () => undefined);
    expect(third.notice.text).toBe(
      '"Shared pipeline" and this run are already in your library: opened them, nothing was added.',
    );
    // The run reused is one of the template's that ended with the link's hash (the earlier shared run may be one).
    const sameHash = (await api.listExecutions(templateId)).executions.filter((e) => e.ledgerHash === ended.ledgerHash);
    expect(sameHash.map((e) => e.id)).toContain(third.route?.execution);
    expect(third.route?.template).toBe(templateId);
    expect((await api.listExecutions(templateId)).executions).toHaveLength(runsBefore);
  });

  it('a different template of that name: the link opens as a copy named "… (shared)", the library\'s own untouched', async () => {
    const { api } = newApi();
    const mine = await api.createTemplate({ name: 'Shared pipeline', scenario: pipeline(4) });
    const link = encodeShare(shared);
    if (!link.ok) throw new Error('expected a link');
    const outcome = await openShareLink(api, createQueryCache(), link.fragment, () => undefined);
    expect(outcome.notice.text).toBe(
      'Your library has a different "Shared pipeline": opened the shared run as a copy named "Shared pipeline (shared)".',
    );
    const names = (await api.listTemplates()).templates.map((t) => t.name).sort();
    expect(names).toEqual(['Shared pipeline', 'Shared pipeline (shared)']);
    expect((await api.getTemplate(mine.templateId)).scenario).toEqual(pipeline(4));
  });

  it("a replay failing in the library's own template deletes only the run it made", async () => {
    const { api } = newApi();
    const mine = await api.createTemplate({ name: 'Shared pipeline', scenario: pipeline(3) });
    const link = encodeShare(brokenHalfway);
    if (!link.ok) throw new Error('expected a link');
    const outcome = await openShareLink(api, createQueryCache(), link.fragment, () => undefined);
    expect(outcome.notice.tone).toBe('warn');
    expect((await api.listTemplates()).templates.map((t) => t.id)).toEqual([mine.templateId]);
    expect((await api.listExecutions(mine.templateId)).executions).toEqual([]);
  });
});
