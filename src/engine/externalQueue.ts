/**
 * The external event queue (seed `getExternalEventQueue()`): events from outside — parsed log
 * lines, API calls — addressed to a DataSource by `targetDataSourceId`. Events are kept in the
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
import { IntList } from './columns';
import { copyJson, setOwn } from './jsonValues';
import type { ExternalEvent } from './types';
import { lowerBound } from './lowerBound';

/** Outcome of adding events: nothing is added unless every event is valid. */
export type AddEventsResult = { ok: true; added: number } | { ok: false; index: number; error: string };

/** One accepted `addEvents` call: the step the run was at, and the events as given (copied). */
export interface InputBatch {
  step: number;
  events: ExternalEvent[];
}

/** What a DataSource reads from the queue. */
export interface EventFeed {
  /** True once any event has been addressed to node `node` (it then never generates again). */
  targets(node: number): boolean;
  /** Events addressed to `node` not yet emitted. */
  pendingFor(node: number): number;
  /** Index of the next pending event of `node`, now taken; -1 when none. */
  take(node: number): number;
  /** Token data of event `index`: the event's fields without `targetDataSourceId`. */
  dataOf(index: number): Record<string, unknown>;
  /** Correlation ids the event carries (`correlationIds`, else `correlationId`), or null. */
  correlationIdsOf(index: number): string[] | null;
}

/** A feed with the totals a queue snapshot shows. */
export interface FeedView extends EventFeed {
  /** Events visible to the run and not yet emitted. */
  size(): number;
  /** Those events per target DataSource id (only targets with some). */
  pendingByTarget(): Record<string, number>;
}

interface StoredEvent {
  node: number;
  data: Record<string, unknown>;
  correlationIds: string[] | null;
  /** The event as given (copied), for the input log. */
  raw: ExternalEvent;
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

  constructor(sources: ReadonlyMap<string, number>, now: () => number = () => 0) {
    this.sources = sources;
    this.now = now;
  }

  /** Adds one event; `{ok: false}` (nothing added) when it is malformed or its target is not a DataSource. */
  addEvent(event: ExternalEvent): AddEventsResult {
    return this.addEvents([event]);
  }

  /** Adds `events` in order, all or none: the first invalid one is reported with its index. */
  addEvents(events: readonly unknown[]): AddEventsResult {
    const checked: StoredEvent[] = [];
    for (let i = 0; i < events.length; i++) {
      const r = this.check(events[i]);
      if (typeof r === 'string') return { ok: false, index: i, error: r };
      checked.push(r);
    }
    const step = this.now();
    const first = this.events.length;
    for (const e of checked) {
      const index = this.events.length;
      this.events.push(e);
      this.added.push(step);
      let slot = this.perNode[e.node];
      if (!slot) this.perNode[e.node] = slot = { list: new IntList(64), next: 0 };
      slot.list.push(index);
    }
    if (checked.length > 0) this.batches.push({ step, first, end: this.events.length });
    this.pendingTotal += checked.length;
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

  dataOf(index: number): Record<string, unknown> {
    return this.events[index]!.data;
  }

  correlationIdsOf(index: number): string[] | null {
    return this.events[index]!.correlationIds;
  }

  private check(event: unknown): StoredEvent | string {
    if (typeof event !== 'object' || event === null || Array.isArray(event)) return 'an event must be a JSON object';
    const e = event as Record<string, unknown>;
    const target = e['targetDataSourceId'];
    if (typeof target !== 'string' || target === '') return 'the event has no "targetDataSourceId"';
    const node = this.sources.get(target);
    if (node === undefined) return `"targetDataSourceId" ${JSON.stringify(target)} is not a DataSource of the scenario`;
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
    return { node, data, correlationIds, raw: raw as ExternalEvent };
  }
}
