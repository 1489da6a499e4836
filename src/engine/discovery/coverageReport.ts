/**
 * Event coverage as lines of text, for `flowledger check-events` (and anyone printing it): one line
 * per target DataSource, one per FSM with `N of M events could be taken by a transition of <FSM>
 * reachable from its initial state "<state>"`, the states not reachable from it, the names no
 * transition could take, the transitions no event will fire, then what is consumable overall.
 */
import type { EventCoverage, NameCount, TransitionRef } from '../../contract/coverage';

/** Names shown per list before `… and N more`. */
const SHOWN = 12;

function nameList(names: readonly NameCount[], field: string): string {
  const shown = names
    .slice(0, SHOWN)
    .map((n) => `${n.name === null ? `(no "${field}")` : JSON.stringify(n.name)} ×${n.count}`);
  const more = names.length - shown.length;
  return shown.join(', ') + (more > 0 ? `, … and ${more} more` : '');
}

/** Pure: a transition as the report names it: `a → b on "name"`, `a → b when <condition>` or `a → b on any token`. */
export function transitionText(t: TransitionRef): string {
  const how =
    t.event !== null
      ? `on ${JSON.stringify(t.event)}`
      : t.condition !== undefined
        ? `when ${t.condition}`
        : 'on any token';
  return `${t.from} → ${t.to} ${how}`;
}

/** Pure: the coverage report as lines (no trailing newlines). */
export function coverageLines(c: EventCoverage): string[] {
  const lines = [`${c.events} events`];
  for (const t of c.targets) {
    if (t.target === null) lines.push(`  ${t.count} name no DataSource (no "targetDataSourceId")`);
    else lines.push(`  ${t.count} to DataSource ${t.target}${t.known ? '' : ' (not a DataSource of the template)'}`);
  }
  if (c.malformed > 0) lines.push(`  ${c.malformed} cannot be read (not an object, or a bad correlation id)`);
  for (const f of c.fsms) {
    lines.push(
      `${f.matching} of ${c.events} events could be taken by a transition of ${f.label} reachable from its initial state ${JSON.stringify(f.initialState)} (FSM ${f.fsm}, field "${f.eventField}")`,
    );
    if (f.unreachable.length > 0)
      lines.push(
        `  states not reachable from ${JSON.stringify(f.initialState)}: ${f.unreachable.map((n) => JSON.stringify(n)).join(', ')}`,
      );
    if (f.reaching < c.events)
      lines.push(`  ${f.reaching} reach it (through ${f.dataSources.join(', ') || 'no DataSource'})`);
    if (f.listens.length > 0)
      lines.push(`  its transitions listen for: ${f.listens.map((n) => JSON.stringify(n)).join(', ')}`);
    if (f.unmatched.length > 0) lines.push(`  names no transition could take: ${nameList(f.unmatched, f.eventField)}`);
    if (f.unfired.length > 0)
      lines.push(`  transitions no event will fire: ${f.unfired.map(transitionText).join(', ')}`);
  }
  lines.push(
    c.consumable === 0
      ? `no event can be consumed: name the events as the FSM transitions listen for (a parser configuration's event rules, mapping.eventRules) and address them to one of the template's DataSources`
      : `${c.consumable} of ${c.events} events can be consumed`,
  );
  return lines;
}
