/**
 * The stored templates as reactive state: a thin binding of `EngineAPIService.listTemplates()` to
 * `$state`, for the sidebar. Loading and failure are part of the state, so the view can say so.
 */
import type { Template } from '../../contract/wire';
import type { EngineAPIService } from '../../client/EngineAPIService';

export type TemplatesStatus = 'loading' | 'ready' | 'error';

export interface TemplatesState {
  readonly templates: readonly Template[];
  readonly status: TemplatesStatus;
  /** Why loading failed (status `error`). */
  readonly error: string | null;
  /** Loads the list again. */
  refresh(): Promise<void>;
}

/** Not pure: reactive template list over `api`; `startupError` (the API could not start) puts it in `error` at once. */
export function createTemplatesState(api: EngineAPIService, startupError: string | null = null): TemplatesState {
  let templates = $state<Template[]>([]);
  let status = $state<TemplatesStatus>(startupError ? 'error' : 'loading');
  let error = $state<string | null>(startupError);

  async function refresh(): Promise<void> {
    if (startupError) return;
    status = 'loading';
    try {
      templates = (await api.listTemplates()).templates;
      status = 'ready';
      error = null;
    } catch (err) {
      status = 'error';
      error = err instanceof Error ? err.message : String(err);
    }
  }

  return {
    get templates() {
      return templates;
    },
    get status() {
      return status;
    },
    get error() {
      return error;
    },
    refresh,
  };
}
