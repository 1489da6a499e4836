/**
 * The External events panel's data: events waiting per DataSource at the live step, and adding a
 * batch the person pasted or dropped. The batch is checked whole before anything is sent (every bad
 * line named with its reason), and the service adds all of it or none.
 */
import type { EventLineError } from '../../controllers/panels/eventsInput';
import { parseEventsInput } from '../../controllers/panels/eventsInput';
import { describeError, latestWins } from '../shell/latest';
import { addEvents, fetchPendingEvents, fetchTypedSources, type RunRef } from './panelSource';

/** Not pure: reactive pending counts and the add-events form's outcome. */
export function createEventsState() {
  let pending = $state<Record<string, number>>({});
  let text = $state('');
  let lineErrors = $state<EventLineError[]>([]);
  let error = $state<string | null>(null);
  let message = $state<string | null>(null);
  let busy = $state(false);
  let typedSources = $state<{ id: string; eventType: string }[]>([]);
  let typesOf = '';
  const gate = latestWins();
  let key = '';

  async function refresh(run: RunRef, liveStep: number): Promise<void> {
    const signal = gate.next();
    try {
      const byTarget = await fetchPendingEvents(run, liveStep);
      if (!signal.aborted) pending = byTarget;
    } catch (err) {
      if (!signal.aborted) error = describeError(err, 'read the waiting events');
    }
  }

  return {
    get pending() {
      return pending;
    },
    get text() {
      return text;
    },
    set text(value: string) {
      text = value;
    },
    get lineErrors() {
      return lineErrors;
    },
    get error() {
      return error;
    },
    get message() {
      return message;
    },
    get busy() {
      return busy;
    },
    /** *(compat)* The template's DataSources that emit the events of a type (events of it need no target). */
    get typedSources() {
      return typedSources;
    },
    /** Reads the pending counts when the run or its live step changed. */
    show(run: RunRef, liveStep: number, revision: number): void {
      const next = `${run.executionId}|${liveStep}|${revision}`;
      if (next === key) return;
      key = next;
      void refresh(run, liveStep);
      if (run.templateId !== typesOf) {
        typesOf = run.templateId;
        typedSources = [];
        fetchTypedSources(run).then(
          (list) => {
            if (typesOf === run.templateId) typedSources = list;
          },
          (err: unknown) => {
            error = describeError(err, 'read which event types the template listens for');
          },
        );
      }
    },
    /** Checks the text and adds its events; true when they were added. */
    async add(run: RunRef, dataSourceIds: readonly string[], defaultTarget: string | undefined): Promise<boolean> {
      message = null;
      error = null;
      const parsed = parseEventsInput(text, { dataSourceIds, defaultTarget, typedSources });
      if (!parsed.ok) {
        lineErrors = parsed.errors;
        return false;
      }
      lineErrors = [];
      busy = true;
      try {
        const r = await addEvents(run, parsed.events);
        message = `Added ${r.added} event${r.added === 1 ? '' : 's'}; ${r.queueSize} waiting in the run's queue.`;
        text = '';
        key = '';
        return true;
      } catch (err) {
        error = describeError(err, 'add the events (none were added)');
        return false;
      } finally {
        busy = false;
      }
    },
  };
}

export type EventsState = ReturnType<typeof createEventsState>;
