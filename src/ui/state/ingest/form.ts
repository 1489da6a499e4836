/**
 * Pure helpers of the log ingestion screens (their flows are the state modules beside this file):
 * the configuration form ↔ the saved configuration's shape, regular-expression checks as the
 * person types, sorting and filtering of the preview's tables, first lines of a text, and the
 * progress figures (bytes, rate, time left).
 */
import type { ParserConfigBody, ParserConfigRecord } from '../../../contract/wire';
import type { EventRule, MaskSpec, ParserConfig } from '../../../contract/parser';
import { userRegex } from '../../../client/parserCore';

export type FormatKind = 'none' | 'preset' | 'format' | 'regex';

export interface MaskRow {
  name: string;
  pattern: string;
}

export interface RuleRow {
  pattern: string;
  event: string;
  on: 'content' | 'template';
}

export interface IngestForm {
  name: string;
  formatKind: FormatKind;
  preset: string;
  /** The `<Field>` format or the regex, by `formatKind`. */
  pattern: string;
  masks: MaskRow[];
  useDefaultMasks: boolean;
  depth: number;
  similarity: number;
  variableAfter: number;
  groupBy: string;
  targetDataSourceId: string;
  rules: RuleRow[];
}

export const EMPTY_FORM: IngestForm = {
  name: 'My log',
  formatKind: 'none',
  preset: '',
  pattern: '',
  masks: [],
  useDefaultMasks: true,
  depth: 4,
  similarity: 0.8,
  variableAfter: 3,
  groupBy: '',
  targetDataSourceId: 'logs',
  rules: [],
};

/**
 * Pure: the configuration the form describes, for the sources given (the saved shape). Parts of
 * `base` (the configuration the form was loaded from) that the form does not show are kept.
 */
export function formToConfig(
  form: IngestForm,
  sources: readonly string[],
  base: ParserConfigBody | null = null,
): ParserConfigBody {
  const config: ParserConfigBody = { name: form.name.trim() || 'Untitled', sources: [...sources] };
  if (base?.description !== undefined) config.description = base.description;
  if (base?.continuation !== undefined) config.continuation = base.continuation;
  if (base?.missingGroupKey !== undefined) config.missingGroupKey = base.missingGroupKey;
  if (base?.keepUnparsed !== undefined) config.keepUnparsed = base.keepUnparsed;
  if (base?.limits !== undefined) config.limits = base.limits;
  if (form.formatKind === 'preset' && form.preset) config.format = { kind: 'preset', name: form.preset };
  else if (form.formatKind === 'format' && form.pattern) config.format = { kind: 'format', pattern: form.pattern };
  else if (form.formatKind === 'regex' && form.pattern) config.format = { kind: 'regex', pattern: form.pattern };
  const custom: MaskSpec[] = form.masks.map((m) => ({ name: m.name.trim(), pattern: m.pattern }));
  const disable = base?.masks?.disable;
  if (custom.length > 0 || !form.useDefaultMasks || disable)
    config.masks = {
      useDefaults: form.useDefaultMasks,
      ...(disable ? { disable: [...disable] } : {}),
      ...(custom.length > 0 ? { custom } : {}),
    };
  config.mining = {
    ...base?.mining,
    depth: form.depth,
    similarity: form.similarity,
    variableAfter: form.variableAfter,
  };
  if (form.groupBy.trim()) config.groupByField = form.groupBy.trim();
  const eventRules: EventRule[] = form.rules
    .filter((r) => r.pattern !== '' && r.event.trim() !== '')
    .map((r) => ({ pattern: r.pattern, event: r.event.trim(), ...(r.on === 'template' ? { on: 'template' } : {}) }));
  const { eventRules: _rules, targetDataSourceId: _target, ...otherMapping } = base?.mapping ?? {};
  config.mapping = {
    ...otherMapping,
    targetDataSourceId: form.targetDataSourceId.trim() || 'logs',
    ...(eventRules.length > 0 ? { eventRules } : {}),
  };
  return config;
}

/** Pure: the form for a saved configuration (parts the form cannot show are left at their defaults). */
export function configToForm(config: ParserConfigRecord | ParserConfigBody | ParserConfig): IngestForm {
  const f = config.format;
  const form: IngestForm = { ...EMPTY_FORM, name: config.name, masks: [], rules: [] };
  if (f?.kind === 'preset') Object.assign(form, { formatKind: 'preset', preset: f.name });
  else if (f?.kind === 'format' || f?.kind === 'regex') Object.assign(form, { formatKind: f.kind, pattern: f.pattern });
  form.masks = (config.masks?.custom ?? []).map((m) => ({ name: m.name, pattern: m.pattern }));
  form.useDefaultMasks = config.masks?.useDefaults ?? true;
  form.depth = config.mining?.depth ?? 4;
  form.similarity = config.mining?.similarity ?? 0.8;
  form.variableAfter = config.mining?.variableAfter ?? 3;
  form.groupBy = config.groupByField ?? '';
  form.targetDataSourceId = config.mapping?.targetDataSourceId ?? 'logs';
  form.rules = (config.mapping?.eventRules ?? []).map((r) => ({
    pattern: r.pattern,
    event: r.event,
    on: r.on === 'template' ? 'template' : 'content',
  }));
  return form;
}

