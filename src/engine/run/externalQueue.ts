/**
 * The external event queue (seed `getExternalEventQueue()`): events from outside — parsed log
 * lines, API calls — addressed to a DataSource by `targetDataSourceId` or, *(compat)* without one,
 * to the execution-events DataSources listening for their `type` (see `checkOriginal`). Events are kept in the
 * order they were added; each DataSource reads its own events in that order (DSL.md §5.1).
 *
 * An event is validated and copied when it is added, so a caller mutating its object later
 * changes nothing, and the token data it becomes (the event without `targetDataSourceId`) is built
 * once.
 *
 * The queue also records WHEN each event was added — the step the run was at (`getCurrentTick()`)
 * — and keeps every accepted batch as it was given: the input log. With the scenario and the seed
 * it is all a deterministic re-run needs (replay, export, the browser's stored executions). An
 * event added at step s is first seen by its DataSource in step s + 1.
 */
import { IntList } from '../ledger/columns';
import { copyJson, setOwn } from '../jsonValues';
import type { ExternalEvent, NodeSpec } from '../types';
import { lowerBound } from '../lowerBound';
import type { EventFeed } from '../behaviors/nodeContext';

/** What a DataSource reads from the queue: declared with the behaviours that read it. */
export type { EventFeed } from '../behaviors/nodeContext';

/** Pure. *(compat)* The execution-events DataSources of a scenario by the event type they emit (node indices, in order). */
export function eventTypesOf(nodes: readonly NodeSpec[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const n of nodes) {
    if (n.type !== 'DataSource' || n.generation.type !== 'execution-events') continue;
    const list = out.get(n.generation.eventType);
    if (list) list.push(n.index);
    else out.set(n.generation.eventType, [n.index]);
  }
  return out;
}

/** Outcome of adding events: nothing is added unless every event is valid. */
export type AddEventsResult = { ok: true; added: number } | { ok: false; index: number; error: string };

/** One accepted `addEvents` call: the step the run was at, and the events as given (copied). */
export interface InputBatch {
  step: number;
  events: ExternalEvent[];
}

/** A feed with the totals a queue snapshot shows. */
export interface FeedView extends EventFeed {
  /** Events visible to the run and not yet emitted. */
  size(): number;
  /** Those events per target DataSource id (only targets with some). */
  pendingByTarget(): Record<string, number>;
}

/** The data of every masked event (never read: a masked event makes no token). */
const MASKED_DATA: Record<string, unknown> = Object.freeze({});

interface StoredEvent {
  /** The DataSources it is delivered to: its target, or *(compat)* every one listening for its `type`. */
  nodes: number[];
  data: Record<string, unknown>;
  correlationIds: string[] | null;
  /** The event as given (copied), for the input log. */
  raw: ExternalEvent;
  /** A placeholder of another shard's event (see `EventFeed.isMasked`). */
  masked?: true;
}

/**
 * Not pure: the queue of one run. `sources` maps each DataSource's id to its node index; `now`
 * reads the run's current step (stamped on each batch).
 */
export class ExternalEventQueue implements FeedView {
  private readonly sources: ReadonlyMap<string, number>;
  private readonly now: () => number;
  private readonly events: StoredEvent[] = [];
  /** Step at which each event was added, by event index (non-decreasing). */
  private readonly added = new IntList(64);
  private readonly batches: Array<{ step: number; first: number; end: number }> = [];
  /** Per node index: the indices of the events addressed to it, and the next one to emit. */
  private readonly perNode: Array<{ list: IntList; next: number } | undefined> = [];
  private pendingTotal = 0;
  /** Per node index: the target list its masked events share. */
  private readonly maskedNodes: number[][] = [];
  /** Stored masked events by the object given (a caller may pass one placeholder object many times). */
  private readonly maskedStored = new WeakMap<object, StoredEvent>();

  /** *(compat)* DataSources with `generation: {type: "execution-events", eventType}`, by event type. */
  private readonly byType: ReadonlyMap<string, readonly number[]>;
  /** Node indices of those DataSources: they read events the original tool's way. */
  private readonly typed: ReadonlySet<number>;

  constructor(
    sources: ReadonlyMap<string, number>,
    now: () => number = () => 0,
    byType: ReadonlyMap<string, readonly number[]> = new Map(),
  ) {
    this.sources = sources;
    this.now = now;
    this.byType = byType;
    this.typed = new Set([...byType.values()].flat());
  }

  /** Adds one event; `{ok: false}` (nothing added) when it is malformed or its target is not a DataSource. */
  addEvent(event: ExternalEvent): AddEventsResult {
    return this.addEvents([event]);
  }

