/**
 * Where the Discover screen's events come from — a parse of the ingestion screen's source with its
 * current configuration, or a stored run's events — and how the screen names it. Pure builders, so
 * the ingestion screen, the run bar and the route hand the screen the same shape.
 */
import type { EventSource } from '../../../contract/discovery';
import { EMPTY_ROUTE, formatRoute } from '../../context/routes';

export interface DiscoverSource {
  source: EventSource;
  /** How the screen names it: `the parse of openssh-2k.log`, `run abc of SSH sessions`. */
  label: string;
  /** The name a created template gets. */
  name: string;
}

/** Pure. A parse in the worker of the stored source(s) the configuration names. */
export function parseSource(config: Record<string, unknown>, sourceName: string): DiscoverSource {
  return {
    source: { parse: { config } },
    label: `the parse of ${sourceName}`,
    name: `Discovered from ${sourceName}`,
  };
}

/** Pure. A stored run's external events (as given to it). */
export function runSource(templateId: string, executionId: string, templateName?: string | null): DiscoverSource {
  const of = templateName ? templateName : templateId;
  return {
    source: { execution: { templateId, executionId, from: 'events' } },
    label: `the events of run ${executionId} of ${of}`,
    name: `Discovered from ${of}`,
  };
}

/**
 * Pure. The workspace link that traces case `caseId` in the source's run, shown at `step` when given
 * (a deviating case opens at the step its first refused event was processed in); null for a parse
 * (no run to open).
 */
export function caseHref(from: DiscoverSource, caseId: string, step: number | null = null): string | null {
  if (!('execution' in from.source)) return null;
  const { templateId, executionId } = from.source.execution;
  return formatRoute({ ...EMPTY_ROUTE, template: templateId, execution: executionId, step, lineage: caseId });
}
