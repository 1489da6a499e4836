/**
 * The news of a committed change to an execution, as other views and tabs hear it: which execution,
 * and its stored revision. The stored run sends it; the service context carries the sender.
 */

/** The message sent after every committed change of an execution (BroadcastChannel `flowledger`). */
export interface RunChange {
  executionId: string;
  /** The stored revision after the change; -1 when the execution was deleted. */
  revision: number;
}

/** The BroadcastChannel other views and tabs listen on for `RunChange` messages. */
export const CHANGES_CHANNEL = 'flowledger';
