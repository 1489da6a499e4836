/**
 * The template the player shows is its own: it creates one per load and, when it loads another or
 * the page goes away for good, deletes that one — never any other template. Several players on one
 * page share the player's store (src/client/embedClient.ts), so clearing the whole store, as a
 * player once did, would pull the workflow out from under its neighbours.
 */
import type { EngineAPIService } from '../../client/EngineAPIService';

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
