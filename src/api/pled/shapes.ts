/**
 * Pure: the original tool's fields on ledger events and activity entries, computed from Flowledger's
 * answers, for the `pled` profile (routes.ts). The fields both profiles add: ../originalFields.ts.
 */
import { ACTION_OF, valueOf } from '../../contract/pled';
import type { ActivityEntry } from '../../contract/wire';
import type { LedgerEvent } from '../../contract/vocabulary';

/** A ledger event as the original's callers read it: Flowledger's fields plus `action`, `value`, `correlationIds`. */
export type OriginalLedgerEvent = LedgerEvent & { action: string; value: unknown; correlationIds: string[] };

/** Pure: `event` with the original's `action`, `value` and `correlationIds` (of the token it produced, else consumed). */
export function originalEvent(event: LedgerEvent): OriginalLedgerEvent {
  const token = event.outputToken ?? event.inputToken;
  return {
    ...event,
    action: ACTION_OF[event.operation],
    value: valueOf(token),
    correlationIds: token ? [...token.correlationIds] : [],
  };
}

/** Pure: an activity entry with the original's `action`. */
export function originalActivity(a: ActivityEntry): ActivityEntry & { action: string } {
  return { ...a, action: ACTION_OF[a.operation] };
}
