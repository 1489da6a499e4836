/**
 * The node states of a sharded run, put together: each shard ran every node over its own
 * correlation ids, so the counts a node keeps (tokens processed, instances per state, tokens
 * routed or collected per state, groups) add up across shards; the last update is the latest.
 */
import { setOwn } from '../jsonValues';
import type { NodeState } from '../types';

/** Pure: the node states the single run reports, from those of its shards (in shard order). */
export function mergeNodeStates(shards: readonly Record<string, NodeState>[]): Record<string, NodeState> {
  const out: Record<string, NodeState> = {};
  const first = shards[0] ?? {};
  for (const nodeId of Object.keys(first)) {
    const states = shards.map((s) => s[nodeId]).filter((s): s is NodeState => s !== undefined);
    let lastUpdate: number | null = null;
    for (const s of states)
      if (s.lastUpdate !== null && (lastUpdate === null || s.lastUpdate > lastUpdate)) lastUpdate = s.lastUpdate;
    out[nodeId] = {
      nodeId,
      currentState: states.find((s) => s.currentState !== null)?.currentState ?? null,
      tokensProcessed: states.reduce((sum, s) => sum + s.tokensProcessed, 0),
      aggregates: addUp(states.map((s) => s.aggregates)),
      lastUpdate,
    };
  }
  return out;
}

/** Pure: numbers added member by member (nested objects too); anything else kept from the first shard that has it. */
function addUp(list: readonly Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of list) {
    for (const [key, value] of Object.entries(item)) {
      // setOwn: a state or output may be named `__proto__`, which assignment would not keep.
      if (!Object.hasOwn(out, key)) {
        setOwn(out, key, isRecord(value) ? addUp([value]) : value);
        continue;
      }
      const have = out[key];
      if (typeof have === 'number' && typeof value === 'number') setOwn(out, key, have + value);
      else if (isRecord(have) && isRecord(value)) setOwn(out, key, addUp([have, value]));
    }
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
