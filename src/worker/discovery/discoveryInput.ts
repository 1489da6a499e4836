/**
 * Reading the discovery bodies (src/contract/discoveryBodies.ts) and gathering their events: inline, or
 * from a stored run — its external events as given (input log order) or its ledger as events
 * (src/engine/discovery/ledgerEvents.ts). A malformed body is BAD_REQUEST with `details.issues`.
 */
import type * as v from 'valibot';
import type { EventSource } from '../../contract/discovery';
import { ledgerEventToEvent, type CaseLogProblem } from '../../engine/discovery';
import { readBodyAs } from '../body';
import type { ServiceContext } from '../context';
import { Failure, type Result } from '../result';

/** Pure: `body` read by `schema`; throws Failure BAD_REQUEST naming every issue. */
export function readDiscoveryBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const r = readBodyAs(schema, body);
  if (r.ok) return r.value;
  const first = r.issues[0]!;
  throw new Failure('BAD_REQUEST', `${first.path || '/'}: ${first.message}`, { issues: r.issues });
}

/** The service's parse, which a `parse` source goes through (src/worker/parsing/parserOps.ts). */
export type ParseFn = (body: unknown) => Promise<Result<{ events: unknown[] }>>;

/** Most events a parse source yields (the parse's own `eventLimit` maximum). */
export const PARSE_SOURCE_EVENTS = 1_000_000;

/** Not pure: the events of `source` (an execution's are read through its open run, a parse's by `parse`). */
export async function eventsOf(ctx: ServiceContext, source: EventSource, parse: ParseFn): Promise<unknown[]> {
  if ('events' in source) return source.events;
  if ('parse' in source) {
    const r = await parse({ eventLimit: PARSE_SOURCE_EVENTS, ...source.parse });
    if (!r.ok) throw new Failure(r.error.code, `parse: ${r.error.message}`, r.error.details);
    return r.value.events;
  }
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

/** Pure: an event the discovery core refused, as BAD_REQUEST pointing into the body (or naming the run's event). */
export function eventProblem(source: EventSource, p: CaseLogProblem): Failure {
  const inline = 'events' in source;
  const from = 'parse' in source ? 'parse' : 'execution';
  const path = inline ? `/events/${p.index}${p.field === '' ? '' : `/${p.field}`}` : `/${from}`;
  const where = inline ? path : `event ${p.index + 1} of the ${from}`;
  return new Failure('BAD_REQUEST', `${where}: ${p.message}`, {
    issues: [{ path, message: p.message }],
    index: p.index,
    field: p.field,
  });
}
