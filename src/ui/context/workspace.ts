/**
 * The contract between the workspace and the panels in its bottom area (Ledger, Lineage, External
 * events, Charts). The workspace owns the run being viewed; a panel reads what it needs from a
 * `WorkspaceContext` and asks the workspace to act through its callbacks — a panel never moves the
 * timeline or selects a node on its own. Fields are getters over `$state`, so a panel that reads
 * `workspace.step` inside `$derived`/`$effect` re-runs when the shown step changes.
 */
import { getContext, setContext } from 'svelte';
import type { EngineAPIService } from '../../client/EngineAPIService';
import type { RunStatus } from '../../contract/vocabulary';

/** A node of the open execution's scenario, as panels need it (filters, pickers, labels). */
export interface WorkspaceNode {
  id: string;
  /** DataSource, ProcessNode, FSM, Aggregator, Multiplexer or Sink. */
  kind: string;
  /** Display name (the node's `name`, else its id). */
  name: string;
}

export interface WorkspaceContext {
  /** The app's client; the only way to the service. */
  readonly api: EngineAPIService;
  readonly templateId: string;
  readonly executionId: string;
  /** The nodes of the execution's scenario, in scenario order. */
  readonly nodes: readonly WorkspaceNode[];
  /** The step the view shows (≤ liveStep); panels show data "as of" this step. */
  readonly step: number;
  /** The execution's own step (steps executed so far). */
  readonly liveStep: number;
  readonly status: RunStatus;
  /** Bumped whenever the run changes without the step changing (e.g. events added, a new run). */
  readonly revision: number;
  /** The node selected in the graph / inspector, if any. */
  readonly selectedNodeId: string | null;
  /** The correlation id being traced (reflected in the URL as `lineage`), if any. */
  readonly lineageId: string | null;
  /** Selects a node everywhere (graph, Nodes table, Inspector), as a click on the graph does. */
  onSelectNode(nodeId: string | null): void;
  /** Moves the shown step (time travel; never advances the run past liveStep). */
  onSeek(step: number): void;
  /** Traces a correlation id: sets `lineageId` (and the URL) and opens the Lineage tab. */
  onTrace(correlationId: string): void;
  /** Lights up a path on the graph, in order (empty array clears it). */
  highlightPath(nodeIds: readonly string[]): void;
  /** Tells the workspace the run changed on the service (e.g. events were added): it reloads the record. */
  onRunChanged(): void;
}

const KEY = Symbol('flowledger.workspace');

/** Not pure: makes `ctx` available to every component below the caller. */
export function setWorkspaceContext(ctx: WorkspaceContext): void {
  setContext(KEY, ctx);
}

/** Not pure: the enclosing workspace's context; throws if there is none (a panel outside a workspace). */
export function getWorkspaceContext(): WorkspaceContext {
  const ctx = getContext<WorkspaceContext | undefined>(KEY);
  if (!ctx) throw new Error('getWorkspaceContext: no workspace above this component');
  return ctx;
}
