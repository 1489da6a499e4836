/** The play speeds the transport offers, in steps per second; 0 means as fast as the machine goes. */
export const SPEEDS = [1, 2, 4, 10, 30, 0] as const;

/**
 * Pure. The next `Max`-speed batch after a tick of `batch` steps took `ms`. A tick is one service
 * call (the worker runs the steps and commits them) and one redraw; the worker's time does not block
 * the page, so the aim is 50–150 ms a tick — several redraws a second — with the batch doubling
 * while a tick is quicker and halving when it is slower.
 */
export function nextBatch(batch: number, ms: number): number {
  if (ms < 50) return Math.min(batch * 2, 16_384);
  if (ms > 150) return Math.max(1, Math.floor(batch / 2));
  return batch;
}
