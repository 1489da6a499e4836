/**
 * How an event looks to the FSM it reaches, for the conformance replay and event coverage: its
 * payload, its case (the first correlation id, as the engine keys machines), the data its token
 * carries — the same readings the engine's external queue makes (src/engine/run/externalQueue.ts) —
 * and the scope an FSM's conditions see for that token.
 */
import { parseExpression, parseFormula, type CompiledExpr } from '../expr';

/** An expression that never holds: what a condition the loader accepted but that fails to compile here counts as. */
export const NEVER = (parseExpression('false') as { ok: true; expr: CompiledExpr }).expr;

/**
 * Pure: compiles a condition or formula the loader already checked, as the engine does (the
 * expression language, else JavaScript: parseFormula); null for none, NEVER when it does not compile.
 */
export function compiled(source: string | undefined): CompiledExpr | null {
  if (source === undefined || source.trim() === '') return null;
  const r = parseFormula(source);
  return r.ok ? r.expr : NEVER;
}

/** Pure: the payload of an event in the original tool's shape, or a sentence when it is not an object. */
export function readBody(ev: Record<string, unknown>): Record<string, unknown> | string {
  const body = ev['data'];
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return '"data" must be an object (the event\'s payload)';
  return body as Record<string, unknown>;
}

/** Pure: the event's first correlation id ("" for none), as the engine keys machines; or the field at fault. */
export function caseKey(
  src: Record<string, unknown>,
  outer: Record<string, unknown> | null,
): string | { field: string; message: string } {
  const many = src['correlationIds'];
  const one = src['correlationId'];
  if (many !== undefined && !(Array.isArray(many) && many.every((c) => typeof c === 'string')))
    return { field: 'correlationIds', message: 'field "correlationIds" must be an array of strings' };
  if (one !== undefined && typeof one !== 'string')
    return { field: 'correlationId', message: 'field "correlationId" must be a string' };
  const own = ownIds(src);
  if (own.length > 0) return own[0]!;
  return outer === null ? '' : caseKey(outer, null);
}

/**
 * Pure: the correlation ids the engine gives this event's token — `correlationIds` with duplicates
 * removed, else `correlationId`, else those of `outer` — or [] for none (the engine generates one
 * then, which the replay cannot know). For an event `caseKey` accepted.
 */
export function tokenCorrelationIds(src: Record<string, unknown>, outer: Record<string, unknown> | null): string[] {
  const own = ownIds(src);
  return own.length > 0 || outer === null ? own : tokenCorrelationIds(outer, null);
}

/** Pure: `src`'s own ids, as the queue reads them: `correlationIds` without repeats, else a non-empty `correlationId`. */
function ownIds(src: Record<string, unknown>): string[] {
  const many = src['correlationIds'];
  const one = src['correlationId'];
  if (Array.isArray(many) && many.length > 0 && many.every((c) => typeof c === 'string')) return [...new Set(many)];
  return typeof one === 'string' && one !== '' ? [one] : [];
}

/** Pure: the data the token of this event carries (the engine's external queue makes the same). */
export function tokenData(
  ev: Record<string, unknown>,
  body: Record<string, unknown>,
  typed: boolean,
): Record<string, unknown> {
  const data: Record<string, unknown> = { ...body };
  if (typed) {
    if (!Object.hasOwn(data, 'event')) data['event'] = ev['type'];
  } else delete data['targetDataSourceId'];
  return data;
}

/**
 * Pure: the scope an FSM's condition or formula sees for a token of `data` with correlation ids
 * `ids`, in `state` with variables `vars` — the engine's names (src/engine/behaviors/fsmScope.ts): each
 * variable by name, then `value`, `data`, `token`, `step`, `time`, `state` and `variables` over them.
 * The engine's token id (`<node>#<n>`) counts tokens a replay does not see: there is none; step and
 * time read 0.
 */
export function conditionScope(
  data: Record<string, unknown>,
  ids: readonly string[],
  state: string,
  vars: Record<string, unknown> | null,
): Record<string, unknown> {
  const s: Record<string, unknown> = { ...(vars ?? {}) };
  s['value'] = data['value'] ?? null;
  s['data'] = data;
  s['token'] = { correlationIds: ids, data };
  s['step'] = 0;
  s['time'] = 0;
  s['state'] = state;
  s['variables'] = vars ?? {};
  return s;
}
