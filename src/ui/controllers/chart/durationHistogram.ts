/**
 * The case-duration histogram of the performance map (issue 42): uPlot bars over the answer's
 * `durationBins` with the median marked by a dashed line. Building the data is pure
 * (`histogramData`); drawing needs a canvas.
 */
import type uPlot from 'uplot';
import type { DurationBin } from '../../../contract/discovery';
import { formatMs } from '../../state/discovery/tables';
import { histogramAxis, histogramBars, type HistogramPlot, markX, mountHistogram, plotWidth } from './histogramPlot';

/** Pure. uPlot's data: x = each bar's middle, y = its cases. */
export function histogramData(bins: readonly DurationBin[]): [number[], number[]] {
  return [bins.map((b) => (b.fromMs + b.toMs) / 2), bins.map((b) => b.count)];
}

export type HistogramController = HistogramPlot;

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
  const options = (axisColor: string, width: number): uPlot.Options => {
    const axis = (size: number) => histogramAxis(axisColor, size);
    const median: uPlot.Plugin = {
      hooks: { draw: (u) => markX(u, Math.round(u.valToPos(o.medianMs, 'x', true)), axisColor, [5, 4]) },
    };
    return {
      width: plotWidth(width),
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
          paths: histogramBars(),
          points: { show: false },
        },
      ],
      plugins: [median],
    };
  };
  return mountHistogram(el, { width: o.width, height: o.height, data }, options);
}
