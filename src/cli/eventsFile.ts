/**
 * Reading an events file (JSON array or NDJSON) for the discovery commands, and saying where a
 * problem is the way a person opens the file: `events.ndjson:12: field "event" …`.
 */
import type { CliIO } from './command';
import { readJsonOrNdjson } from './json';

export type EventsRead = { ok: true; values: unknown[]; lines?: number[] } | { ok: false; message: string };

/** Not pure: reads `file` through `io` as events. */
export async function readEventsFile(io: CliIO, file: string): Promise<EventsRead> {
  return readJsonOrNdjson(await io.readFile(file), file);
}

/** Pure: `file:line:` of event `index` (its 1-based line in NDJSON; `event N` in a JSON array). */
export function whereIs(file: string, read: { lines?: number[] }, index: number): string {
  const line = read.lines?.[index];
  return line === undefined ? `${file}: event ${index + 1}:` : `${file}:${line}:`;
}
