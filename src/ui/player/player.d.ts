/**
 * The types of `flowledger/player` (the package's declaration of this entry, copied as it is by
 * scripts/build-lib.mjs): the `<flowledger-player>` element, its events and their details.
 * element.ts implements it; the pack test compiles a consumer against it.
 */

/** `flowledger-step`: a step is shown. */
export interface FlowledgerStepDetail {
  /** The step shown. */
  step: number;
  /** The step the run has reached (the shown one, or later after seeking back). */
  liveStep: number;
  status: 'ready' | 'running' | 'completed' | 'truncated';
}

/** `flowledger-ended`: the run has ended and its last step is shown; sent once per load. */
export interface FlowledgerEndedDetail {
  step: number;
  status: 'completed' | 'truncated';
  /** The run's ledger hash: the one `flowledger run` prints for the same template, events and seed. */
  ledgerHash: string;
}

/** `flowledger-error`: the workflow cannot be shown. */
export interface FlowledgerErrorDetail {
  message: string;
  /** The template's problems, with their JSON paths (at most eight). */
  issues: { path: string; message: string }[];
}

/**
 * `<flowledger-player>`. Attributes: `src`, `step`, `autoplay`, `speed`, `theme` (`light` | `dark`),
 * `height` (the graph's height in pixels), `seed`.
 */
export declare class FlowledgerPlayer extends HTMLElement {
  /** The external events to run the template with (instead of the template file's own); null: its own. */
  get events(): Record<string, unknown>[] | null;
  set events(value: Record<string, unknown>[] | null);
}

/** Registers `<flowledger-player>` (importing `flowledger/player` already does). */
export declare function definePlayer(): void;

declare global {
  interface HTMLElementTagNameMap {
    'flowledger-player': FlowledgerPlayer;
  }
  interface HTMLElementEventMap {
    'flowledger-ready': CustomEvent<Record<string, never>>;
    'flowledger-step': CustomEvent<FlowledgerStepDetail>;
    'flowledger-ended': CustomEvent<FlowledgerEndedDetail>;
    'flowledger-error': CustomEvent<FlowledgerErrorDetail>;
  }
}
