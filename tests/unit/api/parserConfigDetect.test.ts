import { describe, expect, it } from 'vitest';
import { apiError, diskBundle, newApi, raw, useApiServer } from './helpers';

useApiServer();

/** The seed configuration's own fields, without a format (issue: such a body was refused with 422). */
const SEED_SHAPED = {
  name: 'OpenSSH by component',
  description: 'the bundled sshd sample, format found from its lines',
  sources: ['openssh-2k'],
  groupByField: 'Component',
};

describe('POST /api/parser/configs without a format', () => {
  it('answers 201 with the preset that reads the sources, and the configuration parses them', async () => {
    const { api } = newApi({ parser: { bundle: diskBundle } });
    const res = await raw('POST', '/parser/configs', JSON.stringify(SEED_SHAPED));
    expect(res.status).toBe(201);
    const created = (await res.json()) as { config: { id: string; format: unknown } };
    expect(created.config).toMatchObject({ ...SEED_SHAPED, format: { kind: 'preset', name: 'openssh' } });
    const parsed = await api.parse({ configId: created.config.id });
    expect(parsed.stats).toMatchObject({ lines: 2000, parsed: 2000, unparsed: 0 });
    expect(parsed.groups.map((g) => g.key)).toEqual(['LabSZ']);
  });

  it('reports an unknown groupByField with the fields the format has', async () => {
    const { api } = newApi({ parser: { bundle: diskBundle } });
    const err = await apiError(api.createParserConfig({ ...SEED_SHAPED, groupByField: 'Nope' }));
    expect(err.status).toBe(422);
    expect(err.details.issues).toEqual([{ path: '/groupByField', message: expect.stringContaining('"Nope"') }]);
    expect(err.details.fields).toEqual(['Date', 'Day', 'Time', 'Component', 'Pid']);
  });
});
