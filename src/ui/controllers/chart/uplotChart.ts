/**
 * The Charts panel's one third-party widget, uPlot, behind a framework-free controller:
 * `createChart(el, opts)` → `setData`, `setMarker`, `resize`, `destroy`. A stacked area is drawn as
 * running sums, the largest band first, so each band paints over the one above it. Building the
 * options and the data is pure (`chartOptions`, `chartData`) and tested in Node; only drawing needs
 * a canvas.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { stack, type ChartSeries } from './series';

/** Colours that read on light and dark surfaces alike; series i takes `PALETTE[i % length]`. */
export const PALETTE = ['#2f80ed', '#27ae60', '#f2994a', '#9b51e0', '#eb5757', '#00a3a3', '#c0a000', '#7f8c9d'];

export interface ChartOptions {
  width: number;
  height: number;
  /** Series names, in data order. */
  labels: readonly string[];
  /** Draw as a stacked area (else lines). */
  stacked: boolean;
  /** Colour of axes and their labels (the theme's text colour). */
  axisColor: string;
  /** Colour of grid lines. */
  gridColor: string;
}

/** Pure: the colour of series `i`. */
export function seriesColor(i: number): string {
  return PALETTE[i % PALETTE.length]!;
}

/** Pure: draw order of the series (stacked: the largest running sum first). */
export function drawOrder(count: number, stacked: boolean): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  return stacked ? order.reverse() : order;
}

/** Pure: uPlot's aligned data for `series` (x = steps; stacked series as running sums, in draw order). */
export function chartData(series: ChartSeries, stacked: boolean): [number[], ...number[][]] {
  const ys = stacked ? stack(series.values) : series.values.map((v) => [...v]);
  return [series.steps, ...drawOrder(ys.length, stacked).map((i) => ys[i]!)];
}

/** Pure: uPlot options for a chart of `opts.labels` (no legend: the panel writes its own as text). */
export function chartOptions(opts: ChartOptions, plugins: uPlot.Plugin[] = []): uPlot.Options {
  // Counts are whole numbers: ticks step by 1, 2, 5, 10, … (never 2.5).
  const incrs = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6];
  const axis = (size: number): uPlot.Axis => ({
    stroke: opts.axisColor,
    grid: { stroke: opts.gridColor, width: 1 },
    ticks: { stroke: opts.gridColor, width: 1, size: 4 },
    font: '11px system-ui, sans-serif',
    incrs,
    size,
  });
  return {
    width: Math.max(120, Math.floor(opts.width)),
    height: Math.max(80, Math.floor(opts.height)),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [axis(26), axis(40)],
    series: [
      {},
      ...drawOrder(opts.labels.length, opts.stacked).map((i) => ({
        label: opts.labels[i]!,
        stroke: seriesColor(i),
        width: 2,
        fill: opts.stacked ? seriesColor(i) + 'cc' : undefined,
        points: { show: false },
      })),
    ],
    plugins,
  };
}

export interface ChartController {
  /** Replaces the data; a new set of labels rebuilds the chart. */
  setData(series: ChartSeries): void;
  /** Draws a vertical marker at `step` (the shown step), or none. */
  setMarker(step: number | null): void;
  resize(width: number, height: number): void;
  destroy(): void;
}

/** Not pure: a uPlot chart inside `el`. */
export function createChart(el: HTMLElement, opts: ChartOptions & { series: ChartSeries }): ChartController {
  let marker: number | null = null;
  let current = opts;
  let plot: uPlot | null = null;
  const markerPlugin: uPlot.Plugin = {
    hooks: {
      draw: (u) => {
        if (marker === null) return;
        const x = Math.round(u.valToPos(marker, 'x', true));
        const ctx = u.ctx;
        ctx.save();
        ctx.strokeStyle = current.axisColor;
        ctx.setLineDash([4, 4]);
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(x, u.bbox.top);
        ctx.lineTo(x, u.bbox.top + u.bbox.height);
        ctx.stroke();
        ctx.restore();
      },
    },
  };
  function build(): void {
    plot?.destroy();
    plot = new uPlot(chartOptions(current, [markerPlugin]), chartData(current.series, current.stacked), el);
  }
  build();
  return {
    setData(series) {
      const same =
        series.labels.length === current.series.labels.length &&
        series.labels.every((l, i) => l === current.series.labels[i]);
      current = { ...current, series, labels: series.labels };
      if (same && plot) plot.setData(chartData(series, current.stacked));
      else build();
    },
    setMarker(step) {
      marker = step;
      plot?.redraw(false, false);
    },
    resize(width, height) {
      current = { ...current, width, height };
      plot?.setSize({ width: Math.max(120, Math.floor(width)), height: Math.max(80, Math.floor(height)) });
    },
    destroy() {
      plot?.destroy();
      plot = null;
    },
  };
}