/**
 * Pure: what is wrong with a regular expression as typed, or null. Refuses a pattern that does not
 * compile, one that matches the empty string (a mask must replace something), and, for `named`, one
 * without a named group.
 */
export function checkRegex(pattern: string, options: { mask?: boolean; named?: boolean } = {}): string | null {
  if (pattern === '') return 'Enter a regular expression.';
  // The parser's own compiler: the pattern runs on RE2 (linear time) as it will in the parse.
  const re = userRegex(pattern, '');
  if (!re.ok) return re.syntax ? `Not a valid regular expression: ${re.reason}` : `Not usable: ${re.reason}.`;
  if (options.mask && re.value.matchesEmpty())
    return 'This pattern matches the empty string; a mask must match some text.';
  if (options.named && re.value.groupNames.length === 0) return 'Name the fields with groups like (?<Content>.*).';
  return null;
}

/** Pure: a mask name's problem, or null (letters, digits, `_`, `-`; starting with a letter or `_`). */
export function checkMaskName(name: string): string | null {
  if (name.trim() === '') return 'Name the mask.';
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(name.trim()) ? null : 'Use letters, digits, _ or -, starting with a letter.';
}

/** Pure: `list` with the item at `from` moved to `to` (clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (from < 0 || from >= copy.length) return copy;
  const target = Math.max(0, Math.min(copy.length - 1, to));
  const [item] = copy.splice(from, 1);
  copy.splice(target, 0, item!);
  return copy;
}

export interface TemplateRow {
  eventId: string;
  template: string;
  occurrences: number;
}

export type TemplateSort = { key: 'eventId' | 'template' | 'occurrences'; dir: 'asc' | 'desc' };

/** Pure: `E12` after `E2`. */
function eventNumber(id: string): number {
  const m = /^E(\d+)$/.exec(id);
  return m ? Number(m[1]) : Number.MAX_SAFE_INTEGER;
}

/** Pure: the templates matching `query` (case-insensitive, in the template or its id), sorted. */
export function templateRows(rows: readonly TemplateRow[], query: string, sort: TemplateSort): TemplateRow[] {
  const q = query.trim().toLowerCase();
  const kept = q
    ? rows.filter((r) => r.template.toLowerCase().includes(q) || r.eventId.toLowerCase() === q)
    : [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return kept.sort((a, b) => {
    let d: number;
    if (sort.key === 'occurrences') d = a.occurrences - b.occurrences;
    else if (sort.key === 'eventId') d = eventNumber(a.eventId) - eventNumber(b.eventId);
    else d = a.template < b.template ? -1 : a.template > b.template ? 1 : 0;
    return d * sign || eventNumber(a.eventId) - eventNumber(b.eventId);
  });
}

/** Pure: groups largest first; ties by first line. */
export function groupsLargestFirst<G extends { key: string; count: number; firstLine: number }>(
  groups: readonly G[],
): G[] {
  return [...groups].sort((a, b) => b.count - a.count || a.firstLine - b.firstLine);
}

/** Pure: the first `n` lines of `text` (with their newlines). */
export function firstLines(text: string, n: number): string {
  let at = 0;
  for (let i = 0; i < n; i++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return text;
    at = nl + 1;
  }
  return text.slice(0, at);
}

/** Pure: the number of lines of a text (a last line without a newline counts; '' has none). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return text.endsWith('\n') ? n : n + 1;
}

/** Pure: a size for people (`1.4 MB`, decimal units). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let v = bytes / 1000;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${units[u]}`;
}

export interface ProgressFigures {
  /** 0–1. */
  fraction: number;
  /** Bytes per second (0 before any time passed). */
  rate: number;
  /** Seconds left at the current rate, or null when unknown. */
  secondsLeft: number | null;
}

/** Pure: how far a parse is, how fast it goes and how long it has left. */
export function progressFigures(bytes: number, total: number, elapsedMs: number): ProgressFigures {
  const fraction = total > 0 ? Math.min(1, bytes / total) : 0;
  const rate = elapsedMs > 0 ? (bytes * 1000) / elapsedMs : 0;
  const secondsLeft = rate > 0 && total >= bytes ? (total - bytes) / rate : null;
  return { fraction, rate, secondsLeft };
}

/** Pure: `1 min 05 s`, `12 s`, `<1 s`. */
export function formatDuration(seconds: number): string {
  if (seconds < 1) return '<1 s';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** Pure: the DataSource node ids of a scenario (`nodes[].type === 'DataSource'`), in order. */
export function dataSourcesOf(scenario: Record<string, unknown>): string[] {
  const nodes = (scenario as { nodes?: unknown }).nodes;
  if (!Array.isArray(nodes)) return [];
  return nodes
    .filter(
      (n): n is { nodeId: string; type: string } =>
        typeof n === 'object' && n !== null && (n as { type?: unknown }).type === 'DataSource',
    )
    .map((n) => n.nodeId);
}
