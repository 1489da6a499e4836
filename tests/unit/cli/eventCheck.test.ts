/**
 * `flowledger merge` scans every event's JSON on a thread of its own (src/cli/shard/eventCheck.ts)
 * while the main thread merges with that scan left out (`eventJsonCheckedElsewhere`). The check
 * must find what the inline check finds — same line, same sentence — and the command must refuse
 * every tampered file as before (mergeTampered.test.ts runs the bundle, so the thread).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultHasher } from '../../../src/engine';
import { mergeShards } from '../../../src/engine/shard';
import { firstEventFault } from '../../../src/cli/shard/eventCheck';
import { linesOf } from '../engine/shard/shardFiles';
import { tamperedShards, wholeShard } from '../engine/shard/tamperedShards';
import { cli, tempFiles } from './helpers';

const byName = (files: Record<string, string>) => (path: string) => linesOf(files[path]!);

describe('the check of the events’ JSON beside the merge', () => {
  it('finds nothing in files as run --shard wrote them', async () => {
    expect(await firstEventFault(['a', 'b'], byName({ a: wholeShard(), b: `\n${wholeShard()}` }))).toBeNull();
  });

  it('names the line and says what the inline check says, for each event that is not JSON', async () => {
    const notJson = tamperedShards().filter(
      (t) => t.message.includes('not JSON') || t.message.includes('not a JSON object'),
    );
    expect(notJson.length).toBeGreaterThanOrEqual(3);
    for (const t of notJson)
      expect(await firstEventFault(['ok', 'bad'], byName({ ok: wholeShard(), bad: t.text })), t.what).toEqual({
        file: 'bad',
        line: t.line,
        message: t.message,
      });
  });

  it('leaves every other fault to the merge, which still refuses it without the scan', async () => {
    for (const t of tamperedShards()) {
      const fault = await firstEventFault(['a'], byName({ a: t.text }));
      const r = await mergeShards([{ name: 'a', batches: linesOf(t.text) }], {
        hasher: defaultHasher,
        sinkValuesLimit: 1000,
        eventJsonCheckedElsewhere: true,
      });
      // Between them, the check and the merge refuse the file: never a merge that passes.
      expect(fault !== null || !r.ok, t.what).toBe(true);
      if (fault === null) expect(r, t.what).toEqual({ ok: false, file: 'a', line: t.line, message: t.message });
    }
  });

  it('on the command line, names an event that is not JSON before a fault the merge meets earlier', () => {
    const lines = wholeShard().split('\n');
    // Line 3: its eventId and seq disagree (the merge's to find); line 4: a Sink's event that is not JSON.
    const bad = tamperedShards().find((t) => t.what === 'a Sink’s line that is not JSON')!;
    const badLines = bad.text.split('\n');
    const marks = tamperedShards().find((t) => t.what === 'the eventId and seq disagree')!;
    const marksLine = marks.text.split('\n')[marks.line - 1]!;
    expect(marks.line).toBeLessThan(bad.line);
    lines[marks.line - 1] = marksLine;
    lines[bad.line - 1] = badLines[bad.line - 1]!;
    const dir = tempFiles({ 'a.shard': lines.join('\n') });
    const r = cli('merge', join(dir, 'a.shard'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`flowledger merge: ${join(dir, 'a.shard')}:${bad.line}: ${bad.message}\n`);
  });
});
