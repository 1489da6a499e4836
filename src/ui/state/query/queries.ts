/**
 * The one query cache of what the UI reads — templates, a template's executions, the settings — and
 * the keys writes invalidate. TanStack Query (its Svelte 5 adapter, `@tanstack/svelte-query`) rather
 * than a hand-written cache: de-duplication of concurrent reads, stale-while-refetching and
 * invalidation by key prefix are solved there, and the adapter is a thin `*.svelte.ts` layer over a
 * framework-free core, so these options also run in Node tests without Svelte.
 */
import { QueryClient, queryOptions } from '@tanstack/svelte-query';
import type { ExecutionRecord, Template } from '../../../contract/wire';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { SettingsAnswer } from '../../../contract/settings';

/** Every key the cache holds; a prefix (e.g. `['executions']`) invalidates all keys under it. */
export const queryKeys = {
  templates: () => ['templates'] as const,
  /** All templates' execution lists (a prefix). */
  allExecutions: () => ['executions'] as const,
  executions: (templateId: string) => ['executions', templateId] as const,
  settings: () => ['settings'] as const,
};

/** Not pure: a fresh cache. Reads are not retried (a failure is shown at once, as before the cache) and not refetched on focus. */
export function createQueryCache(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** Pure: the stored templates, as the list answer orders them. */
export function templatesQuery(api: EngineAPIService) {
  return queryOptions({
    queryKey: queryKeys.templates(),
    queryFn: async ({ signal }): Promise<Template[]> => (await api.listTemplates({ signal })).templates,
  });
}

/** Pure: the executions of `templateId`. */
export function executionsQuery(api: EngineAPIService, templateId: string) {
  return queryOptions({
    queryKey: queryKeys.executions(templateId),
    queryFn: async ({ signal }): Promise<ExecutionRecord[]> =>
      (await api.listExecutions(templateId, { signal })).executions,
  });
}

/** Pure: the API's settings (the compatibility profile). */
export function settingsQuery(api: EngineAPIService) {
  return queryOptions({
    queryKey: queryKeys.settings(),
    queryFn: ({ signal }): Promise<SettingsAnswer> => api.getSettings({ signal }),
  });
}

/** Not pure: marks the template list stale (refetched now where it is observed). */
export function invalidateTemplates(cache: QueryClient): Promise<void> {
  return cache.invalidateQueries({ queryKey: queryKeys.templates() });
}

/** Not pure: a template was created, changed or deleted, or got a new execution: its list and its executions are stale. */
export function invalidateTemplate(cache: QueryClient, templateId: string): Promise<void> {
  return Promise.all([
    cache.invalidateQueries({ queryKey: queryKeys.templates() }),
    cache.invalidateQueries({ queryKey: queryKeys.executions(templateId) }),
  ]).then(() => undefined);
}
