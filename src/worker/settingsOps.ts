/**
 * The app's settings (`GET`/`PUT /api/settings`) and the stored external events of an execution (the
 * original tool's execution read carries them: `GET /api/admin/executions/{executionId}`).
 */
import { isCompatProfile, COMPAT_PROFILES, type Settings } from '../contract/settings';
import type { ExternalEvent } from '../engine/types';
import { getExecution } from '../store/executions';
import { inputBatchesFrom } from '../store/inputLog';
import { readSettings, writeSettings } from '../store/settings';
import type { ServiceContext } from './context';
import { Failure, guard, ok, type Result } from './result';

/** Not pure: the settings methods of a service over `ctx`. */
export function settingsOps(ctx: ServiceContext) {
  return {
    /** The stored settings, defaults filled in. */
    getSettings(): Promise<Result<Settings>> {
      return guard(async () => ok(await readSettings(ctx.db)));
    },

    /** Changes the settings named in `body` (`{compat?: "default" | "pled"}`); answers them all. */
    updateSettings(body: unknown): Promise<Result<Settings>> {
      return guard(async () => ok(await writeSettings(ctx.db, readPatch(body))));
    },

    /** Every external event added to execution `executionId`, in the order they were added. */
    executionEvents(executionId: string): Promise<Result<ExternalEvent[]>> {
      return guard(async () => {
        const row = await getExecution(ctx.db, executionId);
        if (!row) throw new Failure('EXECUTION_NOT_FOUND', `Execution "${executionId}" not found`, { executionId });
        const batches = await inputBatchesFrom(ctx.db, executionId, 0);
        return ok(batches.flatMap((b) => b.events));
      });
    },
  };
}

/** Pure: the settings patch of a request body, or BAD_REQUEST naming the field. */
function readPatch(body: unknown): Partial<Settings> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Failure('BAD_REQUEST', 'The request body must be a JSON object such as {"compat": "pled"}', {
      issues: [{ path: '', message: 'expected an object' }],
    });
  const out: Partial<Settings> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'compat')
      throw new Failure('BAD_REQUEST', `Unknown setting "${key}"; the settings are: compat`, {
        issues: [{ path: `/${key}`, message: 'unknown setting' }],
      });
    if (!isCompatProfile(value))
      throw new Failure(
        'BAD_REQUEST',
        `"compat" must be one of ${COMPAT_PROFILES.join(', ')}; got ${JSON.stringify(value)}`,
        {
          issues: [{ path: '/compat', message: `expected one of ${COMPAT_PROFILES.join(', ')}` }],
        },
      );
    out.compat = value;
  }
  return out;
}
