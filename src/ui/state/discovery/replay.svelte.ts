/**
 * The Discover screen's replay (issue 42, docs/discovery.md, "Replay"): the cases played over the map
 * at log time. The model (which case is where at t) is pure (replayModel.ts); the clock is the
 * player (controllers/discovery/replayPlayer.ts); this joins them for the components: the time and its
 * readout, playing or not, the speed, the counts per activity and the tokens' places on the map.
 */
import type { CaseTimeline } from '../../../contract/discovery';
import { createReplayPlayer, prefersReducedMotion, type ReplayPlayer } from '../../controllers/discovery/replayPlayer';
import type { DfgLayout } from './layout';
import {
  buildReplay,
  defaultSpeed,
  formatLogTime,
  pointAlong,
  REPLAY_RATES,
  replayAt,
  spansYears,
  WHOLE_IN_S,
  type ReplayModel,
} from './replayModel';
import { edgeKey } from './variantsOnMap';
import { formatMs } from './tables';

/** Most tokens drawn at once; the counts stay whole. */
export const MAX_TOKENS = 400;

export class ReplayState {
  /** The replay is open (counts on the map follow it) — from the first Replay until Close. */
  open = $state(false);
  playing = $state(false);
  t = $state(0);
  /** Index into REPLAY_RATES; its length: the whole log in 30 s. */
  speed = $state(1);
  readonly reducedMotion = prefersReducedMotion();
  model = $state.raw<ReplayModel | null>(null);
  private player: ReplayPlayer | null = null;
  readonly frame = $derived(this.open && this.model ? replayAt(this.model, this.t) : null);
  readonly readout = $derived(
    this.model ? formatLogTime(this.t, spansYears(this.model.startMs, this.model.endMs)) : '',
  );

  /** Not pure: opens the replay over `layout`'s activities from `timeline`, at its start, playing. */
  start(timeline: CaseTimeline, layout: DfgLayout): void {
    this.stop();
    const shown = new Set(layout.nodes.filter((n) => n.kind === 'activity').map((n) => n.label));
    const model = buildReplay(timeline, shown);
    this.model = model;
    this.speed = defaultSpeed(model.endMs - model.startMs);
    this.t = model.startMs;
    this.open = true;
    this.player = createReplayPlayer({
      startMs: model.startMs,
      endMs: model.endMs,
      rate: this.rate(),
      reducedMotion: this.reducedMotion,
      onTime: (t) => (this.t = t),
      onState: (p) => (this.playing = p),
    });
    this.player.play();
  }

  /** The speeds as their labels: `Real time`, `10 s of log per second`, …, `The whole log in 30 s`. */
  speedLabels(): string[] {
    return [
      ...REPLAY_RATES.map((r, i) => (i === 0 ? 'Real time' : `${formatMs(r)} of log per second`)),
      `The whole log in ${WHOLE_IN_S} s`,
    ];
  }

  private rate(): number {
    const span = this.model ? this.model.endMs - this.model.startMs : 0;
    return REPLAY_RATES[this.speed] ?? Math.max(1, span / WHOLE_IN_S);
  }

  setSpeed(i: number): void {
    this.speed = Math.min(REPLAY_RATES.length, Math.max(0, i));
    this.player?.setRate(this.rate());
  }

  toggle(): void {
    if (!this.player) return;
    if (this.player.playing) this.player.pause();
    else this.player.play();
  }

  /** Scrubbing: `fraction` 0–1 of the replay's span. */
  seekFraction(fraction: number): void {
    if (!this.model || !this.player) return;
    this.player.seek(this.model.startMs + fraction * (this.model.endMs - this.model.startMs));
  }

  /** The time as a fraction 0–1 of the span (the scrubber's place). */
  fraction(): number {
    if (!this.model || this.model.endMs <= this.model.startMs) return 0;
    return (this.t - this.model.startMs) / (this.model.endMs - this.model.startMs);
  }

  /** Not pure: closes the replay (the map shows the discovery's counts again). */
  stop(): void {
    this.player?.destroy();
    this.player = null;
    this.playing = false;
    this.open = false;
  }

  /**
   * Pure given its inputs. Where the tokens are drawn on `layout` (none with reduced motion: the
   * readout and counts step instead); a case on an edge the map does not show is not drawn.
   */
  tokens(layout: DfgLayout): { key: number; x: number; y: number }[] {
    if (!this.frame || this.reducedMotion) return [];
    const paths = new Map(layout.edges.map((e) => [edgeKey(e.from, e.to), e.points]));
    const out: { key: number; x: number; y: number }[] = [];
    for (const tok of this.frame.tokens) {
      const pts = paths.get(edgeKey(tok.from, tok.to));
      if (!pts) continue;
      out.push({ key: tok.case, ...pointAlong(pts, tok.progress) });
      if (out.length >= MAX_TOKENS) break;
    }
    return out;
  }
}
