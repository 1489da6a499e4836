/**
 * The in-browser service: one method per operation of API.md, each returning a value — `{ok: true,
 * value}` or `{ok: false, error: {code, message, details}}` — never throwing for a caller's mistake.
 * A plain object, so Node tests drive it without a Worker; the worker entry exposes it through
 * Comlink and the MSW handlers call it through the bridge. Its type is derived from this
 * implementation (`EngineService`), never written twice.
 *
 * It owns the database and holds one `Engine` per open execution (an LRU cache; a released run is
 * restored on demand by a verified deterministic re-run), and serves the log parser: sources,
 * configurations, parsing in the worker and enqueueing into a run (parserOps.ts); and the `pled`
 * compatibility profile's reads of stored runs (compat/pledOps.ts).
 */
import type { PortOf } from '../contract/port';
import { pledOps } from './compat/pledOps';
import { createContext, type ServiceDeps } from './context';
import { draftOps } from './draftOps';
import { diffOps } from './runs/diffOps';
import { executionOps } from './runs/executionOps';
import { gestureOps } from './runs/gestureOps';
import { discoveryOps } from './discovery/discoveryOps';
import { simulationOps } from './discovery/simulationOps';
import { parserOps } from './parsing/parserOps';
import { runOps } from './runs/runOps';
import { settingsOps } from './settingsOps';
import { templateOps } from './templates/templateOps';
import { workspaceOps } from './runs/workspaceOps';

export type { ServiceDeps } from './context';
export type { Result, ServiceError, Timings } from './result';

/** Not pure: a service over `deps.db` (see ServiceDeps for the injected clock, ids and locks). */
export function createService(deps: ServiceDeps) {
  const ctx = createContext(deps);
  const parser = parserOps(ctx, deps.parser);
  const templates = templateOps(ctx);
  const base = {
    ...templates,
    ...executionOps(ctx),
    ...runOps(ctx),
    ...diffOps(ctx),
    ...workspaceOps(ctx),
    ...settingsOps(ctx),
    ...parser,
    ...draftOps(ctx),
    ...discoveryOps(ctx, (body) => parser.parse(body)),
    ...simulationOps(
      ctx,
      (body) => parser.parse(body),
      (body) => templates.createTemplate(body),
    ),
  };
  // The `pled` profile's and the workspace's gesture operations build on the others (called
  // directly, so counted once).
  return counted(ctx, { ...base, ...pledOps(base), ...gestureOps(ctx, base) });
}

/** Not pure: `ops` with every call counted in `ctx.activeCalls` while it is under way (sync or async). */
function counted<T extends object>(ctx: { activeCalls: number }, ops: T): T {
  const out: Record<string, unknown> = {};
  for (const [name, op] of Object.entries(ops)) {
    if (typeof op !== 'function') {
      out[name] = op;
      continue;
    }
    out[name] = (...args: unknown[]) => {
      ctx.activeCalls++;
      let pending = false;
      try {
        const result = (op as (...a: unknown[]) => unknown)(...args);
        if (!(result instanceof Promise)) return result;
        pending = true;
        return result.finally(() => ctx.activeCalls--);
      } finally {
        if (!pending) ctx.activeCalls--;
      }
    };
  }
  return out as T;
}

/** The service's API, as the worker exposes it. */
export type EngineService = ReturnType<typeof createService>;

/** The service as callers across the worker boundary see it: every method returning a promise (src/contract/port.ts). */
export type ServicePort = PortOf<EngineService>;
