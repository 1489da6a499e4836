/**
 * The external event queue (seed `getExternalEventQueue()`): events from outside — parsed log
 * lines, API calls — addressed to a DataSource by `targetDataSourceId`. Events are kept in the
 * order they were added; each DataSource reads its own events in that order (DSL.md §5.1).
 *
 * An event is validated and copied when it is added, so a caller mutating its object later
 * changes nothing, and the token data it becomes (the event without `targetDataSourceId`) is built
 * once.
 */
import { IntList } from './columns';
import { copyJson, setOwn } from './jsonValues';
import type { ExternalEvent } from './types';

/** Outcome of adding events: nothing is added unless every event is valid. */
export type AddEventsResult = { ok: true; added: number } | { ok: false; index: number; error: string };

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

interface StoredEvent {
  node: number;
  data: Record<string, unknown>;
  correlationIds: string[] | null;
}

/** Not pure: the queue of one run. `sources` maps each DataSource's id to its node index. */
export class ExternalEventQueue implements EventFeed {
  private readonly sources: ReadonlyMap<string, number>;
  private readonly events: StoredEvent[] = [];
  /** Per node index: the indices of the events addressed to it, and the next one to emit. */
  private readonly perNode: Array<{ list: IntList; next: number } | undefined> = [];
  private pendingTotal = 0;

  constructor(sources: ReadonlyMap<string, number>) {
    this.sources = sources;
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
    for (const e of checked) {
      const index = this.events.length;
      this.events.push(e);
      let slot = this.perNode[e.node];
      if (!slot) this.perNode[e.node] = slot = { list: new IntList(64), next: 0 };
      slot.list.push(index);
    }
    this.pendingTotal += checked.length;
    return { ok: true, added: checked.length };
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
    if (many !== undefined && !(Array.isArray(many) && many.every((c) => typeof c === 'string'))) return '"correlationIds" must be an array of strings';
    const data: Record<string, unknown> = {};
    for (const key of Object.keys(e)) if (key !== 'targetDataSourceId') setOwn(data, key, copyJson(e[key]));
    let correlationIds: string[] | null = null;
    if (Array.isArray(many) && many.length > 0) correlationIds = [...new Set(many as string[])];
    else if (typeof one === 'string' && one !== '') correlationIds = [one];
    return { node, data, correlationIds };
  }
}
