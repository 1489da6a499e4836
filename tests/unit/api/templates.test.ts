import { describe, expect, it } from 'vitest';
import { apiError, exampleDocuments, newApi, pipeline, raw, useApiServer } from './helpers';

useApiServer();

describe('template paths', () => {
  it('stores the example templates on first open, listed by name', async () => {
    const { api } = newApi({ examples: true });
    const list = await api.listTemplates();
    expect(list.count).toBe(exampleDocuments().length);
    expect(list.templates.map((t) => t.name)).toEqual(
      [...list.templates.map((t) => t.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    for (const t of list.templates) {
      expect(t).toMatchObject({
        id: expect.any(String),
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        version: '3.0',
        scenario: expect.any(Object),
      });
    }
  });

  it('does not store the examples again once they were deleted', async () => {
    const first = newApi({ examples: true });
    for (const t of (await first.api.listTemplates()).templates) await first.api.deleteTemplate(t.id);
    const again = newApi({ examples: true, dbName: first.dbName });
    expect((await again.api.listTemplates()).count).toBe(0);
  });

  it('creates a template: 201, id, slug and message', async () => {
    const { api } = newApi();
    const res = await raw(
      'POST',
      '/admin/templates',
      JSON.stringify({ name: 'Order Pipeline v2', scenario: pipeline() }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      templateId: body.template.id,
      slug: 'order-pipeline-v2',
      message: "Template 'Order Pipeline v2' created",
      warnings: [],
    });
    expect(await api.getTemplate(body.templateId)).toEqual(body.template);
    expect(await api.listTemplates()).toMatchObject({ count: 1, templates: [body.template] });
  });

  it('makes slugs unique', async () => {
    const { api } = newApi();
    const a = await api.createTemplate({ name: 'Order pipeline', scenario: pipeline() });
    const b = await api.createTemplate({ name: 'Order  Pipeline!', scenario: pipeline() });
    const c = await api.createTemplate({ name: 'order pipeline', scenario: pipeline() });
    expect([a.slug, b.slug, c.slug]).toEqual(['order-pipeline', 'order-pipeline-2', 'order-pipeline-3']);
  });

  it('answers 422 with every issue of an invalid scenario, paths into the request body', async () => {
    const { api } = newApi();
    const bad = pipeline();
    (bad.nodes as Array<Record<string, unknown>>)[0]!.outputs = [{ destinationNodeId: 'nowhere' }];
    const err = await apiError(api.createTemplate({ name: 'Broken', scenario: bad }));
    expect(err.status).toBe(422);
    expect(err.code).toBe('INVALID_SCENARIO');
    const issues = err.details.issues as Array<{ path: string; message: string }>;
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]!.path).toBe('/scenario/nodes/0/outputs/0/destinationNodeId');
    expect(issues[0]!.message).toContain('nowhere');
    expect((await api.listTemplates()).count).toBe(0);
  });

  it('answers 400 for a body without name or scenario, and for a body that is not JSON', async () => {
    const { api } = newApi();
    const missing = await apiError(api.createTemplate({ scenario: pipeline() } as never));
    expect(missing).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(missing.details.issues).toEqual([{ path: '/name', message: 'required field "name" is missing' }]);
    const noScenario = await apiError(api.createTemplate({ name: 'x' } as never));
    expect(noScenario.details.issues).toEqual([{ path: '/scenario', message: 'required field "scenario" is missing' }]);
    const res = await raw('POST', '/admin/templates', '{"name": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      success: false,
      error: { code: 'BAD_REQUEST', message: expect.stringContaining('not valid JSON') },
    });
  });

  it('answers 413 for a body over the size limit', async () => {
    newApi();
    const res = await raw('POST', '/admin/templates', 'x'.repeat(16 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reads a template under /admin and /engine, and answers 404 naming an unknown id', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    const engineView = await (await raw('GET', `/engine/templates/${templateId}`)).json();
    expect(engineView).toEqual(await api.getTemplate(templateId));
    const err = await apiError(api.getTemplate('no-such-template'));
    expect(err).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND', details: { templateId: 'no-such-template' } });
    expect(err.message).toContain('no-such-template');
  });

  it('updates name, description and scenario partially; a rename changes the slug; the scenario is validated', async () => {
    const { api } = newApi();
    const created = await api.createTemplate({ name: 'First', description: 'one', scenario: pipeline() });
    const updated = await api.updateTemplate(created.templateId, { description: 'two' });
    expect(updated).toMatchObject({
      success: true,
      message: "Template 'First' updated",
      template: { name: 'First', description: 'two', slug: 'first' },
    });
    const renamed = await api.updateTemplate(created.templateId, { name: 'Second name' });
    expect(renamed.template).toMatchObject({ name: 'Second name', slug: 'second-name', description: 'two' });
    const err = await apiError(api.updateTemplate(created.templateId, { scenario: { version: '3.0', nodes: 'no' } }));
    expect(err).toMatchObject({ status: 422, code: 'INVALID_SCENARIO' });
    expect((await api.getTemplate(created.templateId)).scenario).toEqual(pipeline());
    expect(await apiError(api.updateTemplate('gone', { name: 'x' }))).toMatchObject({
      status: 404,
      code: 'TEMPLATE_NOT_FOUND',
    });
    expect(await apiError(api.updateTemplate(created.templateId, {}))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
  });

  it('deletes a template with its executions, and says how many', async () => {
    const { api } = newApi();
    const keep = await api.createTemplate({ name: 'Keep', scenario: pipeline() });
    const drop = await api.createTemplate({ name: 'Drop', scenario: pipeline() });
    const e1 = await api.createExecution(drop.templateId);
    await api.createExecution(drop.templateId);
    const kept = await api.createExecution(keep.templateId);
    expect(await api.deleteTemplate(drop.templateId)).toEqual({
      success: true,
      message: "Template 'Drop' deleted with 2 executions",
    });
    expect(await apiError(api.getExecution(e1.executionId))).toMatchObject({
      status: 404,
      code: 'EXECUTION_NOT_FOUND',
    });
    expect(await apiError(api.listExecutions(drop.templateId))).toMatchObject({
      status: 404,
      code: 'TEMPLATE_NOT_FOUND',
    });
    expect((await api.getExecution(kept.executionId)).id).toBe(kept.executionId);
    expect(await api.deleteTemplate(keep.templateId)).toEqual({
      success: true,
      message: "Template 'Keep' deleted with 1 execution",
    });
    expect(await apiError(api.deleteTemplate(keep.templateId))).toMatchObject({
      status: 404,
      code: 'TEMPLATE_NOT_FOUND',
    });
  });
});

describe('a template update made on an older revision (two tabs)', () => {
  it('answers 409 CONFLICT naming what changed when If-Match names an older revision, and writes nothing', async () => {
    const { api } = newApi();
    const created = await api.createTemplate({ name: 'Orders', scenario: pipeline() });
    expect(created.template.revision).toBe(1);
    // Tab A renames on revision 1.
    const a = await api.updateTemplate(created.templateId, { name: 'Orders renamed' }, { ifRevision: 1 });
    expect(a.template).toMatchObject({ name: 'Orders renamed', revision: 2 });
    // Tab B, still on revision 1, changes the scenario.
    const changed = { ...pipeline(), description: 'B' };
    const err = await apiError(
      api.updateTemplate(created.templateId, { name: 'Orders', scenario: changed }, { ifRevision: 1 }),
    );
    expect(err).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      details: { templateId: created.templateId, revision: 2, basedOn: 1, changed: ['name'] },
    });
    expect(err.message).toContain('changed meanwhile: name');
    expect(await api.getTemplate(created.templateId)).toMatchObject({ name: 'Orders renamed', revision: 2 });
    // On the current revision the same change goes through.
    const b = await api.updateTemplate(created.templateId, { scenario: changed }, { ifRevision: 2 });
    expect(b.template).toMatchObject({ name: 'Orders renamed', revision: 3, scenario: changed });
  });

  it('reads If-Match quoted or not; `*` or no header applies to whatever is stored; anything else is 400', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'Orders', scenario: pipeline() });
    const put = (headers: Record<string, string>, name: string) =>
      raw('PUT', `/admin/templates/${templateId}`, JSON.stringify({ name }), headers);
    expect((await put({ 'if-match': '1' }, 'one')).status).toBe(200);
    expect((await put({ 'if-match': '"1"' }, 'stale')).status).toBe(409);
    expect((await put({ 'if-match': '"2"' }, 'two')).status).toBe(200);
    expect((await put({ 'if-match': '*' }, 'any')).status).toBe(200);
    expect((await put({}, 'none')).status).toBe(200);
    const bad = await put({ 'if-match': 'W/"x"' }, 'bad');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMETER', details: { header: 'If-Match', value: 'W/"x"' } },
    });
    expect(await api.getTemplate(templateId)).toMatchObject({ name: 'none', revision: 5 });
  });
});
