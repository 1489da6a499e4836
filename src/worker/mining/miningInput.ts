/**
 * Reading the mining bodies (src/contract/miningBodies.ts) and gathering their events: inline, or
 * from a stored run — its external events as given (input log order) or its ledger as events
 * (src/engine/mining/ledgerEvents.ts). A malformed body is BAD_REQUEST with `details.issues`.
 */
import type * as v from 'valibot';
import type { EventSource } from '../../contract/mining';
import { ledgerEventToEvent, type CaseLogProblem } from '../../engine/mining';
import { readBodyAs } from '../body';
import type { ServiceContext } from '../context';
import { Failure } from '../result';

/** Pure: `body` read by `schema`; throws Failure BAD_REQUEST naming every issue. */
export function readMiningBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const r = readBodyAs(schema, body);
  if (r.ok) return r.value;
  const first = r.issues[0]!;
  throw new Failure('BAD_REQUEST', `${first.path || '/'}: ${first.message}`, { issues: r.issues });
}

/** Not pure: the events of `source` (an execution's are read through its open run). */
export async function eventsOf(ctx: ServiceContext, source: EventSource): Promise<unknown[]> {
  if ('events' in source) return source.events;
  const { templateId, executionId, from } = source.execution;
  const r = await ctx.withRun(templateId, executionId, false, async (run) => {
    const engine = run.engine;
    if (from === 'ledger') {
      const out: unknown[] = [];
      for (let seq = 1; seq <= engine.ledger.size; seq++) out.push(ledgerEventToEvent(engine.ledger.get(seq)));
      return { ok: true, value: out };
    }
    return { ok: true, value: engine.inputLog().flatMap((b) => b.events) as unknown[] };
  });
  if (!r.ok) throw new Failure(r.error.code, r.error.message, r.error.details);
  return r.value;
}

/** Pure: an event the mining core refused, as BAD_REQUEST pointing into the body (or naming the run's event). */
export function eventProblem(source: EventSource, p: CaseLogProblem): Failure {
  const path = 'events' in source ? `/events/${p.index}${p.field === '' ? '' : `/${p.field}`}` : `/execution`;
  const where = 'events' in source ? path : `event ${p.index + 1} of the execution`;
  return new Failure('BAD_REQUEST', `${where}: ${p.message}`, {
    issues: [{ path, message: p.message }],
    index: p.index,
    field: p.field,
  });
}
