/**
 * The Lineage panel's data: the path of one correlation id up to the shown step, as rows with the
 * changes of the token's data between entries, plus the provenance (parents) and descendants of the
 * tokens a person expands. Latest wins: a new id or step drops the answer of the one before.
 */
import { SvelteMap } from 'svelte/reactivity';
import type { Provenance } from '../../../contract/wire';
import { lineageRows, pathNodes, type LineageRow } from '../../controllers/panels/lineageDiff';
import { lineageGraph, type LineageGraph } from '../../controllers/panels/lineageGraph';
import { describeError, latestWins } from '../shell/latest';
import { fetchLedgerPage, fetchLineage, fetchProvenance, type RunRef } from './panelSource';

/** Operations drawn at most: a longer lineage is listed, not drawn. */
export const GRAPH_LIMIT = 400;
const EMPTY_GRAPH: LineageGraph = { nodes: [], edges: [], layers: 0, lanes: 0 };

export interface TokenFamily {
  status: 'loading' | 'ready' | 'unavailable' | 'error';
  ancestors: Provenance | null;
  descendants: Provenance | null;
  error?: string;
}

/** Not pure: reactive lineage of one correlation id. */
export function createLineageState() {
  let correlationId = $state<string | null>(null);
  let rows = $state<LineageRow[]>([]);
  let nodes = $state<string[]>([]);
  let graph = $state.raw<LineageGraph>(EMPTY_GRAPH);
  /** How many operations the traced id has (the graph draws them when at most GRAPH_LIMIT). */
  let total = $state(0);
  let status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  let error = $state<string | null>(null);
  const families = new SvelteMap<string, TokenFamily>();
  const gate = latestWins();
  let key = '';
  let run: RunRef | null = null;

  async function load(id: string, step: number, current: RunRef): Promise<void> {
    const signal = gate.next();
    status = 'loading';
    try {
      // The lineage answers the operations; the same events from the ledger add the tokens each
      // consumed, which is what the graph's arrows are drawn from.
      const [lineage, page] = await Promise.all([
        fetchLineage(current, id, step),
        fetchLedgerPage(current, { correlationId: id, toStep: step }, 0, GRAPH_LIMIT),
      ]);
      if (signal.aborted) return;
      rows = lineageRows(lineage.path);
      nodes = pathNodes(lineage.path);
      total = page.total;
      graph = page.total <= GRAPH_LIMIT ? lineageGraph(page.events) : EMPTY_GRAPH;
      status = 'ready';
      error = null;
    } catch (err) {
      if (signal.aborted) return;
      rows = [];
      nodes = [];
      graph = EMPTY_GRAPH;
      status = 'error';
      const code = (err as { code?: unknown }).code;
      error =
        code === 'CORRELATION_ID_NOT_FOUND'
          ? `No token of this run carries the correlation id “${id}” by step ${step}. Check the id, or move the timeline later.`
          : describeError(err, `trace “${id}”`);
    }
  }

  return {
    get correlationId() {
      return correlationId;
    },
    get rows() {
      return rows;
    },
    /** Nodes of the path in the order it reaches them (what the graph lights up). */
    get nodes() {
      return nodes;
    },
    /** The path drawn as a graph of operations (empty when longer than GRAPH_LIMIT). */
    get graph() {
      return graph;
    },
    /** Operations of the traced id up to the step. */
    get total() {
      return total;
    },
    get status() {
      return status;
    },
    get error() {
      return error;
    },
    families,
    /** Traces `id` (null clears) in `current` up to `step`; refetches only when something changed. */
    show(id: string | null, step: number, revision: number, current: RunRef): void {
      run = current;
      const next = `${current.executionId}|${id}|${step}|${revision}`;
      if (next === key) return;
      key = next;
      correlationId = id;
      families.clear();
      if (id === null || id === '') {
        gate.abort();
        rows = [];
        nodes = [];
        graph = EMPTY_GRAPH;
        status = 'idle';
        error = null;
        return;
      }
      void load(id, step, current);
    },
    /** Loads (once) the parents and descendants of `tokenId`. */
    async expand(tokenId: string): Promise<void> {
      if (!run || families.has(tokenId)) return;
      families.set(tokenId, { status: 'loading', ancestors: null, descendants: null });
      try {
        const [ancestors, descendants] = await Promise.all([
          fetchProvenance(run, tokenId, 'ancestors'),
          fetchProvenance(run, tokenId, 'descendants'),
        ]);
        const status = ancestors === null && descendants === null ? 'unavailable' : 'ready';
        families.set(tokenId, { status, ancestors, descendants });
      } catch (err) {
        families.set(tokenId, {
          status: 'error',
          ancestors: null,
          descendants: null,
          error: describeError(err, `read the family of ${tokenId}`),
        });
      }
    },
  };
}

export type LineageState = ReturnType<typeof createLineageState>;
