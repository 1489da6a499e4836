/**
 * The histogram of one metric over an experiment's replications (docs/simulation.md, "On the
 * screen"): uPlot bars per variant over shared bins, each variant's mean as a solid line and its
 * 95 % interval as a shaded band. Building the data is pure (`replicationBins`); drawing needs a canvas.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Summary } from '../../state/simulation/summary';

/** Pure. Shared bins over every variant's values: x = each bin's middle, then per variant the replications in it. */
export function replicationBins(
  series: readonly (readonly number[])[],
  max = 12,
): { edges: number[]; data: number[][] } {
  const all = series.flat();
  if (all.length === 0) return { edges: [0, 1], data: [[0.5], ...series.map(() => [0])] };
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const n = Math.max(1, Math.min(max, Math.ceil(Math.sqrt(Math.max(...series.map((s) => s.length))))));
  const width = (hi - lo) / n;
  const edges = Array.from({ length: n + 1 }, (_, i) => lo + i * width);
  const mids = edges.slice(0, n).map((e) => e + width / 2);
  const counts = series.map((s) => {
    const c = new Array<number>(n).fill(0);
    for (const x of s) c[Math.min(n - 1, Math.floor((x - lo) / width))]!++;
    return c;
  });
  return { edges, data: [mids, ...counts] };
}

export interface ReplicationHistogram {
  resize(width: number): void;
  destroy(): void;
}

/** Not pure: the histogram inside `el` (axes in its text colour); a theme switch redraws it. */
export function createReplicationHistogram(
  el: HTMLElement,
  o: {
    series: readonly { label: string; xs: readonly number[]; summary: Summary }[];
    colors: readonly string[];
    width: number;
    height: number;
    format: (x: number) => string;
  },
): ReplicationHistogram {
  const { edges, data } = replicationBins(o.series.map((s) => s.xs));
  const lo = edges[0]!;
  const hi = edges[edges.length - 1]!;
  const span = hi - lo;
  let width = o.width;
  const options = (axisColor: string): uPlot.Options => {
    const gridColor = 'rgba(127,127,127,0.25)';
    const axis = (size: number): uPlot.Axis => ({
      stroke: axisColor,
      grid: { stroke: gridColor, width: 1 },
      ticks: { stroke: gridColor, width: 1, size: 4 },
      font: '11px system-ui, sans-serif',
      size,
    });
    const marks: uPlot.Plugin = {
      hooks: {
        draw: (u) => {
          const ctx = u.ctx;
          ctx.save();
          o.series.forEach((s, i) => {
            const color = o.colors[i % o.colors.length]!;
            const x0 = u.valToPos(s.summary.ci95[0], 'x', true);
            const x1 = u.valToPos(s.summary.ci95[1], 'x', true);
            ctx.fillStyle = color + '33';
            ctx.fillRect(Math.min(x0, x1), u.bbox.top, Math.max(2, Math.abs(x1 - x0)), u.bbox.height);
            const x = Math.round(u.valToPos(s.summary.mean, 'x', true));
            ctx.strokeStyle = color;
            ctx.lineWidth = 2;
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
          });
          ctx.restore();
        },
      },
    };
    return {
      width: Math.max(160, Math.floor(width)),
      height: o.height,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: () => [lo - span * 0.02, hi + span * 0.02] },
        y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        { ...axis(28), values: (_u, ticks) => ticks.map((v) => o.format(v)) },
        { ...axis(32), incrs: [1, 2, 5, 10, 20, 50, 100] },
      ],
      series: [
        {},
        ...o.series.map((s, i) => {
          const color = o.colors[i % o.colors.length]!;
          return {
            label: s.label,
            stroke: color,
            // Overlaid, translucent: where the variants' bars meet, both show.
            fill: color + '66',
            width: 1,
            paths: uPlot.paths.bars!({ size: [0.9, Infinity], align: 0 }),
            points: { show: false },
          } satisfies uPlot.Series;
        }),
      ],
      plugins: [marks],
    };
  };
  let plot: uPlot | null = null;
  const build = () => {
    plot?.destroy();
    plot = new uPlot(options(getComputedStyle(el).color), data as uPlot.AlignedData, el);
  };
  build();
  const theme = new MutationObserver(build);
  theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return {
    resize(w) {
      width = w;
      plot?.setSize({ width: Math.max(160, Math.floor(w)), height: o.height });
    },
    destroy() {
      theme.disconnect();
      plot?.destroy();
      plot = null;
    },
  };
}
