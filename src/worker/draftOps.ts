/**
 * The editor's drafts (src/store/drafts.ts): unsaved template text, kept by the worker like
 * everything else stored, so the page never writes IndexedDB itself. Not part of the HTTP API: the
 * page's client calls these over its bridge (src/client/drafts.ts). Also the editor's Try: a draft run
 * for a few steps in a scratch engine that is dropped at once (nothing stored, no execution made).
 */
import type { Draft, DraftTrial } from '../contract/drafts';
import { Engine, OP } from '../engine';
import { deleteDraft, getDraft, putDraft } from '../store/drafts';
import type { ServiceContext } from './context';
import { guard, ok, type Result } from './result';

/** Values listed per sink in a trial (the count covers all of them). */
const TRIAL_VALUES = 20;
/** The most steps a trial runs. */
export const TRIAL_MAX_STEPS = 10_000;

/** Not pure (runs an engine): `steps` steps of `doc` (template or scenario) in a scratch engine. */
export function tryDocument(doc: unknown, steps: number): DraftTrial {
  const engine = new Engine();
  const loaded = engine.initialize(doc);
  if (!loaded.scenario) return { steps: 0, status: 'invalid', ledgerEvents: 0, sinks: [], errors: loaded.errors };
  engine.advance(Math.max(1, Math.min(TRIAL_MAX_STEPS, Math.floor(steps))));
  const ledger = engine.ledger;
  const sinks = engine.scenario.nodes
    .filter((n) => n.type === 'Sink')
    .map((node) => {
      const out = { nodeId: node.nodeId, count: 0, values: [] as unknown[] };
      for (const seq of ledger.seqsOfNode(node.index)) {
        if (ledger.opOf(seq) !== OP.TOKEN_COLLECTED) continue;
        out.count++;
        const value = ledger.tokens.data(ledger.inputOf(seq))['value'];
        if (out.values.length < TRIAL_VALUES) out.values.push(value === undefined ? null : value);
      }
      return out;
    });
  return { steps: engine.getCurrentTick(), status: engine.status, ledgerEvents: ledger.size, sinks, errors: [] };
}

/** Not pure: the draft methods of a service over `ctx`. */
export function draftOps(ctx: ServiceContext) {
  return {
    /** The draft under `key` (a template id, or `new`); null when there is none. */
    getDraft(key: string): Promise<Result<Draft | null>> {
      return guard(async () => ok((await getDraft(ctx.db, key)) ?? null));
    },

    /** Stores `draft` over any draft under its key. */
    putDraft(draft: Draft): Promise<Result<null>> {
      return guard(async () => {
        await putDraft(ctx.db, draft);
        return ok(null);
      });
    },

    /** Runs `doc` for `steps` steps in a scratch engine (the editor's Try); nothing is stored. */
    tryDraft(doc: unknown, steps: number): Promise<Result<DraftTrial>> {
      return guard(async () => ok(tryDocument(doc, steps)));
    },

    /** Deletes the draft under `key`, if any (with `tab`: only if that tab wrote it). */
    deleteDraft(key: string, tab?: string): Promise<Result<null>> {
      return guard(async () => {
        await deleteDraft(ctx.db, key, tab);
        return ok(null);
      });
    },
  };
}
