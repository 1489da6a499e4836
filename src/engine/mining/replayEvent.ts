/**
 * How an event looks to the FSM it reaches, for the conformance replay: its payload, its case (the
 * first correlation id, as the engine keys machines) and the data its token carries — the same
 * readings the engine's external queue makes (src/engine/run/externalQueue.ts).
 */

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
