/**
 * The Ledger panel's data: the filtered ledger up to the shown step, held as pages fetched on demand
 * for the rows the virtual table shows. A change of run, step or filter starts over (latest wins);
 * the state lives per workspace, so it survives switching tabs.
 */
import { SvelteMap } from 'svelte/reactivity';
import type { LedgerEvent } from '../../contract/coreTypes';
import { pagesCovering } from '../controllers/panels/virtualWindow';
import { describeError, latestWins } from './latest';
import { fetchLedgerPage, type LedgerFilter, type RunRef } from './panelSource';

export const LEDGER_PAGE_SIZE = 200;

export interface LedgerView {
  run: RunRef;
  step: number;
  revision: number;
}

/** Not pure: reactive, paged ledger. */
export function createLedgerState() {
  let filter = $state<Omit<LedgerFilter, 'toStep'>>({});
  let total = $state(0);
  let status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  let error = $state<string | null>(null);
  let selected = $state<LedgerEvent | null>(null);
  const pages = new SvelteMap<number, LedgerEvent[]>();
  const inFlight = new Set<number>();
  const gate = latestWins();
  let view: LedgerView | null = null;
  let key = '';

  function query(): LedgerFilter {
    return { ...filter, toStep: view?.step };
  }

  /** Fetches page `page`; `force` refetches it even if held (to learn a new total). */
  async function loadPage(page: number, signal: AbortSignal, force = false): Promise<void> {
    if (!view || inFlight.has(page) || (!force && pages.has(page))) return;
    inFlight.add(page);
    try {
      const answer = await fetchLedgerPage(view.run, query(), page * LEDGER_PAGE_SIZE, LEDGER_PAGE_SIZE);
      if (signal.aborted) return;
      if (answer.total !== total) prune(Math.min(total, answer.total));
      total = answer.total;
      pages.set(page, answer.events);
      status = 'ready';
      error = null;
    } catch (err) {
      if (signal.aborted) return;
      status = 'error';
      error = describeError(err, 'read the ledger');
    } finally {
      inFlight.delete(page);
    }
  }

  /** Drops the pages that reach past row `keep` (they may have changed). */
  function prune(keep: number): void {
    for (const p of [...pages.keys()]) if ((p + 1) * LEDGER_PAGE_SIZE > keep) pages.delete(p);
  }

  let signal = gate.next();
  /**
   * Starts over. When only the shown step moved, the rows both steps share are the same events (the
   * ledger up to a step is a prefix of the ledger up to a later one), so full pages are kept and only
   * those past the new end are dropped — playing a run does not blank the table on every step.
   */
  function restart(keepRows: boolean): void {
    signal = gate.next();
    inFlight.clear();
    if (!keepRows) {
      pages.clear();
      total = 0;
    }
    status = 'loading';
    void loadPage(0, signal, true);
  }

  return {
    get filter() {
      return filter;
    },
    get total() {
      return total;
    },
    get status() {
      return status;
    },
    get error() {
      return error;
    },
    get selected() {
      return selected;
    },
    /** Points the ledger at a run and shown step; refetches only when something changed. */
    show(next: LedgerView): void {
      const base = `${next.run.executionId}|${next.revision}|${JSON.stringify(filter)}`;
      const nextKey = `${base}|${next.step}`;
      view = next;
      if (nextKey === key) return;
      const sameRows = key.startsWith(`${base}|`);
      key = nextKey;
      restart(sameRows);
    },
    setFilter(next: Omit<LedgerFilter, 'toStep'>): void {
      filter = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== '')) as typeof next;
      if (view) this.show(view);
    },
    /** Fetches the pages holding rows `[first, end)` that are not here yet. */
    ensureRows(first: number, end: number): void {
      for (const page of pagesCovering(first, Math.min(end, total || end), LEDGER_PAGE_SIZE))
        void loadPage(page, signal);
    },
    /** The event of row `index`, or undefined while its page loads. */
    rowAt(index: number): LedgerEvent | undefined {
      return pages.get(Math.floor(index / LEDGER_PAGE_SIZE))?.[index % LEDGER_PAGE_SIZE];
    },
    select(event: LedgerEvent | null): void {
      selected = event;
    },
  };
}

export type LedgerState = ReturnType<typeof createLedgerState>;

const perWorkspace = new WeakMap<object, LedgerState>();
/** Not pure: the ledger state of `workspace`, created on first use. */
export function ledgerStateFor(workspace: object): LedgerState {
  let s = perWorkspace.get(workspace);
  if (!s) perWorkspace.set(workspace, (s = createLedgerState()));
  return s;
}
