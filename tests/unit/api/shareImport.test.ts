import { describe, expect, it } from 'vitest';
import { encodeShare, type SharePayload } from '../../../src/ui/controllers/share/shareLink';
import { createQueryCache } from '../../../src/ui/state/query/queries';
import { openShareLink, openSharedRun } from '../../../src/ui/state/run/share';
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
