/**
 * What the engine hands out of a run: facades exposing only the read side of its ledger and the
 * adding side of its external queue. They are separate objects, not narrower types over the real
 * ones, so no cast reaches `append`, `createToken` or `take`: only the run's own simulation writes
 * its ledger and consumes its events.
 */
import type { AddEventsResult, ExternalEventQueue, InputBatch } from './externalQueue';
import type { Ledger } from '../ledger/ledger';
import type { ExternalEvent } from '../types';

/** The ledger's writing members (and its token table, through which tokens are minted). */
type LedgerWrites =
  | 'append'
  | 'appendEvent'
  | 'beginStep'
  | 'createToken'
  | 'postCorrelation'
  | 'tokenList'
  | 'internDetails'
  | 'addDetails'
  | 'transitionStates'
  | 'table';

/**
 * The ledger as the engine hands it out: every read, no write. The engine alone appends (through
 * its simulation); a caller can neither add an event nor mint a token.
 */
export type LedgerView = Readonly<Omit<Ledger, LedgerWrites>>;

/**
 * The external queue as the engine hands it out (`getExternalEventQueue()`): add events, read its
 * size and the input log — never `take` one (only the run's DataSources consume events).
 */
export interface ExternalQueueView {
  addEvent(event: ExternalEvent): AddEventsResult;
  /** `masked`: events of another shard, kept as placeholders (`EventFeed.isMasked`). */
  addEvents(events: readonly unknown[], masked?: (index: number) => boolean): AddEventsResult;
  /** External events not yet emitted. */
  size(): number;
  pendingByTarget(): Record<string, number>;
  inputLog(): InputBatch[];
}

/** Pure: a frozen read-only facade over `ledger` (reads pass through; nothing else is reachable). */
export function ledgerView(ledger: Ledger): LedgerView {
  const l = ledger;
  const view: LedgerView = {
    get size() {
      return l.size;
    },
    get lastStep() {
      return l.lastStep;
    },
    tokens: l.tokens,
    nodes: l.nodes,
    startTime: l.startTime,
    tickMs: l.tickMs,
    tokenIndexOf: l.tokenIndexOf.bind(l),
    get: l.get.bind(l),
    statesOf: l.statesOf.bind(l),
    stepOf: l.stepOf.bind(l),
    nodeOf: l.nodeOf.bind(l),
    opOf: l.opOf.bind(l),
    inputOf: l.inputOf.bind(l),
    outputOf: l.outputOf.bind(l),
    fromOf: l.fromOf.bind(l),
    toOf: l.toOf.bind(l),
    inputCountOf: l.inputCountOf.bind(l),
    inputAt: l.inputAt.bind(l),
    inputTokensOf: l.inputTokensOf.bind(l),
    detailsOf: l.detailsOf.bind(l),
    detailsRefOf: l.detailsRefOf.bind(l),
    detailsAt: l.detailsAt.bind(l),
    stepRange: l.stepRange.bind(l),
    lastSeqAt: l.lastSeqAt.bind(l),
    seqsOfNode: l.seqsOfNode.bind(l),
    nodeEventCount: l.nodeEventCount.bind(l),
    nodeEventSeq: l.nodeEventSeq.bind(l),
    seqsOfToken: l.seqsOfToken.bind(l),
    seqsOfCorrelation: l.seqsOfCorrelation.bind(l),
    postedKeyOf: l.postedKeyOf.bind(l),
    nodeIndex: l.nodeIndex.bind(l),
    line: l.line.bind(l),
    markedLine: l.markedLine.bind(l),
    toNdjson: l.toNdjson.bind(l),
    ndjsonChunks: l.ndjsonChunks.bind(l),
    ndjsonStream: l.ndjsonStream.bind(l),
    hash: l.hash.bind(l),
    columnBytes: l.columnBytes.bind(l),
  };
  return Object.freeze(view);
}

/** Pure: a frozen facade over `queue` that adds events and reads sizes, never takes one. */
export function externalQueueView(queue: ExternalEventQueue): ExternalQueueView {
  return Object.freeze({
    addEvent: (event: ExternalEvent) => queue.addEvent(event),
    addEvents: (events: readonly unknown[], masked?: (index: number) => boolean) => queue.addEvents(events, masked),
    size: () => queue.size(),
    pendingByTarget: () => queue.pendingByTarget(),
    inputLog: () => queue.inputLog(),
  });
}
