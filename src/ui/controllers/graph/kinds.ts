/**
 * How each node kind looks: a shape and a colour pair (light, dark), used by the graph's stylesheet and
 * by the legend, so the two can never disagree. Shapes differ as well as colours, so the kinds stay
 * distinct for people who cannot tell the colours apart.
 */
import type { NodeKind } from './model';

export interface KindLook {
  kind: NodeKind;
  /** Cytoscape node shape. */
  shape: 'round-rectangle' | 'ellipse' | 'diamond' | 'hexagon' | 'barrel' | 'tag' | 'rectangle';
  /** Legend wording. */
  label: string;
  light: string;
  dark: string;
}

export const KIND_LOOKS: readonly KindLook[] = [
  { kind: 'DataSource', shape: 'tag', label: 'Data source', light: '#1d7f5f', dark: '#3ccf9c' },
  { kind: 'ProcessNode', shape: 'round-rectangle', label: 'Process', light: '#2f6fde', dark: '#6ea8ff' },
  { kind: 'FSM', shape: 'hexagon', label: 'State machine', light: '#8a4fd8', dark: '#b995ff' },
  { kind: 'Aggregator', shape: 'barrel', label: 'Aggregator', light: '#b86e00', dark: '#f2a93b' },
  { kind: 'Multiplexer', shape: 'diamond', label: 'Multiplexer', light: '#c2410c', dark: '#ff8a5c' },
  { kind: 'Sink', shape: 'ellipse', label: 'Sink', light: '#475569', dark: '#a5b4c8' },
];

/** Pure. The look of `kind`. */
export function lookOf(kind: NodeKind): KindLook {
  const look = KIND_LOOKS.find((l) => l.kind === kind);
  if (!look) throw new Error(`lookOf: no look for node kind ${String(kind)}`);
  return look;
}
