/**
 * The map as a standalone SVG file (issue 42, `Export SVG`): the nodes and edges of the layout at
 * their positions, with the labels and figures the screen shows in its mode, in the theme's colours
 * given as plain values (a file cannot read the page's CSS variables). Written here rather than
 * copied from the page so the file holds nothing of the page but the drawing. Pure; all text escaped.
 */
import { NODE_H, NODE_W, type DfgLayout } from './layout';
import type { EdgeLook } from './performance';

export interface MapColours {
  background: string;
  surface: string;
  text: string;
  muted: string;
  line: string;
  accent: string;
  accentSoft: string;
  /** The colour of the slowest edge (performance mode). */
  hot: string;
}

/** Pure. Text for SVG character data and attribute values (`&`, `<`, `>`, quotes). */
export function svgText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const short = (s: string) => (s.length > 22 ? `${s.slice(0, 21)}…` : s);

/**
 * Pure. The SVG document of `layout` with `looks` (one per edge, edgeLooks) and each node's figure
 * line (`figures`, by node id), in `colours`; `title` names it.
 */
export function mapSvg(
  layout: DfgLayout,
  looks: readonly EdgeLook[],
  figures: ReadonlyMap<string, string>,
  colours: MapColours,
  title: string,
): string {
  const w = layout.width;
  const h = layout.height + 40;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="system-ui, sans-serif">`,
    `<title>${svgText(title)}</title>`,
    `<rect width="${w}" height="${h}" fill="${svgText(colours.background)}"/>`,
    `<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${svgText(colours.muted)}"/></marker></defs>`,
  ];
  layout.edges.forEach((e, i) => {
    const look = looks[i]!;
    const stroke = look.heat > 0 ? mix(colours.line, colours.hot, look.heat) : colours.line;
    out.push(
      `<path d="${e.d}" fill="none" stroke="${svgText(stroke)}" stroke-width="${round(look.width)}" marker-end="url(#a)"/>`,
    );
    if (look.label)
      out.push(
        `<text x="${round(e.lx)}" y="${round(e.ly)}" text-anchor="middle" font-size="11" fill="${svgText(colours.muted)}" stroke="${svgText(colours.background)}" stroke-width="3" paint-order="stroke">${svgText(look.label)}</text>`,
      );
  });
  for (const n of layout.nodes) {
    const fill = n.kind === 'activity' ? colours.surface : colours.accentSoft;
    const rx = n.kind === 'activity' ? 6 : NODE_H / 2;
    out.push(
      `<g transform="translate(${round(n.x)},${round(n.y)})">`,
      `<rect width="${NODE_W}" height="${NODE_H}" rx="${rx}" fill="${svgText(fill)}" stroke="${svgText(colours.accent)}" stroke-width="1.2"/>`,
      `<text x="${NODE_W / 2}" y="16" text-anchor="middle" font-size="12" font-weight="600" fill="${svgText(colours.text)}">${svgText(short(n.label))}</text>`,
      `<text x="${NODE_W / 2}" y="31" text-anchor="middle" font-size="11" fill="${svgText(colours.muted)}">${svgText(figures.get(n.id) ?? String(n.count))}</text>`,
      `</g>`,
    );
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Pure. `a` mixed towards `b` by `f` (0–1) for `#rrggbb` or `rgb(r, g, b)` colours; other forms give `b` at f ≥ 0.5, else `a`. */
export function mix(a: string, b: string, f: number): string {
  const pa = hex(a);
  const pb = hex(b);
  if (!pa || !pb) return f >= 0.5 ? b : a;
  const c = pa.map((x, i) => Math.round(x + (pb[i]! - x) * Math.min(1, Math.max(0, f))));
  return `#${c.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

function hex(c: string): number[] | null {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(c.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const m = /^#([0-9a-f]{6})$/i.exec(c.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
