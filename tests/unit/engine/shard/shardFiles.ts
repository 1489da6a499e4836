/**
 * Shard files as `flowledger run --shard I/N` writes them, made in-process for the merge tests
 * (mergeShards.test.ts, shardMerge.property.test.ts, shardableFormulas.property.test.ts): the
 * template's run over the shard's own events (the others masked), with the header the CLI writes;
 * and the ledger `run --workers N` merges from such runs.
 */
import { Engine } from '../../../../src/engine';
import { SHARD_FORMAT, SHARD_HASH } from '../../../../src/engine/shard';
import { shardEvents } from '../../../../src/cli/shard/shardEvents';
import { shardFileChunks } from '../../../../src/cli/shard/shardWriter';
import { LineBatcher } from '../../../../src/cli/shard/lineBatch';
import { BatchMerge } from '../../../../src/cli/shard/batchMerge';

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

/**
 * Not pure (runs engines): the merged ledger of `run --workers n` over `events`, made in-process on
 * the same code the threads and the main thread run (lineBatch.ts, batchMerge.ts): each shard run
 * a step at a time, a batch taken after every step, the shards' batches merged in shard order.
 */
export function workersLedger(doc: unknown, events: unknown[], n: number): { ledger: string; events: number } {
  const merge = new BatchMerge(
    n,
    (c) => void chunks.push(Buffer.from(c)),
    1000,
    () => undefined,
  );
  const chunks: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const engine = load(doc);
    const se = shardEvents(events, { index: i, count: n }, () => '');
    if (!se.ok) throw new Error(se.message);
    engine.getExternalEventQueue().addEvents(se.values, (k) => se.masked[k] === 1);
    const batcher = new LineBatcher(engine);
    for (;;) {
      const step = engine.getCurrentTick();
      const status = engine.advance('end', { steps: 1 });
      batcher.gather();
      if (batcher.pending > 0) merge.add(i, batcher.take());
      if ((status !== 'running' && status !== 'ready') || engine.getCurrentTick() === step) break;
    }
    merge.end(i);
  }
  if (!merge.done) throw new Error('the workers merge did not take every line');
  merge.finish();
  return { ledger: Buffer.concat(chunks).toString('utf8'), events: merge.events };
}
