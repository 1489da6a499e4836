/**
 * A run's ledger as events a process-mining tool reads (issue 26, item 4): each ledger event
 * becomes one event of the case its token belongs to (the token's first correlation id, else the
 * token's id), named `<node>:<state>` for a state transition and `<node>:<operation>` otherwise,
 * at its ledger time, with its step, sequence number, node, operation and token id as attributes.
 */
import type { LedgerEvent, Token } from '../../contract/vocabulary';

/** Pure: true when `value` looks like a ledger line (`seq`, `operation`, `nodeId`). */
export function isLedgerLine(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v['seq'] === 'number' && typeof v['operation'] === 'string' && typeof v['nodeId'] === 'string';
}

/**
 * Pure: the index of the first of `values` that is not of the first one's kind (a ledger line
 * among events, or an event among ledger lines), or -1 when they are all of one kind. A file mixing
 * them is neither a run's ledger nor events: read as one, the other's lines are misread.
 */
export function firstOtherKind(values: readonly unknown[]): number {
  if (values.length === 0) return -1;
  const ledger = isLedgerLine(values[0]);
  for (let i = 1; i < values.length; i++) if (isLedgerLine(values[i]) !== ledger) return i;
  return -1;
}

/** Pure: a ledger event as a flat event with `correlationId`, `event` and `timestamp`. */
export function ledgerEventToEvent(e: LedgerEvent): Record<string, unknown> {
  const token: Token | undefined = e.outputToken ?? e.inputToken;
  const ids = token?.correlationIds ?? [];
  const out: Record<string, unknown> = {
    correlationId: ids[0] ?? token?.id ?? e.nodeId,
    event:
      e.operation === 'STATE_TRANSITION' && e.to !== undefined ? `${e.nodeId}:${e.to}` : `${e.nodeId}:${e.operation}`,
    timestamp: e.timestamp,
    seq: e.seq,
    step: e.step,
    nodeId: e.nodeId,
    operation: e.operation,
  };
  if (ids.length > 1) out['correlationIds'] = ids;
  if (token !== undefined) out['tokenId'] = token.id;
  if (e.from !== undefined) out['from'] = e.from;
  return out;
}
