/** Sharding a log-driven run by correlation id: the analysis, the id → shard hash, order keys and the merge. */
export { shardability, type ShardBlocker, type Shardability } from './shardable';
export { fnv1a32, shardKeyOf, shardOf } from './shardHash';
export { compareKeys, keyText, orderKeys, type OrderKey } from './orderKeys';
export {
  endLine,
  headerLine,
  readHeader,
  SHARD_FORMAT,
  SHARD_HASH,
  SHARED_FIELDS,
  type ShardEnd,
  type ShardHeader,
} from './shardFormat';
export {
  mergeShards,
  type MergeOptions,
  type MergeResult,
  type ShardSource,
  type SinkStates,
  type SinkTally,
} from './mergeShards';
export { mergeNodeStates } from './mergeNodeStates';
export { eventJsonProblem, keyedLine } from './shardLine';
