/**
 * `parse --shard I/N`: the events file of one shard. Only what is written changes (the parser and
 * its mining see every line): events of shard I are written as they are; each run of other shards'
 * events becomes one `{"flowledgerSkip":k,"targetDataSourceId":…}` line, so `run --shard I/N`
 * still places every event at the step the single run emits it; a last line
 * `{"flowledgerEvents":{"shard":I,"shards":N,"eventsHash":…,"events":…}}` names the whole file
 * (the SHA-256 of the text `parse` writes without --shard). An event without a correlation id is
 * written to every shard, where `run --shard` refuses it by name.
 */
import { createHash, type Hash } from 'node:crypto';
import { shardKeyOf, shardOf } from '../../engine/shard';
import type { ShardSpec } from './shardOption';

/** Not pure: turns the whole file's event lines into the shard's lines. */
export class EventShardFilter {
  private readonly whole: Hash = createHash('sha256');
  private skipped = 0;
  private skipTarget: unknown = undefined;
  private kept = 0;

  constructor(private readonly spec: ShardSpec) {}

  /** The text to write for one event (`line` is its NDJSON line, newline included); may be ''. */
  event(event: unknown, line: string): string {
    this.whole.update(line, 'utf8');
    const id = shardKeyOf(event);
    const target = (event as { targetDataSourceId?: unknown }).targetDataSourceId;
    if (id !== null && shardOf(id, this.spec.count) !== this.spec.index) {
      let out = '';
      if (this.skipped > 0 && target !== this.skipTarget) out = this.skipLine();
      this.skipped++;
      this.skipTarget = target;
      return out;
    }
    this.kept++;
    return this.skipLine() + line;
  }

  /** The last lines: a pending skip run, then the trailer. */
  end(): string {
    const trailer = {
      flowledgerEvents: {
        shard: this.spec.index,
        shards: this.spec.count,
        eventsHash: this.whole.digest('hex'),
        events: this.kept,
      },
    };
    return `${this.skipLine()}${JSON.stringify(trailer)}\n`;
  }

  private skipLine(): string {
    if (this.skipped === 0) return '';
    const line = `${JSON.stringify({ flowledgerSkip: this.skipped, targetDataSourceId: this.skipTarget })}\n`;
    this.skipped = 0;
    return line;
  }
}
