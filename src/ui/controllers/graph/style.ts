/**
 * The graph's Cytoscape stylesheet for a theme. Pure: built from KIND_LOOKS (shared with the legend)
 * and a small palette, so light and dark differ only in colours.
 */
import { KIND_LOOKS } from './kinds';

export type Theme = 'light' | 'dark';

export interface StyleRule {
  selector: string;
  style: Record<string, string | number>;
}

const PALETTE = {
  light: {
    text: '#1c2533',
    bg: '#ffffff',
    edge: '#94a3b8',
    wait: '#c2410c',
    acted: '#f59e0b',
    path: '#db2777',
    sel: '#2563eb',
  },
  dark: {
    text: '#e6edf6',
    bg: '#111827',
    edge: '#64748b',
    wait: '#fb923c',
    acted: '#fbbf24',
    path: '#f472b6',
    sel: '#60a5fa',
  },
} as const;

/** Labels that would be drawn smaller than this many pixels are left out (unreadable anyway). */
export const MIN_LABEL_PX = 3;

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
        'font-size': 12,
        // Labels smaller than this on screen are not drawn (a 500-node graph fitted to the view is
        // at a tenth of its size, where a label is a smudge); zoom in and they are there.
        'min-zoomed-font-size': MIN_LABEL_PX,
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
        'transition-property': 'border-color, border-width, underlay-opacity',
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
    // no label layout at all, which on a 500-edge graph is a tenth of its first drawing.
    {
      selector: 'edge.waiting',
      style: {
        'line-color': p.wait,
        'target-arrow-color': p.wait,
        width: 3,
        label: 'data(label)',
        'font-size': 10,
        'min-zoomed-font-size': MIN_LABEL_PX,
        color: p.wait,
        'text-background-color': p.bg,
        'text-background-opacity': 0.9,
        'text-background-padding': '2px',
        'text-rotation': 'autorotate',
      },
    },
    {
      selector: 'node.acted',
      style: { 'underlay-color': p.acted, 'underlay-opacity': 0.55, 'underlay-padding': 7, 'border-color': p.acted },
    },
    { selector: 'node.path', style: { 'border-color': p.path, 'border-width': 4 } },
    { selector: 'edge.path', style: { 'line-color': p.path, 'target-arrow-color': p.path, width: 4 } },
    { selector: 'node:selected', style: { 'border-color': p.sel, 'border-width': 4 } },
  );
  return rules;
}
