/**
 * What "Opening the template…" is waiting for. An open waits for two things at once: the engine
 * (`runView.open`'s calls: the template and its runs, then a first run when it has none, then the
 * shown step) and the workspace's code (a download on the first open). Once an open has taken a
 * while its status names the waits still under way, so a slow or stuck open says where it is
 * instead of showing the same words forever.
 */

/** The engine's part of an open under way: which of its calls it is waiting for. */
export type OpeningStep = { kind: 'template' } | { kind: 'create' } | { kind: 'step'; step: number };

/** Milliseconds an open takes before its status names what it is still waiting for. */
export const OPENING_DETAIL_AFTER_MS = 3000;

/**
 * Pure: the sentence naming the waits still under way — the engine's `step` (null: none) and the
 * workspace's code (`code`: still loading) — or null when there is none left.
 */
export function openingDetail(step: OpeningStep | null, code: boolean): string | null {
  const waits: string[] = [];
  if (step) waits.push(`the engine to ${engineWords(step)}`);
  if (code) waits.push("the workspace's code to load");
  return waits.length === 0 ? null : `Still waiting for ${waits.join(' and for ')}.`;
}

function engineWords(step: OpeningStep): string {
  switch (step.kind) {
    case 'template':
      return 'read the template and its runs';
    case 'create':
      return "create the template's first run";
    case 'step':
      return `read step ${step.step} of the run`;
  }
}
