/**
 * The template the player shows is its own: it creates one per load (`startWorkflow`, which also
 * starts its run) and, when it loads another or the page goes away for good, deletes that one —
 * never any other template. Several players on one page share the player's store
 * (src/client/embedClient.ts), so clearing the whole store, as a player once did, would pull the
 * workflow out from under its neighbours.
 */
import type { EngineAPIService } from '../../client/EngineAPIService';
import type { ExternalEvent } from '../../contract/vocabulary';
import type { EmbedWorkflow } from './source';

export interface OwnTemplate {
  /**
   * Not pure: deletes the template this player made before (if any), then runs `create` and
   * remembers the template id it answers as the player's own.
   */
  replace<T extends { templateId: string }>(create: () => Promise<T>): Promise<T>;
  /** Not pure: deletes the player's own template, if it has one; failures are ignored (best effort). */
  release(): Promise<void>;
}

/** Not pure: the player's hold on its one template, over `api`. */
export function ownTemplate(api: EngineAPIService): OwnTemplate {
  let owned: string | null = null;
  const release = async (): Promise<void> => {
    const id = owned;
    owned = null;
    if (id !== null) await api.deleteTemplate(id).catch(() => undefined);
  };
  return {
    async replace(create) {
      await release();
      const made = await create();
      owned = made.templateId;
      return made;
    },
    release,
  };
}

/** The workflow itself was refused (invalid scenario, …): `cause` is the API's error, with its issues. */
export class WorkflowRefused extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * Not pure (API): makes `workflow` the player's own template (deleting its previous one) and
 * starts an execution of it with the workflow's seed and events. Throws `WorkflowRefused` when the
 * template is refused; any other failure as it comes.
 */
export async function startWorkflow(
  api: EngineAPIService,
  own: OwnTemplate,
  workflow: EmbedWorkflow,
): Promise<{ templateId: string; executionId: string }> {
  let templateId: string;
  try {
    templateId = (
      await own.replace(() =>
        api.createTemplate({ name: workflow.name, description: workflow.description, scenario: workflow.scenario }),
      )
    ).templateId;
  } catch (err) {
    throw new WorkflowRefused(err);
  }
  const created = await api.createExecution(templateId, {
    ...(workflow.seed === null ? {} : { seed: workflow.seed }),
    ...(workflow.events.length > 0 ? { externalEvents: workflow.events as unknown as ExternalEvent[] } : {}),
  });
  return { templateId, executionId: created.executionId };
}
