/**
 * Which saved parser configurations fit a template, and the event rules that map template ids to the
 * names an FSM listens for: the fixes the ingestion screen offers when its events would reach a
 * template whose transitions listen for other names. Pure: the template is read as stored (raw
 * JSON), the page has no engine.
 */
import type { ParserConfigRecord, Template } from '../../../contract/wire';
import type { RuleRow } from './form';

/** Trigger strings that are not event names (DSL.md §5.3). */
const NOT_NAMES = new Set(['', 'token_received', 'default', 'condition', 'timer']);

/** Pure: the event names the template's FSM transitions listen for, in order, once each. */
export function listenedNames(template: Pick<Template, 'scenario'>): string[] {
  const nodes = (template.scenario as { nodes?: unknown }).nodes;
  const out = new Set<string>();
  if (!Array.isArray(nodes)) return [];
  for (const n of nodes as { type?: unknown; fsm?: { transitions?: unknown } }[]) {
    if (n?.type !== 'FSM' || !Array.isArray(n.fsm?.transitions)) continue;
    for (const t of n.fsm.transitions as { trigger?: unknown }[])
      if (typeof t?.trigger === 'string' && !NOT_NAMES.has(t.trigger)) out.add(t.trigger);
  }
  return [...out];
}

/**
 * Pure: the saved configurations that fit `template` — those it names among its resources first,
 * then those whose event rules produce a name its FSMs listen for — in list order within each.
 */
export function configsFor(template: Template, configs: readonly ParserConfigRecord[]): ParserConfigRecord[] {
  const named = new Set(
    (template.resources ?? []).flatMap((r) =>
      typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'string'
        ? [(r as { id: string }).id]
        : [],
    ),
  );
  const listens = new Set(listenedNames(template));
  const byResource = configs.filter((c) => named.has(c.id));
  const byRules = configs.filter(
    (c) => !named.has(c.id) && (c.mapping?.eventRules ?? []).some((r) => listens.has(r.event)),
  );
  return [...byResource, ...byRules];
}

/** Pure: `text` with every regular-expression metacharacter escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Pure: the rules with the one naming events of `template` (a mined template's text) set to `event` —
 * replaced when there is one, added last otherwise, removed when `event` is empty.
 */
export function mapTemplate(rules: readonly RuleRow[], template: string, event: string): RuleRow[] {
  const pattern = `^${escapeRegex(template)}$`;
  const others = rules.filter((r) => !(r.on === 'template' && r.pattern === pattern));
  if (event === '') return others;
  const at = rules.findIndex((r) => r.on === 'template' && r.pattern === pattern);
  const rule: RuleRow = { pattern, event, on: 'template' };
  if (at < 0) return [...others, rule];
  return [...rules.slice(0, at), rule, ...rules.slice(at + 1)];
}

/** Pure: the event a template-text rule gives `template`, or ''. */
export function mappedEvent(rules: readonly RuleRow[], template: string): string {
  const pattern = `^${escapeRegex(template)}$`;
  return rules.find((r) => r.on === 'template' && r.pattern === pattern)?.event ?? '';
}
