/**
 * Writing a shard file (engine/shard/shardFormat.ts) from a finished shard run: the header, every
 * ledger event keyed by its place in the single run, and the trailer with the run's summary parts.
 * Lines are gathered into chunks of about 64 KiB, each written at once.
 */
import { endLine, headerLine, orderKeys, type ShardHeader } from '../../engine/shard';
import type { Engine } from '../../engine';
import { runSummary } from '../commands/runSummary';

const CHUNK_CHARS = 1 << 16;

/** Not pure (reads the engine's ledger): the shard file of `engine`'s run, in chunks. */
export function* shardFileChunks(engine: Engine, header: ShardHeader): Generator<string> {
  yield headerLine(header);
  const ledger = engine.ledger;
  let parts: string[] = [];
  let chars = 0;
  let seq = 0;
  for (const key of orderKeys(ledger)) {
    const line = ledger.line(++seq);
    const text = `{"k":${JSON.stringify(key)},"e":${line.slice(0, -1)}}\n`;
    parts.push(text);
    chars += text.length;
    if (chars >= CHUNK_CHARS) {
      yield parts.join('');
      parts = [];
      chars = 0;
    }
  }
  if (chars > 0) yield parts.join('');
  const summary = runSummary(engine);
  yield endLine({
    events: ledger.size,
    steps: summary.steps,
    status: summary.status,
    ...(summary.truncatedBy !== undefined ? { truncatedBy: summary.truncatedBy } : {}),
    sinks: Object.keys(summary.sinks),
    nodeStates: summary.nodeStates,
  });
}
