/**
 * Reads the text a person pastes (or drops as a file) into the External events panel: a JSON array,
 * one JSON object, or NDJSON (one object a line). Every item is checked the way the API would check
 * it, and every bad one is reported with its line number and the reason — so the panel can refuse the
 * whole batch (nothing half-added) and say exactly which lines to fix.
 *
 * Two shapes are accepted, as the engine accepts them: Flowledger's, `{targetDataSourceId, …}`, and
 * *(compat)* the original tool's, `{id, timestamp, type, source, data: {…}}` without a target, routed
 * to the DataSources listening for its `type` (an ExternalEventSource, or `generation: {type:
 * "execution-events", eventType}`) when the template has such sources.
 */
import type { ExternalEvent } from '../../../contract/coreTypes';

export interface EventLineError {
  /** 1-based line of the text where the bad item starts. */
  line: number;
  reason: string;
}

export type EventsInput = { ok: true; events: ExternalEvent[] } | { ok: false; errors: EventLineError[] };

export interface EventsInputOptions {
  /** Ids of the template's DataSources; an event must target one of them. */
  dataSourceIds: readonly string[];
  /**
   * Target given to events without `targetDataSourceId` that are not routed by their `type` (the
   * DataSource chosen in the panel).
   */
  defaultTarget?: string;
  /** *(compat)* The DataSources that emit the external events of a type, with that type (from the graph answer). */
  typedSources?: ReadonlyArray<{ id: string; eventType: string }>;
  /** Most events accepted at once; default 100,000. */
  maxEvents?: number;
}

/** Pure: the events of `text`, or every bad line with its reason. */
export function parseEventsInput(text: string, options: EventsInputOptions): EventsInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, errors: [{ line: 1, reason: 'there are no events to add' }] };
  const items = trimmed.startsWith('[') ? arrayItems(text) : ndjsonItems(text);
  if (!Array.isArray(items)) return { ok: false, errors: [items] };
  const max = options.maxEvents ?? 100_000;
  if (items.length > max) {
    return {
      ok: false,
      errors: [{ line: 1, reason: `${items.length} events is more than the ${max} accepted at once` }],
    };
  }
  const events: ExternalEvent[] = [];
  const errors: EventLineError[] = [];
  for (const item of items) {
    if ('reason' in item) {
      errors.push(item);
      continue;
    }
    const checked = checkEvent(item.value, options);
    if (typeof checked === 'string') errors.push({ line: item.line, reason: checked });
    else events.push(checked);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (events.length === 0) return { ok: false, errors: [{ line: 1, reason: 'there are no events to add' }] };
  return { ok: true, events };
}

type Item = { line: number; value: unknown } | EventLineError;

/** Pure: one item per non-blank line. */
function ndjsonItems(text: string): Item[] {
  const items: Item[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const source = lines[i]!.trim();
    if (source === '') continue;
    try {
      items.push({ line: i + 1, value: JSON.parse(source) });
    } catch (err) {
      items.push({ line: i + 1, reason: `not valid JSON (${jsonReason(err)})` });
    }
  }
  return items;
}

/** Pure: the elements of a JSON array, each with the line it starts on; a syntax error is one error. */
function arrayItems(text: string): Item[] | EventLineError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { line: lineOfError(text, err), reason: `not valid JSON (${jsonReason(err)})` };
  }
  const values = parsed as unknown[];
  const starts = elementLines(text);
  return values.map((value, i) => ({ line: starts[i] ?? 1, value }));
}

/** Pure: the 1-based line where each top-level element of a JSON array text starts. */
export function elementLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectElement && !/\s/.test(c) && c !== ']') {
      lines.push(line);
      expectElement = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expectElement = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expectElement = true;
  }
  return lines;
}

