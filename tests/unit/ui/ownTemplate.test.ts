import { describe, expect, it } from 'vitest';
import type { EngineAPIService } from '../../../src/client/EngineAPIService';
import { ownTemplate } from '../../../src/ui/embed/ownTemplate';

/** A client that only records deletions (the player's hold needs no other call). */
function recordingApi(): { api: EngineAPIService; deleted: string[] } {
  const deleted: string[] = [];
  const api = {
    deleteTemplate: async (id: string) => {
      deleted.push(id);
      return { deleted: true };
    },
  } as unknown as EngineAPIService;
  return { api, deleted };
}

describe('ownTemplate (the embeddable player’s template)', () => {
  it('deletes only the template it made before, when it makes the next one', async () => {
    const { api, deleted } = recordingApi();
    const own = ownTemplate(api);
    expect(await own.replace(async () => ({ templateId: 'tpl-1' }))).toEqual({ templateId: 'tpl-1' });
    expect(deleted).toEqual([]);
    await own.replace(async () => ({ templateId: 'tpl-2', executionId: 'x' }));
    expect(deleted).toEqual(['tpl-1']);
  });

  it('release deletes its template once; a second release deletes nothing', async () => {
    const { api, deleted } = recordingApi();
    const own = ownTemplate(api);
    await own.release();
    await own.replace(async () => ({ templateId: 'tpl-1' }));
    await own.release();
    await own.release();
    expect(deleted).toEqual(['tpl-1']);
  });

  it('holds nothing when making the template fails, so nothing of anyone else is deleted later', async () => {
    const { api, deleted } = recordingApi();
    const own = ownTemplate(api);
    await expect(own.replace(() => Promise.reject(new Error('invalid workflow')))).rejects.toThrow('invalid workflow');
    await own.replace(async () => ({ templateId: 'tpl-2' }));
    expect(deleted).toEqual([]);
  });
});
