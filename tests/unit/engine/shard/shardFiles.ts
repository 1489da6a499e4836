/**
 * Shard files as `flowledger run --shard I/N` writes them, made in-process for the merge tests
 * (mergeShards.test.ts, shardMerge.property.test.ts): the template's run over the shard's own events
 * (the others masked), with the header the CLI writes.
 */
import { Engine } from '../../../../src/engine';
import { SHARD_FORMAT, SHARD_HASH } from '../../../../src/engine/shard';
import { shardEvents } from '../../../../src/cli/shard/shardEvents';
import { shardFileChunks } from '../../../../src/cli/shard/shardWriter';

/** A log-fed DataSource (one event a step) straight into Sink `done` (the merge tests' template). */
export const logToSink = {
  version: '3.0',
  seed: 7,
  tickMs: 1000,
  maxSteps: 1000,
  nodes: [
    { nodeId: 'log', type: 'DataSource', count: 0, batchSize: 1, outputs: [{ destinationNodeId: 'done' }] },
    { nodeId: 'done', type: 'Sink' },
  ],
};

/** Not pure (runs an engine): the template `doc` loaded, or a thrown error naming why it does not load. */
export function load(doc: unknown): Engine {
  const engine = new Engine();
  const loaded = engine.initialize(doc);
  if (loaded.scenario === null) throw new Error(`the template does not load: ${JSON.stringify(loaded.errors)}`);
  return engine;
}

/** Pure in effect: shard `index` of `count` of `doc`'s run over `events`, as `run --shard` writes it. */
export function shardFile(doc: unknown, events: unknown[], index: number, count: number): string {
  const engine = load(doc);
  const se = shardEvents(events, { index, count }, () => 'whole-events-hash');
  if (!se.ok) throw new Error(se.message);
  const added = engine.getExternalEventQueue().addEvents(se.values, (i) => se.masked[i] === 1);
  if (!added.ok) throw new Error(added.error);
  engine.advance('end');
  const header = {
    flowledgerShard: SHARD_FORMAT,
    shard: index,
    shards: count,
    templateHash: 'template',
    seed: engine.seed,
    eventsHash: se.eventsHash,
    shardHash: SHARD_HASH,
    maxEvents: engine.scenario.maxEvents,
  } as const;
  return [...shardFileChunks(engine, header)].join('');
}

/** Pure: a shard file's text as the one batch of lines mergeShards reads. */
export async function* linesOf(text: string): AsyncGenerator<string[]> {
  yield text.split('\n');
}
