/**
 * The view in the URL: template, execution, shown step, selected node and traced correlation id, as
 * query parameters (`?template=…&execution=…&step=…&node=…&diagram=1&lineage=…`), so a link reopens the same
 * view and a reload keeps it. Pure parse/format; the router (router.ts) reads and writes the address bar.
 */
import { parseDiscoverView, writeDiscoverView, type DiscoverView } from '../state/discovery/viewState';
import { DEFAULT_EXPERIMENT_VIEW, type ExperimentView } from '../state/simulation/viewState';

export interface RouteState {
  template: string | null;
  execution: string | null;
  /** The shown step; null: the execution's live step. */
  step: number | null;
  node: string | null;
  lineage: string | null;
  /** With `node` an FSM: its state diagram is drawn over the workflow graph (`diagram=1`). */
  diagram?: boolean;
  /**
   * A screen other than the workspace: authoring (`view=library`, `view=editor`), log ingestion
   * (`view=ingest`) or discovery (`view=discover`, with `template` and `execution` for a run's events); null: the workspace.
   */
  view?: AuthoringView | 'ingest' | 'discover' | 'experiment' | null;
  /** With `view=discover`: the map's mode, filters and shown variants (absent: the defaults). */
  discover?: DiscoverView;
  /** With `view=experiment` (and `template`): replications, the field varied and its values (`reps`, `vary`, `values`). */
  experiment?: ExperimentView;
}

/** The authoring screens; `editor` without `template` edits a new (unsaved) template. */
export type AuthoringView = 'library' | 'editor';
const VIEWS: readonly string[] = ['library', 'editor'];

export const EMPTY_ROUTE: RouteState = { template: null, execution: null, step: null, node: null, lineage: null };

const nonEmpty = (v: string | null): string | null => (v !== null && v.trim() !== '' ? v : null);

/** Pure. The route in a query string (`?…`, or without the `?`); unknown or malformed fields become null. */
export function parseRoute(search: string): RouteState {
  const q = new URLSearchParams(search);
  const stepText = q.get('step');
  const step = stepText !== null && /^\d{1,9}$/.test(stepText) ? Number(stepText) : null;
  const template = nonEmpty(q.get('template'));
  if (q.get('view') === 'ingest') return { ...EMPTY_ROUTE, view: 'ingest' };
  if (q.get('view') === 'discover') {
    const execution = template ? nonEmpty(q.get('execution')) : null;
    return {
      ...EMPTY_ROUTE,
      view: 'discover',
      template: execution ? template : null,
      execution,
      discover: parseDiscoverView(q),
    };
  }
  if (q.get('view') === 'experiment' && template) {
    const reps = q.get('reps');
    return {
      ...EMPTY_ROUTE,
      view: 'experiment',
      template,
      experiment: {
        replications:
          reps !== null && /^\d{1,3}$/.test(reps) && Number(reps) >= 2
            ? Number(reps)
            : DEFAULT_EXPERIMENT_VIEW.replications,
        vary: nonEmpty(q.get('vary')),
        values: nonEmpty(q.get('values')),
      },
    };
  }
  const viewText = q.get('view');
  const view = viewText !== null && VIEWS.includes(viewText) ? (viewText as AuthoringView) : null;
  if (view) return { ...EMPTY_ROUTE, view, template: view === 'editor' ? template : null };
  return {
    template,
    // The other fields only mean something inside a template.
    execution: template ? nonEmpty(q.get('execution')) : null,
    step: template ? step : null,
    node: template ? nonEmpty(q.get('node')) : null,
    lineage: template ? nonEmpty(q.get('lineage')) : null,
    ...(template && nonEmpty(q.get('node')) && q.get('diagram') === '1' ? { diagram: true } : {}),
  };
}

/** Pure. The query string of `route` (with `?`, or '' for the empty route); fields in a fixed order. */
export function formatRoute(route: RouteState): string {
  const q = new URLSearchParams();
  if (route.view === 'ingest') return '?view=ingest';
  if (route.view === 'discover') {
    q.set('view', 'discover');
    if (route.template && route.execution) {
      q.set('template', route.template);
      q.set('execution', route.execution);
    }
    if (route.discover) writeDiscoverView(q, route.discover);
    return `?${q.toString()}`;
  }
  if (route.view === 'experiment' && route.template) {
    q.set('view', 'experiment');
    q.set('template', route.template);
    const e = route.experiment;
    if (e && e.replications !== DEFAULT_EXPERIMENT_VIEW.replications) q.set('reps', String(e.replications));
    if (e?.vary) q.set('vary', e.vary);
    if (e?.values) q.set('values', e.values);
    return `?${q.toString()}`;
  }
  if (route.view) {
    q.set('view', route.view);
    if (route.view === 'editor' && route.template) q.set('template', route.template);
    return `?${q.toString()}`;
  }
  if (route.template) {
    q.set('template', route.template);
    if (route.execution) q.set('execution', route.execution);
    if (route.step !== null) q.set('step', String(route.step));
    if (route.node) q.set('node', route.node);
    if (route.node && route.diagram) q.set('diagram', '1');
    if (route.lineage) q.set('lineage', route.lineage);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Pure. The link that opens a template (its most recent execution, chosen when it opens). */
export function templateHref(templateId: string): string {
  return formatRoute({ ...EMPTY_ROUTE, template: templateId });
}

/** Pure. The link that opens the Experiment view on a template. */
export function experimentHref(templateId: string): string {
  return formatRoute({ ...EMPTY_ROUTE, view: 'experiment', template: templateId });
}

/** Pure. The link to the log ingestion screens. */
export const INGEST_HREF = '?view=ingest';
