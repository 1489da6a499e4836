/**
 * What the embeddable player is asked to show, read from its URL or a host page's message. Pure:
 * no DOM, no fetch — the player (Player.svelte) does the fetching and the API calls.
 *
 * The player's URL: `embed.html?src=<template.json>&step=N&autoplay=1&speed=4&theme=dark&height=420`
 * - `src`: a template file (Flowledger's `{name, description, scenario}`, or a bare scenario),
 *   relative to the player or same-origin; or, in the fragment instead, `#json=<URL-encoded JSON>`
 *   or a share link's `#share=…` (events and seed included);
 * - `step`: the step to show first; `autoplay`: play from there; `speed`: steps per second;
 * - `theme`: `light` or `dark` (default: the system's); `height`: the graph's height in pixels
 *   (default: the frame's height less the transport).
 * A host page may instead post `{type: 'flowledger:load', template | scenario, events?, seed?}`.
 */
import { SPEEDS } from '../state/run/speeds';

export interface EmbedOptions {
  src: string | null;
  step: number;
  autoplay: boolean;
  speed: number;
  theme: 'light' | 'dark' | null;
  height: number | null;
}

/** A workflow to load: what `createTemplate` takes, plus the run's inputs. */
export interface EmbedWorkflow {
  name: string;
  description: string;
  scenario: Record<string, unknown>;
  events: Record<string, unknown>[];
  seed: number | null;
}

const int = (text: string | null, min: number, max: number): number | null => {
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
};

/** Pure. The player's options from its query string; anything malformed takes its default. */
export function readEmbedOptions(search: string): EmbedOptions {
  const q = new URLSearchParams(search);
  const theme = q.get('theme');
  const speed = int(q.get('speed'), 1, 1000);
  return {
    src: q.get('src'),
    step: int(q.get('step'), 0, 1e9) ?? 0,
    autoplay: q.get('autoplay') === '1' || q.get('autoplay') === 'true',
    // The nearest speed the transport offers, so its speed control shows it.
    speed:
      speed === null
        ? 4
        : SPEEDS.filter((s) => s > 0).reduce((best, s) => (Math.abs(s - speed) < Math.abs(best - speed) ? s : best), 4),
    theme: theme === 'light' || theme === 'dark' ? theme : null,
    height: int(q.get('height'), 120, 4000),
  };
}

/** Pure. `src` resolved against the player's address, or why it is refused (another origin). */
export function resolveSrc(src: string, playerUrl: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(src, playerUrl);
  } catch {
    return { ok: false, message: `"${src}" is not an address` };
  }
  if (url.origin !== new URL(playerUrl).origin)
    return {
      ok: false,
      message: `the template at ${url.href} is on another site; the player reads templates from its own site only (or pass it with postMessage)`,
    };
  return { ok: true, url: url.href };
}

/** Pure. A workflow from parsed JSON — a template file, a bare scenario, or a host's message — or why not. */
export function workflowFrom(
  json: unknown,
  where: string,
): { ok: true; workflow: EmbedWorkflow } | { ok: false; message: string } {
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return { ok: false, message: `${where} is not a JSON object` };
  const o = json as Record<string, unknown>;
  const inner = o.template !== null && typeof o.template === 'object' ? (o.template as Record<string, unknown>) : o;
  const scenario = (inner.scenario ?? (Array.isArray(inner.nodes) ? inner : null)) as Record<string, unknown> | null;
  if (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario))
    return { ok: false, message: `${where} holds no scenario (a "scenario" object, or a scenario with "nodes")` };
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const events = Array.isArray(o.events)
    ? (o.events.filter((e) => e !== null && typeof e === 'object') as Record<string, unknown>[])
    : [];
  const seed = typeof o.seed === 'number' && Number.isInteger(o.seed) && o.seed >= 0 ? o.seed : null;
  return {
    ok: true,
    workflow: {
      name: text(inner.name) || text(scenario.name) || 'Embedded workflow',
      description: text(inner.description),
      scenario,
      events,
      seed,
    },
  };
}

/** Pure. The workflow in a `#json=…` fragment, null when the fragment holds none. */
export function workflowFromFragment(
  hash: string,
): { ok: true; workflow: EmbedWorkflow } | { ok: false; message: string } | null {
  if (!hash.startsWith('#json=')) return null;
  let json: unknown;
  try {
    json = JSON.parse(decodeURIComponent(hash.slice('#json='.length)));
  } catch (err) {
    return {
      ok: false,
      message: `the JSON in the address does not read: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  return workflowFrom(json, 'the JSON in the address');
}
