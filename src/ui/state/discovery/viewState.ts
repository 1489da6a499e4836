/**
 * The Discover screen's view in the address (issue 42): the map's mode, the Activities and Paths
 * filters and the variants shown on the map, as query parameters beside `view=discover`
 * (`mode=performance&activities=60&paths=80&variants=1,3`), so a link or a reload reopens them.
 * Defaults are left out of the address. Pure parse and format; routes.ts puts them in the route.
 */
import type { MapMode } from './performance';

export interface DiscoverView {
  mode: MapMode;
  /** The sliders, whole percentages 1–100 (100 keeps everything). */
  activities: number;
  paths: number;
  /** The variants shown on the map: ranks (1 = the most frequent) in the filtered graph, ascending, distinct. */
  variants: number[];
}

export const DEFAULT_DISCOVER_VIEW: DiscoverView = { mode: 'frequency', activities: 100, paths: 100, variants: [] };

/** Most variants one address selects (a longer list is cut): keeps links short. */
export const MAX_SELECTED_VARIANTS = 50;

const percent = (text: string | null): number => {
  if (text === null || !/^\d{1,3}$/.test(text)) return 100;
  const n = Number(text);
  return n >= 1 && n <= 100 ? n : 100;
};

/** Pure. Ranks ascending and distinct, whole and ≥ 1, at most MAX_SELECTED_VARIANTS. */
export function normalVariants(ranks: readonly number[]): number[] {
  const ok = ranks.filter((r) => Number.isInteger(r) && r >= 1 && r <= 1e9);
  return [...new Set(ok)].sort((a, b) => a - b).slice(0, MAX_SELECTED_VARIANTS);
}

/** Pure. The view in query parameters; anything missing or malformed takes its default. */
export function parseDiscoverView(q: URLSearchParams): DiscoverView {
  const list = q.get('variants');
  const variants = list ? normalVariants(list.split(',').map((s) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN))) : [];
  return {
    mode: q.get('mode') === 'performance' ? 'performance' : 'frequency',
    activities: percent(q.get('activities')),
    paths: percent(q.get('paths')),
    variants,
  };
}

/** Pure. Sets the view's query parameters on `q` (in a fixed order), leaving defaults out. */
export function writeDiscoverView(q: URLSearchParams, v: DiscoverView): void {
  if (v.mode !== 'frequency') q.set('mode', v.mode);
  if (v.activities !== 100) q.set('activities', String(v.activities));
  if (v.paths !== 100) q.set('paths', String(v.paths));
  const ranks = normalVariants(v.variants);
  if (ranks.length > 0) q.set('variants', ranks.join(','));
}
