/**
 * A sparkline's SVG path for a small series (the Inspector's Sink value over steps). Pure: points in,
 * a path in a `width`×`height` box out; the value axis starts at 0 unless values go below it.
 */

/** Pure. `M…L…` through the points, x by step, y by value (top = max). Empty series: ''. */
export function sparkPath(points: readonly { step: number; value: number }[], width: number, height: number): string {
  if (points.length === 0) return '';
  const steps = points.map((p) => p.step);
  const values = points.map((p) => p.value);
  const x0 = Math.min(...steps);
  const x1 = Math.max(...steps);
  const lo = Math.min(0, ...values);
  const hi = Math.max(...values);
  const sx = (s: number) => (x1 === x0 ? width / 2 : ((s - x0) / (x1 - x0)) * width);
  const sy = (v: number) => (hi === lo ? height : height - ((v - lo) / (hi - lo)) * height);
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(sx(p.step))},${round(sy(p.value))}`).join('');
}

const round = (n: number) => Math.round(n * 10) / 10;
