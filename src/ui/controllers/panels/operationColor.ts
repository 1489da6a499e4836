/** Colour of each ledger operation's badge in the panels: one hue per kind of thing that happened. */
import type { LedgerOperation } from '../../../contract/coreTypes';

/** Pure: the badge colour of `op` (exhaustive over the closed set of operations). */
export function operationColor(op: LedgerOperation): string {
  switch (op) {
    case 'TOKEN_GENERATED':
      return '#2f80ed';
    case 'TOKEN_PROCESSED':
      return '#00a3a3';
    case 'TOKEN_TRANSFORMED':
      return '#9b51e0';
    case 'STATE_TRANSITION':
      return '#f2994a';
    case 'TOKEN_COLLECTED':
      return '#27ae60';
    case 'TOKEN_BUFFERED':
      return '#7f8c9d';
    case 'TOKEN_AGGREGATED':
      return '#c0a000';
    case 'TOKEN_ROUTED':
      return '#3b6fb6';
    case 'TOKEN_DROPPED':
      return '#eb5757';
    case 'NODE_ERROR':
      return '#c0392b';
    default: {
      const never: never = op;
      throw new Error(`operationColor: unknown operation ${String(never)}`);
    }
  }
}
