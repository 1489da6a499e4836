/**
 * The case-duration histogram of the performance map (issue 42): uPlot bars over the answer's
 * `durationBins` with the median marked by a dashed line. Building the data is pure
 * (`histogramData`); drawing needs a canvas.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DurationBin } from '../../../contract/discovery';
import { formatMs } from '../../state/discovery/tables';

/** Pure. uPlot's data: x = each bar's middle, y = its cases. */
export function histogramData(bins: readonly DurationBin[]): [number[], number[]] {
  return [bins.map((b) => (b.fromMs + b.toMs) / 2), bins.map((b) => b.count)];
}

export interface HistogramController {
  resize(width: number): void;
  destroy(): void;
}

/**
 * Not pure: the histogram inside `el`, `median` (ms) marked, axes in `el`'s text colour, bars in
 * `barColor`. A theme switch (the root's `data-theme`) redraws it in the new colours.
 */
export function createDurationHistogram(
  el: HTMLElement,
  o: { bins: readonly DurationBin[]; medianMs: number; width: number; height: number; barColor: string },
): HistogramController {
  const data = histogramData(o.bins);
  const span = o.bins.length > 0 ? o.bins[o.bins.length - 1]!.toMs - o.bins[0]!.fromMs : 0;
  const lo = o.bins.length > 0 ? o.bins[0]!.fromMs : 0;
  const hi = o.bins.length > 0 ? o.bins[o.bins.length - 1]!.toMs : 1;
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
    const median: uPlot.Plugin = {
      hooks: {
        draw: (u) => {
          const x = Math.round(u.valToPos(o.medianMs, 'x', true));
          const ctx = u.ctx;
          ctx.save();
          ctx.strokeStyle = axisColor;
          ctx.setLineDash([5, 4]);
          ctx.lineWidth = 2;
          ctx.beginPath();
          ctx.moveTo(x, u.bbox.top);
          ctx.lineTo(x, u.bbox.top + u.bbox.height);
          ctx.stroke();
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
        x: { time: false, range: () => (span > 0 ? [lo, hi] : [lo - 1, lo + 1]) },
        y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        { ...axis(28), values: (_u, ticks) => ticks.map((v) => formatMs(v)) },
        { ...axis(36), incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4] },
      ],
      series: [
        {},
        {
          label: 'Cases',
          stroke: o.barColor,
          fill: o.barColor + '99',
          width: 1,
          paths: uPlot.paths.bars!({ size: [0.9, Infinity], align: 0 }),
          points: { show: false },
        },
      ],
      plugins: [median],
    };
  };
  let plot: uPlot | null = null;
  const build = () => {
    plot?.destroy();
    plot = new uPlot(options(getComputedStyle(el).color), data, el);
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
