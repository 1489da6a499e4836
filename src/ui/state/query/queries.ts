/**
 * The one query cache of what the UI reads — templates, a template's executions, the settings — and
 * the keys writes invalidate. TanStack Query rather than a hand-written cache: de-duplication of
 * concurrent reads, stale-while-refetching and invalidation by key prefix are solved there, and its
 * Svelte 5 adapter (`@tanstack/svelte-query`, used by the `*.svelte.ts` observers beside this file) is
 * a thin layer over a framework-free core (`@tanstack/query-core`, imported here), so the options and
 * the flows that invalidate run in Node tests without Svelte. A smaller store would have to re-grow
 * exactly those three features.
 */
import { QueryClient, type QueryFunctionContext } from '@tanstack/query-core';
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
  /**
   * The Result of an ended run at its last step, as a gesture's answer brought it (New run, Step,
   * Run to end, an open): put there by the run view, taken once by the Result (result.svelte.ts).
   */
  endResult: (executionId: string, step: number) => ['endResult', executionId, step] as const,
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
  return {
    queryKey: queryKeys.templates(),
    queryFn: async ({ signal }: QueryFunctionContext): Promise<Template[]> =>
      (await api.listTemplates({ signal })).templates,
  };
}

/** Pure: the executions of `templateId`. */
export function executionsQuery(api: EngineAPIService, templateId: string) {
  return {
    queryKey: queryKeys.executions(templateId),
    queryFn: async ({ signal }: QueryFunctionContext): Promise<ExecutionRecord[]> =>
      (await api.listExecutions(templateId, { signal })).executions,
  };
}

/** Pure: the API's settings (the compatibility profile). */
export function settingsQuery(api: EngineAPIService) {
  return {
    queryKey: queryKeys.settings(),
    queryFn: ({ signal }: QueryFunctionContext): Promise<SettingsAnswer> => api.getSettings({ signal }),
  };
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
