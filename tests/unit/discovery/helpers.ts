/**
 * Shared by the discovery tests: the bundled sshd log parsed with the openssh-sessions configuration
 * (the same path as `flowledger parse … --config …`), and a template run on the real engine read
 * back as transition counts and sink totals.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { Engine } from '../../../src/engine';
import type { Dfg } from '../../../src/contract/discovery';
import { mapEvents, parseLog, type ParserConfig } from '../../../src/parser';

const root = new URL('../../../', import.meta.url);

/** The bundled OpenSSH sample as external events, one group (case) per sshd process id. */
export function sshdEvents(): Record<string, unknown>[] {
  const config = JSON.parse(
    readFileSync(new URL('public/parser/configs/openssh-sessions.json', root), 'utf8'),
  ) as ParserConfig;
  const log = readFileSync(new URL('public/parser/sources/openssh-2k.log', root), 'utf8');
  const parsed = parseLog(log, config);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const mapped = mapEvents(parsed.events, config);
  if (!mapped.ok) throw new Error(mapped.error.message);
  return mapped.value as Record<string, unknown>[];
}

export interface TemplateRun {
  engine: Engine;
  /** STATE_TRANSITION events per `from>to` of node `fsm`. */
  transitions: Record<string, number>;
  /** Tokens collected per sink. */
  sinks: Record<string, number>;
  status: string;
}

/** Runs `doc` on `events` to the end (failing the test on a load or event error). */
export function runTemplate(doc: unknown, events: readonly unknown[], fsm = 'process'): TemplateRun {
  const engine = new Engine();
  const loaded = engine.initialize(doc);
  expect(loaded.errors, JSON.stringify(loaded.errors)).toEqual([]);
  const added = engine.getExternalEventQueue().addEvents(events as never);
  expect(added.ok, JSON.stringify(added)).toBe(true);
  engine.runToEnd();
  const transitions: Record<string, number> = {};
  const sinks: Record<string, number> = {};
  for (let seq = 1; seq <= engine.ledger.size; seq++) {
    const e = engine.ledger.get(seq);
    if (e.nodeId === fsm && e.operation === 'STATE_TRANSITION') {
      const key = `${e.from}>${e.to}`;
      transitions[key] = (transitions[key] ?? 0) + 1;
    }
    if (e.operation === 'TOKEN_COLLECTED') sinks[e.nodeId] = (sinks[e.nodeId] ?? 0) + 1;
  }
  return { engine, transitions, sinks, status: engine.status };
}

/** What the template must reproduce: one count per start activity (from `start`) and per edge. */
export function expectedTransitions(dfg: Dfg, start = 'start'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [a, n] of Object.entries(dfg.starts)) out[`${start}>${a}`] = n;
  for (const e of dfg.edges) out[`${e.from}>${e.to}`] = e.count;
  return out;
}
