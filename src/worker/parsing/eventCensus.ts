/**
 * What the ingestion preview says about the events a run will receive: one row per event name and
 * target DataSource (its count, its correlation ids, the fields a formula reads as `data.<field>`),
 * and — when a template is chosen — how many of them the template can consume
 * (src/engine/discovery/eventCoverage.ts). The events are the preview's parsed lines mapped exactly as
 * "Send to run" maps them, with the chosen DataSource as their target.
 */
import type { ExternalEvent } from '../../contract/vocabulary';
import type { EventCoverage } from '../../contract/coverage';
import type { EventNameRow, PreviewTemplate } from '../../contract/ingest';
import { loadScenario } from '../../engine/dsl';
import { eventCoverage } from '../../engine/discovery/eventCoverage';

/** Keys of an external event that address it rather than travel as token data. */
const ADDRESS = new Set(['targetDataSourceId']);

/** Pure: one row per (event name, target), most frequent first; ties by name. */
export function eventNameRows(events: readonly ExternalEvent[]): EventNameRow[] {
  const rows = new Map<string, EventNameRow & { ids: Set<string>; keys: Set<string> }>();
  for (const e of events) {
    const name = typeof e.event === 'string' ? e.event : String(e.event ?? '');
    const target = e.targetDataSourceId ?? '';
    const key = `${target}\u0000${name}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        name,
        target,
        count: 0,
        correlationIds: 0,
        exampleCorrelationId: null,
        fields: [],
        ids: new Set(),
        keys: new Set(),
      };
      rows.set(key, row);
    }
    row.count++;
    if (typeof e.correlationId === 'string') {
      row.ids.add(e.correlationId);
      row.exampleCorrelationId ??= e.correlationId;
    }
    for (const k of Object.keys(e)) if (!ADDRESS.has(k) && !row.keys.has(k)) (row.keys.add(k), row.fields.push(k));
  }
  return [...rows.values()]
    .map(({ ids, keys: _keys, ...row }) => ({ ...row, correlationIds: ids.size }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Pure: the events addressed to `target` as "Send to run" addresses them (unchanged for ''). */
export function addressedTo(events: readonly ExternalEvent[], target: string): readonly ExternalEvent[] {
  return target ? events.map((e) => ({ ...e, targetDataSourceId: target })) : events;
}

/** Pure: the coverage of `events` by the template; a template that does not load is a sentence. */
export function templateCoverage(
  events: readonly ExternalEvent[],
  template: PreviewTemplate,
): { coverage: EventCoverage } | { problem: string } {
  const loaded = loadScenario(template.scenario);
  if (!loaded.scenario) return { problem: 'The template does not load; open it in the editor to see why.' };
  return { coverage: eventCoverage(loaded.scenario, events) };
}
