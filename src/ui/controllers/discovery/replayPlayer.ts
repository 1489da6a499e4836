/**
 * The replay's clock (issue 42): plays log time from a start to an end at a rate (log ms per second),
 * paused, sought or played again, and reports each new time. With `prefers-reduced-motion` it never
 * animates: playing steps the time once a second by the same rate, so the readout and the counts
 * move in steps and no token glides. Framework-free; the Discover screen's replay state drives it.
 */

export interface ReplayPlayer {
  play(): void;
  pause(): void;
  seek(t: number): void;
  /** Log milliseconds per second of playing. */
  setRate(msPerSecond: number): void;
  readonly playing: boolean;
  destroy(): void;
}

/** Not pure (DOM): whether the person asked for reduced motion. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Not pure (animation frames or a timer): a player over [startMs, endMs] calling `onTime` with each
 * new time and `onState` when it starts or stops (it stops by itself at the end).
 */
export function createReplayPlayer(opts: {
  startMs: number;
  endMs: number;
  rate: number;
  reducedMotion: boolean;
  onTime: (t: number) => void;
  onState: (playing: boolean) => void;
}): ReplayPlayer {
  let t = opts.startMs;
  let rate = opts.rate;
  let playing = false;
  let frame = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let last = 0;
  const stop = () => {
    if (frame) cancelAnimationFrame(frame);
    if (timer !== null) clearInterval(timer);
    frame = 0;
    timer = null;
    if (playing) {
      playing = false;
      opts.onState(false);
    }
  };
  const advance = (ms: number) => {
    t = Math.min(opts.endMs, t + ms);
    opts.onTime(t);
    if (t >= opts.endMs) stop();
  };
  const tick = (now: number) => {
    const dt = Math.min(250, now - last);
    last = now;
    advance((dt / 1000) * rate);
    if (playing) frame = requestAnimationFrame(tick);
  };
  return {
    get playing() {
      return playing;
    },
    play() {
      if (playing) return;
      if (t >= opts.endMs) {
        t = opts.startMs;
        opts.onTime(t);
      }
      playing = true;
      opts.onState(true);
      if (opts.reducedMotion) timer = setInterval(() => advance(rate), 1000);
      else {
        last = performance.now();
        frame = requestAnimationFrame(tick);
      }
    },
    pause: stop,
    seek(to) {
      t = Math.min(opts.endMs, Math.max(opts.startMs, to));
      opts.onTime(t);
    },
    setRate(r) {
      rate = r;
    },
    destroy: stop,
  };
}
