/**
 * The stored templates as the screens read them: an observer of the query cache's template list, in
 * the shape the sidebar and the library show (list, loading/ready/error, the error's sentence). Create
 * it while a component initialises (it subscribes for the component's life); writes elsewhere
 * invalidate the list and every observer follows.
 */
import { createQuery } from '@tanstack/svelte-query';
import type { Template } from '../../../contract/wire';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import { templatesQuery } from './queries';

export type TemplatesStatus = 'loading' | 'ready' | 'error';

export interface TemplatesState {
  readonly templates: readonly Template[];
  readonly status: TemplatesStatus;
  /** Why loading failed (status `error`). */
  readonly error: string | null;
}

const NONE: readonly Template[] = [];

/** Not pure: the cached template list over `api`; `startupError` (the API could not start) puts it in `error` and asks nothing. */
export function observeTemplates(api: EngineAPIService, startupError: string | null = null): TemplatesState {
  const query = createQuery(() => ({ ...templatesQuery(api), enabled: startupError === null }));
  return {
    get templates() {
      return query.data ?? NONE;
    },
    get status() {
      if (startupError !== null || query.isError) return 'error';
      return query.isFetching || query.isPending ? 'loading' : 'ready';
    },
    get error() {
      if (startupError !== null) return startupError;
      return query.error ? (query.error instanceof Error ? query.error.message : String(query.error)) : null;
    },
  };
}