/** Pure: an item as an event, or why it is not one. */
function checkEvent(value: unknown, options: EventsInputOptions): ExternalEvent | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `an event must be a JSON object, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`;
  }
  const event: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const typed = options.typedSources ?? [];
  const listened = [...new Set(typed.map((s) => s.eventType))];
  const listenedText = listened.map((t) => `"${t}"`).join(', ');
  let routedByType = false;
  if (event.targetDataSourceId === undefined) {
    if (typed.length > 0 && typeof event.type === 'string') {
      // As the engine routes it: every DataSource listening for the type gets it; no default target.
      if (!listened.includes(event.type)) {
        return `no DataSource listens for the type "${event.type}"; this template's typed sources listen for: ${listenedText}`;
      }
      routedByType = true;
    } else if (options.defaultTarget !== undefined) {
      event.targetDataSourceId = options.defaultTarget;
    } else if (typed.length > 0) {
      return `an event needs "targetDataSourceId" or a "type" that an execution-events source listens for; this template's typed sources listen for: ${listenedText}`;
    } else {
      return 'missing "targetDataSourceId" (the DataSource that receives the event)';
    }
  }
  const target = event.targetDataSourceId;
  if (!routedByType) {
    if (typeof target !== 'string') return '"targetDataSourceId" must be a string';
    if (!options.dataSourceIds.includes(target)) {
      const known = options.dataSourceIds.length ? options.dataSourceIds.map((id) => `"${id}"`).join(', ') : 'none';
      return `"${target}" is not a DataSource of this template (DataSources: ${known})`;
    }
  }
  if (routedByType || typed.some((s) => s.id === target)) {
    // A typed source reads the original shape: its token's data is the `data` payload.
    const payload = event.data;
    if (payload !== undefined && (typeof payload !== 'object' || payload === null || Array.isArray(payload))) {
      return '"data" must be an object (the event\'s payload, which becomes the token\'s data)';
    }
    if (payload !== undefined) {
      const inner = correlationProblem(payload as Record<string, unknown>);
      if (inner !== null) return `data: ${inner}`;
    }
  }
  const outer = correlationProblem(event);
  if (outer !== null) return outer;
  return event as ExternalEvent;
}

/** Pure: what is wrong with an object's `correlationId`/`correlationIds`, or null. */
function correlationProblem(o: Record<string, unknown>): string | null {
  if (o.correlationId !== undefined && typeof o.correlationId !== 'string') return '"correlationId" must be a string';
  if (
    o.correlationIds !== undefined &&
    !(Array.isArray(o.correlationIds) && o.correlationIds.every((c) => typeof c === 'string'))
  ) {
    return '"correlationIds" must be a list of strings';
  }
  return null;
}

function jsonReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  // V8 quotes the whole input ("…" is not valid JSON) and a position; the line number says where.
  return message
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/\s*in JSON at position \d+.*$/s, '')
    .replace(/\s*\(line \d+ column \d+\)$/, '');
}

/** Pure: the line a `JSON.parse` error points at (V8 names a position or a line), else 1. */
function lineOfError(text: string, err: unknown): number {
  const message = err instanceof Error ? err.message : '';
  const lineMatch = /line (\d+)/.exec(message);
  if (lineMatch) return Number(lineMatch[1]);
  const posMatch = /position (\d+)/.exec(message);
  if (posMatch) return text.slice(0, Number(posMatch[1])).split('\n').length;
  return 1;
}

/**
 * Pure: one example event per accepted shape, for the panel's help: Flowledger's (addressed by
 * `targetDataSourceId`, to an untyped DataSource when there is one) and, when the template has typed
 * sources, *(compat)* the original tool's (routed by `type`, payload under `data`).
 */
export function eventExamples(
  dataSourceIds: readonly string[],
  typedSources: ReadonlyArray<{ id: string; eventType: string }>,
): { targeted: string; typed: string | null } {
  const typedIds = new Set(typedSources.map((s) => s.id));
  const plain = dataSourceIds.find((id) => !typedIds.has(id));
  const first = typedSources[0];
  let targeted: Record<string, unknown>;
  if (plain !== undefined || first === undefined) {
    targeted = { targetDataSourceId: plain ?? dataSourceIds[0] ?? 'orders', correlationId: 'order-1', value: 42 };
  } else {
    targeted = { targetDataSourceId: first.id, data: { correlationId: 'c-1', value: 42 } };
  }
  const typed =
    first === undefined
      ? null
      : JSON.stringify({
          id: 'e1',
          timestamp: 1700000000000,
          type: first.eventType,
          source: 'example',
          data: { correlationId: 'c-1', value: 42 },
        });
  return { targeted: JSON.stringify(targeted), typed };
}
