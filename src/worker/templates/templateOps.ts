/**
 * The template operations of the service (API.md "Templates"): list, read, create, update, delete.
 * Deleting a template deletes its executions in the same transaction and releases their runs.
 */
import type { Deleted, Template, TemplateCreated, TemplateList, TemplateUpdated } from '../../contract/wire';
import type { TemplateRow } from '../../store/AppDB';
import { templateToWire } from '../../store/mappers';
import * as templates from '../../store/templates';
import type { ServiceContext } from '../context';
import { Failure, guard, ok, type Result } from '../result';
import { slugify } from './slug';
import { checkScenario, readTemplateInput, readTemplatePatch, versionOf } from './templateInput';

/** Not pure: the template methods of a service over `ctx`. */
export function templateOps(ctx: ServiceContext) {
  return {
    /** Every template, by name. */
    listTemplates(): Promise<Result<TemplateList>> {
      return guard(async () => {
        const rows = await templates.listTemplates(ctx.db);
        return ok({ templates: rows.map(templateToWire), count: rows.length });
      });
    },

    /** The template `templateId`; TEMPLATE_NOT_FOUND otherwise. */
    getTemplate(templateId: string): Promise<Result<Template>> {
      return guard(async () => ok(templateToWire(await mustGet(ctx, templateId))));
    },

    /** Validates and stores a new template (`{name, description?, scenario, referenceDoc?, resources?}`). */
    createTemplate(body: unknown): Promise<Result<TemplateCreated>> {
      return guard(async () => {
        const input = readTemplateInput(body);
        const warnings = checkScenario(input.scenario);
        const at = ctx.now();
        const row = await templates.insertTemplate(
          ctx.db,
          {
            id: ctx.newId(),
            name: input.name,
            description: input.description ?? describe(input.scenario),
            version: versionOf(input.scenario),
            scenario: input.scenario,
            ...(input.referenceDoc !== undefined ? { referenceDoc: input.referenceDoc } : {}),
            ...(input.resources !== undefined ? { resources: input.resources } : {}),
            createdAt: at,
            updatedAt: at,
          },
          slugify(input.name),
        );
        const template = templateToWire(row);
        return ok({
          success: true,
          template,
          templateId: template.id,
          slug: template.slug,
          message: `Template '${template.name}' created`,
          warnings,
        });
      });
    },

    /**
     * Applies a partial update of `name`, `description`, `scenario`, `referenceDoc` (the scenario
     * validated) as the template's next revision. With `basedOn` (the revision the change was made
     * on: the HTTP `If-Match`), CONFLICT when another update came first, naming what it changed;
     * without it, the update applies to whatever is stored (the original tool's meaning of PUT).
     */
    updateTemplate(templateId: string, body: unknown, basedOn: number | null = null): Promise<Result<TemplateUpdated>> {
      return guard(async () => {
        const patch = readTemplatePatch(body);
        const warnings = patch.scenario ? checkScenario(patch.scenario) : [];
        const current = await mustGet(ctx, templateId);
        const changes: Parameters<typeof templates.updateTemplate>[2] = { ...patch, updatedAt: ctx.now() };
        if (patch.scenario) changes.version = versionOf(patch.scenario);
        const renamed = patch.name !== undefined && patch.name !== current.name;
        const slug = renamed ? slugify(patch.name!) : null;
        const row = await templates.updateTemplate(ctx.db, templateId, changes, slug, basedOn);
        if (!row) throw notFound(templateId);
        const template = templateToWire(row);
        return ok({ success: true, template, message: `Template '${template.name}' updated`, warnings });
      });
    },

    /** Deletes the template and all its executions; the message says how many. */
    deleteTemplate(templateId: string): Promise<Result<Deleted>> {
      return guard(async () => {
        await mustGet(ctx, templateId);
        const { template, executionIds } = await templates.deleteTemplate(ctx.db, templateId);
        for (const id of executionIds) {
          ctx.runs.drop(id);
          ctx.announce({ executionId: id, revision: -1 });
        }
        const n = executionIds.length;
        return ok({
          success: true,
          message: `Template '${template.name}' deleted with ${n} ${n === 1 ? 'execution' : 'executions'}`,
        });
      });
    },
  };
}

/** Not pure: the template, or a Failure TEMPLATE_NOT_FOUND. */
export async function mustGet(ctx: ServiceContext, templateId: string): Promise<TemplateRow> {
  const row = await templates.getTemplate(ctx.db, templateId);
  if (!row) throw notFound(templateId);
  return row;
}

function notFound(templateId: string): Failure {
  return new Failure('TEMPLATE_NOT_FOUND', `Template "${templateId}" not found`, { templateId });
}

function describe(scenario: Record<string, unknown>): string {
  return typeof scenario.description === 'string' ? scenario.description : '';
}
