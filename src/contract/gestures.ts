/**
 * The answers of the workspace's gesture operations (src/worker/runs/gestureOps.ts): each gesture of
 * the run view — open a template, New run, Step, Run to end — is one operation whose answer holds
 * everything the screen shows next, so the page makes no follow-up read. A timeline seek is the step
 * view read (`StepViewAnswer`). Flowledger extensions: the documented `/api` paths are unchanged
 * (API.md has no composite path, so these have no route; `fetch` clients compose the reads).
 */
import type {
  ActivityHistogram,
  ExecutionRecord,
  RunResultAnswer,
  StepViewAnswer,
  Template,
  TemplateGraph,
} from './wire';

/** How many buckets the workspace's activity histogram asks for (one per step up to this many steps). */
export const WORKSPACE_HISTOGRAM_BUCKETS = 2000;

/** A run as the workspace shows it when it opens: its record, graph, shown step and activity. */
export interface RunOpened {
  record: ExecutionRecord;
  graph: TemplateGraph;
  view: StepViewAnswer;
  histogram: ActivityHistogram;
  /** When the run has ended and the view shows its last step: the Result there (which the workspace then opens). */
  result?: RunResultAnswer;
}

/** `openRun`'s answer: the run chosen (or created) and what the template's screen needs beside it. */
export interface WorkspaceOpened extends RunOpened {
  template: Template;
  /** The template's executions after the open (a first run created by it included), oldest first. */
  executions: ExecutionRecord[];
  /** The execution asked for no longer exists, so the most recent one was opened instead. */
  missing: boolean;
}

/** `advanceRun`'s answer: the new live step's view, the record after it, and the activity up to it. */
export interface RunAdvanced {
  record: ExecutionRecord;
  view: StepViewAnswer;
  histogram: ActivityHistogram;
  /** When the run has ended: the Result at its last step (which the workspace then opens). */
  result?: RunResultAnswer;
}

/** `openRun`'s options: which execution (default the most recent; none: a first one is created) and which step (default live). */
export interface OpenRunOptions {
  executionId?: string | null;
  step?: number | null;
}
