/**
 * Adding external events from a request body to a run's queue. All or none: an event whose
 * `targetDataSourceId` is not a DataSource of the scenario is UNKNOWN_DATA_SOURCE (400), any other
 * malformed event BAD_REQUEST (400), and in both cases nothing is added. The list itself is read
 * by the schema `EventList` (src/contract); each event is checked by the engine's queue.
 */
import { readBodyAs } from '../body';
import { EventList } from '../../contract/schemas';
import type { Engine } from '../../engine';
import type { ExternalEvent } from '../../engine/types';
import { Failure } from '../result';

/**
 * Not pure: adds `value` (which must be an array of events) to `engine`'s external queue; returns
 * the events as added. `path` is where the array sits in the request body (for error details).
 */
export function addEvents(engine: Engine, value: unknown, path: string): ExternalEvent[] {
  const list = readBodyAs(EventList, value, path);
  if (!list.ok)
    throw new Failure('BAD_REQUEST', `"${path.slice(1)}" must be an array of events`, { issues: list.issues });
  const sources = new Set(engine.scenario.nodes.filter((n) => n.type === 'DataSource').map((n) => n.nodeId));
  const events = list.value;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    const target =
      typeof event === 'object' && event !== null ? (event as Record<string, unknown>).targetDataSourceId : undefined;
    if (typeof target === 'string' && target !== '' && !sources.has(target)) {
      const known = [...sources].join(', ') || 'none';
      throw new Failure(
        'UNKNOWN_DATA_SOURCE',
        `Event ${i}: "targetDataSourceId" "${target}" is not a DataSource of the scenario (DataSources: ${known}); no events were added`,
        {
          index: i,
          targetDataSourceId: target,
          dataSources: [...sources],
          issues: [{ path: `${path}/${i}/targetDataSourceId`, message: `"${target}" is not a DataSource` }],
        },
      );
    }
  }
  const added = engine.getExternalEventQueue().addEvents(events);
  if (!added.ok) {
    throw new Failure('BAD_REQUEST', `Event ${added.index}: ${added.error}; no events were added`, {
      index: added.index,
      issues: [{ path: `${path}/${added.index}`, message: added.error }],
    });
  }
  return events as ExternalEvent[];
}
