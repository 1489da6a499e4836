/**
 * What the uPlot histograms share (the case durations of the performance map, the replications of
 * an experiment): their axes, their bars, a vertical mark across the plot, and the plot mounted in
 * an element, redrawn in the new colours on a theme switch (the root's `data-theme`).
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface HistogramPlot {
  resize(width: number): void;
  destroy(): void;
}

/** The narrowest a histogram is drawn, in CSS pixels. */
const MIN_WIDTH = 160;

/** Pure: `width` as the plot's width (whole pixels, at least MIN_WIDTH). */
export function plotWidth(width: number): number {
  return Math.max(MIN_WIDTH, Math.floor(width));
}

/** Pure: an axis in `color` with a light grid, `size` pixels deep. */
export function histogramAxis(color: string, size: number): uPlot.Axis {
  const gridColor = 'rgba(127,127,127,0.25)';
  return {
    stroke: color,
    grid: { stroke: gridColor, width: 1 },
    ticks: { stroke: gridColor, width: 1, size: 4 },
    font: '11px system-ui, sans-serif',
    size,
  };
}

/** Not pure (uPlot's path builder): bars 90 % of a bin wide, left-aligned on their x. */
export function histogramBars(): uPlot.Series.PathBuilder {
  return uPlot.paths.bars!({ size: [0.9, Infinity], align: 0 });
}

/** Not pure (draws on `u`'s canvas): a vertical line across the plot at canvas x `x`. */
export function markX(u: uPlot, x: number, color: string, dash: number[] = []): void {
  const ctx = u.ctx;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.setLineDash(dash);
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x, u.bbox.top);
  ctx.lineTo(x, u.bbox.top + u.bbox.height);
  ctx.stroke();
  ctx.restore();
}

/**
 * Not pure: the plot of `data` inside `el`, its options made by `options` from the axis colour (`el`'s
 * text colour) and the current width; rebuilt on a theme switch, resized in place.
 */
export function mountHistogram(
  el: HTMLElement,
  o: { width: number; height: number; data: uPlot.AlignedData },
  options: (axisColor: string, width: number) => uPlot.Options,
): HistogramPlot {
  let width = o.width;
  let plot: uPlot | null = null;
  const build = () => {
    plot?.destroy();
    plot = new uPlot(options(getComputedStyle(el).color, width), o.data, el);
  };
  build();
  const theme = new MutationObserver(build);
  theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return {
    resize(w) {
      width = w;
      plot?.setSize({ width: plotWidth(w), height: o.height });
    },
    destroy() {
      theme.disconnect();
      plot?.destroy();
      plot = null;
    },
  };
}