  /**
   * Adds `events` in order, all or none: the first invalid one is reported with its index. Events
   * whose index `masked` answers true for are kept as placeholders (`EventFeed.isMasked`).
   */
  addEvents(events: readonly unknown[], masked?: (index: number) => boolean): AddEventsResult {
    const checked: StoredEvent[] = [];
    for (let i = 0; i < events.length; i++) {
      const r = masked?.(i) === true ? this.placeholder(events[i]) : this.check(events[i]);
      if (typeof r === 'string') return { ok: false, index: i, error: r };
      checked.push(r);
    }
    const step = this.now();
    const first = this.events.length;
    for (const e of checked) {
      const index = this.events.length;
      this.events.push(e);
      this.added.push(step);
      for (const node of e.nodes) {
        let slot = this.perNode[node];
        if (!slot) this.perNode[node] = slot = { list: new IntList(64), next: 0 };
        slot.list.push(index);
        this.pendingTotal++;
      }
    }
    if (checked.length > 0) this.batches.push({ step, first, end: this.events.length });
    return { ok: true, added: checked.length };
  }

  /** The input log: every accepted batch with the step it was added at, in order (fresh arrays, shared event copies). */
  inputLog(): InputBatch[] {
    return this.batches.map((b) => ({ step: b.step, events: this.events.slice(b.first, b.end).map((e) => e.raw) }));
  }

  /** Step at which event `index` was added. */
  addedAt(index: number): number {
    return this.added.data[index]!;
  }

  /** The first step after `step` at which events were added (Infinity when none was). */
  nextAddedAfter(step: number): number {
    const b = this.batches;
    const i = lowerBound(0, b.length, (k) => b[k]!.step <= step);
    return i < b.length ? b[i]!.step : Number.POSITIVE_INFINITY;
  }

  /** Events addressed to DataSource `node` that were added at or before step `step`. */
  countFor(node: number, step: number): number {
    const slot = this.perNode[node];
    if (!slot) return 0;
    const list = slot.list;
    return lowerBound(0, list.length, (i) => this.added.data[list.data[i]!]! <= step);
  }

  /** Index of the `i`-th event (from 0) addressed to `node`. */
  eventFor(node: number, i: number): number {
    return this.perNode[node]!.list.data[i]!;
  }

  /** Per DataSource (by node index, scenario order of `sources`): events emitted so far. For checkpoints. */
  cursors(): number[] {
    return [...this.sources.values()].map((node) => this.perNode[node]?.next ?? 0);
  }

  /** DataSource node indices, in the order `cursors()` lists them. */
  sourceNodes(): number[] {
    return [...this.sources.values()];
  }

  /** DataSource ids by node index. */
  sourceIds(): ReadonlyMap<string, number> {
    return this.sources;
  }

  /** Events added and not yet emitted by their DataSource. */
  size(): number {
    return this.pendingTotal;
  }

  revision(): number {
    return this.events.length;
  }

  /** Events added at or before step `step`. */
  visibleAt(step: number): number {
    return lowerBound(0, this.events.length, (i) => this.added.data[i]! <= step);
  }

  /** Every event added so far. */
  get length(): number {
    return this.events.length;
  }

