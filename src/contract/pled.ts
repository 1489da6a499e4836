/**
 * The original V3 tool's words for what Flowledger records, as its clients read them on the wire:
 * the lower-case `action` of each ledger operation, and a token's `value`. Shared by the service's
 * compatibility operations (src/worker/compat) and the HTTP adapter's shapes (src/api).
 */
import type { LedgerOperation, Token } from './vocabulary';

/**
 * The original's lower-case `action` of each ledger operation. A Sink's collection is
 * `token_consumed`, the action the original's sink aggregation filters on.
 */
export const ACTION_OF: Record<LedgerOperation, string> = {
  TOKEN_GENERATED: 'token_created',
  TOKEN_PROCESSED: 'token_processed',
  TOKEN_TRANSFORMED: 'token_transformed',
  STATE_TRANSITION: 'state_transition',
  TOKEN_COLLECTED: 'token_consumed',
  TOKEN_BUFFERED: 'token_buffered',
  TOKEN_AGGREGATED: 'token_aggregated',
  TOKEN_ROUTED: 'token_routed',
  TOKEN_DROPPED: 'token_dropped',
  NODE_ERROR: 'node_error',
};

/** Pure: what a token carries as its value: `data.value` when it has one, else its whole data; null without a token. */
export function valueOf(token: Token | undefined): unknown {
  if (!token) return null;
  return Object.prototype.hasOwnProperty.call(token.data, 'value') ? token.data.value : token.data;
}
