/**
 * Builders and readers for engine tests. Scenarios go in as JSON documents through the loader,
 * exactly as users give them; ledgers come out as plain events and as one compact line per event
 * (`step node OPERATION in -> out`) so expectations read like the ledger itself.
 */
import { expect } from 'vitest';
import { Engine, type EngineOptions } from '../../../src/engine';
import type { LedgerEvent, Token } from '../../../src/engine/types';

export type Json = Record<string, unknown>;

/** A bare scenario around `nodes`. */
export function scenario(nodes: unknown[], extra: Json = {}): Json {
  return { version: '3.0', name: 'test', ...extra, nodes };
}

/** A DataSource sending to `to` (default: the sequence 1, 2, 3 — three tokens, one per step). */
export function source(nodeId: string, to: string | string[], extra: Json = {}): Json {
  const targets = Array.isArray(to) ? to : [to];
  return {
    nodeId,
    type: 'DataSource',
    generation: { type: 'sequence', start: 1, step: 1 },
    count: 3,
    ...extra,
    outputs: targets.map((t) => ({ destinationNodeId: t })),
  };
}

export function sink(nodeId = 'sink'): Json {
  return { nodeId, type: 'Sink' };
}

export function processNode(nodeId: string, to: string | string[], extra: Json = {}): Json {
  const targets = Array.isArray(to) ? to : [to];
  return { nodeId, type: 'ProcessNode', ...extra, outputs: targets.map((t) => ({ destinationNodeId: t })) };
}

/** Loads `doc` (failing the test on any load error), optionally adds events, and returns the engine. */
export function engineFor(doc: Json, options: EngineOptions & { events?: Json[] } = {}): Engine {
  const engine = new Engine();
  const result = engine.initialize(doc, options.seed === undefined ? {} : { seed: options.seed });
  expect(result.errors, JSON.stringify(result.errors)).toEqual([]);
  if (options.events) {
    const added = engine.getExternalEventQueue().addEvents(options.events);
    expect(added).toEqual({ ok: true, added: options.events.length });
  }
  return engine;
}

/** Runs `doc` to the end and returns the engine. */
export function run(doc: Json, options: EngineOptions & { events?: Json[] } = {}): Engine {
  const engine = engineFor(doc, options);
  engine.runToEnd();
  return engine;
}

/** Every ledger event, materialised. */
export function events(engine: Engine): LedgerEvent[] {
  const out: LedgerEvent[] = [];
  for (let seq = 1; seq <= engine.ledger.size; seq++) out.push(engine.ledger.get(seq));
  return out;
}

/** One line per event: `step node OPERATION in -> out` (`in` lists inputTokens for merges). */
export function brief(engine: Engine, filter?: (e: LedgerEvent) => boolean): string[] {
  return events(engine)
    .filter((e) => !filter || filter(e))
    .map((e) => {
      const input = e.inputTokens ? `[${e.inputTokens.join(',')}]` : (e.inputToken?.id ?? '-');
      const fromTo = e.from !== undefined ? ` ${e.from}->${e.to}` : '';
      return `${e.step} ${e.nodeId} ${e.operation}${fromTo} ${input} -> ${e.outputToken?.id ?? '-'}`;
    });
}

/** Events of node `nodeId`. */
export function eventsOf(engine: Engine, nodeId: string): LedgerEvent[] {
  return events(engine).filter((e) => e.nodeId === nodeId);
}

/** `data.value` of every token collected by sink `sinkId`, in ledger order. */
export function collected(engine: Engine, sinkId = 'sink'): unknown[] {
  return eventsOf(engine, sinkId)
    .filter((e) => e.operation === 'TOKEN_COLLECTED')
    .map((e) => e.inputToken!.data['value']);
}

/** Tokens collected by sink `sinkId`. */
export function collectedTokens(engine: Engine, sinkId = 'sink'): Token[] {
  return eventsOf(engine, sinkId)
    .filter((e) => e.operation === 'TOKEN_COLLECTED')
    .map((e) => e.inputToken!);
}

/** One step through `advance` (the engine's one way forward): true when a step was executed. */
export function stepOnce(engine: Engine): boolean {
  const before = engine.getCurrentTick();
  engine.advance(before + 1);
  return engine.getCurrentTick() > before;
}
