/**
 * Ledger operations as small integer codes: the ledger stores one byte per event for its operation
 * and the behaviours pass these codes on the hot path instead of strings.
 */
import { LEDGER_OPERATIONS, type LedgerOperation } from '../types';

/** Operation → code (its index in `LEDGER_OPERATIONS`). */
export const OP = {
  TOKEN_GENERATED: 0,
  TOKEN_PROCESSED: 1,
  TOKEN_TRANSFORMED: 2,
  STATE_TRANSITION: 3,
  TOKEN_COLLECTED: 4,
  TOKEN_BUFFERED: 5,
  TOKEN_AGGREGATED: 6,
  TOKEN_ROUTED: 7,
  TOKEN_DROPPED: 8,
  NODE_ERROR: 9,
} as const satisfies Record<LedgerOperation, number>;

export type OpCode = (typeof OP)[LedgerOperation];

// A compile-time and load-time guard that the codes are the indices of LEDGER_OPERATIONS.
for (const name of LEDGER_OPERATIONS) {
  if (LEDGER_OPERATIONS[OP[name]] !== name)
    throw new Error(`operation code of ${name} is ${OP[name]}, its index differs`);
}

/** Pure: the operation name of `code`. */
export function operationName(code: number): LedgerOperation {
  const name = LEDGER_OPERATIONS[code];
  if (name === undefined) throw new Error(`unknown operation code ${code}`);
  return name;
}
