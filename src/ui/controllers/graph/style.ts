/**
 * The graph's Cytoscape stylesheet for a theme. Pure: built from KIND_LOOKS (shared with the legend)
 * and a small palette, so light and dark differ only in colours.
 */
import { KIND_LOOKS } from './kinds';
import { NODE_FONT_PX } from './legibility';

export type Theme = 'light' | 'dark';

export interface StyleRule {
  selector: string;
  style: Record<string, string | number | ((ele: EleLike) => number)>;
}

/** What a style function reads of an element. */
interface EleLike {
  cy(): { zoom(): number };
  scratch(key: string): unknown;
}

/** A waiting edge's count badge is this many px on screen, whatever the zoom. */
export const BADGE_PX = 11;
/** The scratch key where the token layer keeps a badge's offset from its edge's midpoint (graph units). */
export const BADGE_SCRATCH = '_flowledgerBadge';

/** Pure. `px` screen pixels in graph units at `ele`'s zoom (a size that does not scale with the graph). */
const screenPx = (px: number) => (ele: EleLike) => px / ele.cy().zoom();
const badgeOffset = (axis: 'x' | 'y') => (ele: EleLike) => {
  const o = ele.scratch(BADGE_SCRATCH) as { x: number; y: number } | undefined;
  return o ? o[axis] : 0;
};

export const PALETTE = {
  light: {
    text: '#1c2533',
    bg: '#ffffff',
    edge: '#94a3b8',
    wait: '#c2410c',
    onWait: '#ffffff',
    // The "acted" ring: at least 3:1 against the canvas (amber-700; amber-500 was 2.1:1 on white).
    acted: '#b45309',
    path: '#db2777',
    sel: '#2563eb',
  },
  dark: {
    text: '#e6edf6',
    bg: '#111827',
    edge: '#64748b',
    wait: '#fb923c',
    onWait: '#111827',
    acted: '#fbbf24',
    path: '#f472b6',
    sel: '#60a5fa',
  },
} as const;

/** Pure. The stylesheet for `theme`. */
export function graphStyle(theme: Theme): StyleRule[] {
  const p = PALETTE[theme];
  const rules: StyleRule[] = [
    {
      selector: 'node',
      style: {
        label: 'data(label)',
        'text-wrap': 'wrap',
        'text-max-width': '150px',
        'text-valign': 'bottom',
        'text-margin-y': 6,
        'font-size': NODE_FONT_PX,
        'line-height': 1.3,
        color: p.text,
        'text-background-color': p.bg,
        'text-background-opacity': 0.85,
        'text-background-padding': '2px',
        'text-background-shape': 'roundrectangle',
        width: 52,
        height: 38,
        'border-width': 2,
        'border-color': p.bg,
        'transition-property': 'border-color, border-width, outline-width',
        'transition-duration': 150,
      },
    },
  ];
  for (const look of KIND_LOOKS)
    rules.push({ selector: `node.kind-${look.kind}`, style: { shape: look.shape, 'background-color': look[theme] } });
  rules.push(
    {
      selector: 'edge',
      style: {
        width: 2,
        'line-color': p.edge,
        'target-arrow-color': p.edge,
        'target-arrow-shape': 'triangle',
        'curve-style': 'bezier',
      },
    },
    // Only an edge with tokens waiting has a label (`N waiting`): an edge without one then costs
    // no label layout at all, which on a 500-edge graph is a tenth of its first drawing. The label is
    // a badge of a fixed screen size (its font follows the zoom), and the token layer
    // (tokenLayer.ts) moves it along its edge so that no two badges overlap.
    {
      selector: 'edge.waiting',
      style: {
        'line-color': p.wait,
        'target-arrow-color': p.wait,
        width: 3,
        label: 'data(label)',
        'font-size': screenPx(BADGE_PX),
        'font-weight': 600,
        color: p.onWait,
        'text-background-color': p.wait,
        'text-background-opacity': 1,
        'text-background-padding': screenPx(3),
        'text-background-shape': 'roundrectangle',
        'text-margin-x': badgeOffset('x'),
        'text-margin-y': badgeOffset('y'),
      },
    },
    // A badge the token layer found no room for: hidden rather than drawn over another.
    { selector: 'edge.crowded', style: { label: '' } },
    // Zoomed out past the readable level (legibility.ts): no label rather than an unreadable one.
    { selector: 'node.far', style: { label: '' } },
    // A solid ring a little outside the node: opaque, so it keeps its contrast in both themes (a
    // translucent glow turned olive on the dark canvas).
    {
      selector: 'node.acted',
      style: { 'outline-color': p.acted, 'outline-width': 3, 'outline-offset': 3, 'outline-opacity': 1 },
    },
    { selector: 'node.path', style: { 'border-color': p.path, 'border-width': 4 } },
    { selector: 'edge.path', style: { 'line-color': p.path, 'target-arrow-color': p.path, width: 4 } },
    { selector: 'node:selected', style: { 'border-color': p.sel, 'border-width': 4 } },
  );
  return rules;
}