  /** Pending events per target DataSource id (for queue snapshots). */
  pendingByTarget(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [id, node] of this.sources) {
      const n = this.pendingFor(node);
      if (n > 0) out[id] = n;
    }
    return out;
  }

  targets(node: number): boolean {
    return this.perNode[node] !== undefined;
  }

  pendingFor(node: number): number {
    const slot = this.perNode[node];
    return slot ? slot.list.length - slot.next : 0;
  }

  take(node: number): number {
    const slot = this.perNode[node];
    if (!slot || slot.next >= slot.list.length) return -1;
    this.pendingTotal--;
    return slot.list.data[slot.next++]!;
  }

  isMasked(index: number): boolean {
    return this.events[index]!.masked === true;
  }

  dataOf(index: number): Record<string, unknown> {
    return this.events[index]!.data;
  }

  correlationIdsOf(index: number): string[] | null {
    return this.events[index]!.correlationIds;
  }

  /** A masked event: only its target is read (its place in that DataSource's queue); nothing is copied. */
  private placeholder(event: unknown): StoredEvent | string {
    const target = (event as { targetDataSourceId?: unknown } | null)?.targetDataSourceId;
    const node = typeof target === 'string' ? this.sources.get(target) : undefined;
    if (node === undefined) return `a masked event needs the "targetDataSourceId" of a DataSource of the scenario`;
    // A shard run holds one placeholder for every other shard's event: they share their (never
    // changed) target list and empty data, and one stored event when given the same object.
    if (typeof event === 'object' && event !== null) {
      const known = this.maskedStored.get(event);
      if (known !== undefined && known.nodes[0] === node) return known;
    }
    const nodes = (this.maskedNodes[node] ??= [node]);
    const stored: StoredEvent = {
      nodes,
      data: MASKED_DATA,
      correlationIds: null,
      raw: event as ExternalEvent,
      masked: true,
    };
    if (typeof event === 'object' && event !== null) this.maskedStored.set(event, stored);
    return stored;
  }

  private check(event: unknown): StoredEvent | string {
    if (typeof event !== 'object' || event === null || Array.isArray(event)) return 'an event must be a JSON object';
    const e = event as Record<string, unknown>;
    const target = e['targetDataSourceId'];
    let nodes: number[];
    if (target === undefined && typeof e['type'] === 'string' && this.byType.size > 0) {
      // *(compat)* The original tool's events carry no target: every DataSource listening for the type gets it.
      const listening = this.byType.get(e['type']);
      if (listening === undefined) {
        return `the event has no "targetDataSourceId" and no DataSource listens for its type ${JSON.stringify(e['type'])} (types: ${[...this.byType.keys()].map((t) => JSON.stringify(t)).join(', ')})`;
      }
      nodes = [...listening];
    } else {
      if (typeof target !== 'string' || target === '') return 'the event has no "targetDataSourceId"';
      const node = this.sources.get(target);
      if (node === undefined)
        return `"targetDataSourceId" ${JSON.stringify(target)} is not a DataSource of the scenario`;
      nodes = [node];
    }
    if (nodes.some((n) => this.typed.has(n))) return this.checkOriginal(e, nodes);
    const one = e['correlationId'];
    const many = e['correlationIds'];
    if (one !== undefined && typeof one !== 'string') return '"correlationId" must be a string';
    if (many !== undefined && !(Array.isArray(many) && many.every((c) => typeof c === 'string')))
      return '"correlationIds" must be an array of strings';
    const data: Record<string, unknown> = {};
    const raw: Record<string, unknown> = {};
    for (const key of Object.keys(e)) {
      // Token data and the logged event share the copied (never mutated) values.
      const value = copyJson(e[key]);
      setOwn(raw, key, value);
      if (key !== 'targetDataSourceId') setOwn(data, key, value);
    }
    let correlationIds: string[] | null = null;
    if (Array.isArray(many) && many.length > 0) correlationIds = [...new Set(many as string[])];
    else if (typeof one === 'string' && one !== '') correlationIds = [one];
    return { nodes, data, correlationIds, raw: raw as ExternalEvent };
  }

  /**
   * *(compat)* An event as the original tool stored it, `{id, timestamp, type, source, data: {…}}`,
   * for an execution-events DataSource: the token's data is the `data` payload, plus `event` = the
   * event's `type` (unless the payload has its own), so an FSM can react to it by name. Correlation
   * ids come from the payload's `correlationIds`/`correlationId`, else the event's.
   */
  private checkOriginal(e: Record<string, unknown>, nodes: number[]): StoredEvent | string {
    const payload = e['data'];
    if (payload !== undefined && (typeof payload !== 'object' || payload === null || Array.isArray(payload)))
      return '"data" must be an object (the event\'s payload)';
    const raw: Record<string, unknown> = {};
    for (const key of Object.keys(e)) setOwn(raw, key, copyJson(e[key]));
    const data: Record<string, unknown> = {};
    const body = (raw['data'] ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(body)) setOwn(data, key, body[key]);
    if (!Object.hasOwn(data, 'event') && typeof e['type'] === 'string') data['event'] = e['type'];
    const ids = (source: Record<string, unknown>): string[] | null | string => {
      const one = source['correlationId'];
      const many = source['correlationIds'];
      if (one !== undefined && typeof one !== 'string') return '"correlationId" must be a string';
      if (many !== undefined && !(Array.isArray(many) && many.every((c) => typeof c === 'string')))
        return '"correlationIds" must be an array of strings';
      if (Array.isArray(many) && many.length > 0) return [...new Set(many as string[])];
      return typeof one === 'string' && one !== '' ? [one] : null;
    };
    const own = ids(body);
    if (typeof own === 'string') return `data: ${own}`;
    const outer = own === null ? ids(e) : own;
    if (typeof outer === 'string') return outer;
    return { nodes, data, correlationIds: outer, raw: raw as ExternalEvent };
  }
}
