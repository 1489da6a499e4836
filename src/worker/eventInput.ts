/**
 * Adding external events from a request body to a run's queue. All or none: an event whose
 * `targetDataSourceId` is not a DataSource of the scenario is UNKNOWN_DATA_SOURCE (400), any other
 * malformed event BAD_REQUEST (400), and in both cases nothing is added.
 */
import type { Engine } from '../engine';
import type { ExternalEvent } from '../engine/types';
import { Failure } from './result';

/**
 * Not pure: adds `value` (which must be an array of events) to `engine`'s external queue; returns
 * the events as added. `path` is where the array sits in the request body (for error details).
 */
export function addEvents(engine: Engine, value: unknown, path: string): ExternalEvent[] {
  if (!Array.isArray(value))
    throw new Failure('BAD_REQUEST', `"${path.slice(1)}" must be an array of events`, {
      issues: [{ path, message: 'expected an array' }],
    });
  const sources = new Set(engine.scenario.nodes.filter((n) => n.type === 'DataSource').map((n) => n.nodeId));
  for (let i = 0; i < value.length; i++) {
    const event = value[i] as unknown;
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
  const added = engine.getExternalEventQueue().addEvents(value);
  if (!added.ok) {
    throw new Failure('BAD_REQUEST', `Event ${added.index}: ${added.error}; no events were added`, {
      index: added.index,
      issues: [{ path: `${path}/${added.index}`, message: added.error }],
    });
  }
  return value as ExternalEvent[];
}
