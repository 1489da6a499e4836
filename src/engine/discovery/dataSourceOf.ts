/** The DataSource a log's events address, so a template discovered from them takes them unchanged. */

/** Pure: the most common `targetDataSourceId` of `events` (of two with the same count, the one that reached it first), or "events" when none has one. */
export function dataSourceOf(events: readonly unknown[]): string {
  const counts = new Map<string, number>();
  let best = 'events';
  let bestCount = 0;
  for (const e of events) {
    const t = e !== null && typeof e === 'object' ? (e as Record<string, unknown>)['targetDataSourceId'] : undefined;
    if (typeof t !== 'string' || t === '') continue;
    const n = (counts.get(t) ?? 0) + 1;
    counts.set(t, n);
    if (n > bestCount) {
      best = t;
      bestCount = n;
    }
  }
  return best;
}
