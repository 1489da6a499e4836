/**
 * Writing a shard file (engine/shard/shardFormat.ts) from a finished shard run: the header, every
 * ledger event keyed by its place in the single run with the offsets of its run-wide numbers, and
 * the trailer with the run's summary parts. Lines are gathered into chunks of about 64 KiB, each
 * written at once. The shard's own ledger hash is never computed (nobody needs it).
 */
import { endLine, headerLine, orderKeys, type ShardEnd, type ShardHeader } from '../../engine/shard';
import { OP, type Engine } from '../../engine';

const CHUNK_CHARS = 1 << 16;

/** Not pure (reads the engine): the trailer of `engine`'s shard run. */
export function shardEnd(engine: Engine): ShardEnd {
  const status = engine.status;
  // The counts only: runResult would also hash the shard's whole ledger, which nothing here reads.
  const activity = engine.runActivity();
  return {
    events: engine.ledger.size,
    steps: engine.getCurrentTick(),
    status: status === 'completed' || status === 'truncated' ? status : 'running',
    ...(engine.truncatedBy !== null ? { truncatedBy: engine.truncatedBy } : {}),
    sinks: engine.scenario.nodes.filter((n) => n.type === 'Sink').map((n) => n.nodeId),
    nodeStates: engine.getNodeStates(),
    eventsConsumed: activity.eventsConsumed,
    transitionsFired: activity.transitionsFired,
    fsms: engine.scenario.nodes.filter((n) => n.type === 'FSM').length,
    unmovedFsms: activity.unmovedFsms,
  };
}

/** Not pure (reads the engine's ledger): the shard file of `engine`'s run, in chunks. */
export function* shardFileChunks(engine: Engine, header: ShardHeader): Generator<string> {
  yield headerLine(header);
  const ledger = engine.ledger;
  const sinks = new Set(engine.scenario.nodes.filter((n) => n.type === 'Sink').map((n) => n.index));
  const marks: number[] = [];
  let parts: string[] = [];
  let chars = 0;
  let seq = 0;
  for (const key of orderKeys(ledger)) {
    const line = ledger.markedLine(++seq, marks);
    const collected = ledger.opOf(seq) === OP.TOKEN_COLLECTED && sinks.has(ledger.nodeOf(seq));
    const text = `{"k":"${key}","m":[${marks.join(',')}],${collected ? '"s":1,' : ''}"e":${line.slice(0, -1)}}\n`;
    parts.push(text);
    chars += text.length;
    if (chars >= CHUNK_CHARS) {
      yield parts.join('');
      parts = [];
      chars = 0;
    }
  }
  if (chars > 0) yield parts.join('');
  yield endLine(shardEnd(engine));
}
