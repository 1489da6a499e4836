/**
 * XES import (issue 26, item 4): a `.xes` file back into external events, trace by trace — the
 * trace's `concept:name` as the case field, the event's `concept:name` as the activity field,
 * `time:timestamp` as the time field in epoch milliseconds, typed attributes as JSON values (`list`
 * as an array, `container` as an object). The inverse of xesWrite.ts for the same CaseFields, so
 * events → XES → events gives the same events, grouped by case. Parsed by saxes, a strict
 * streaming XML parser: text can be fed in chunks, and a malformed file is an error naming its line.
 * It lives in the service rather than the pure core because it reads through that library (the
 * cores import only the packages tests/unit/engine/purity.test.ts allows).
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { CaseFields } from '../../contract/discovery';
import { setOwn } from '../../engine/jsonValues';
import { inDateRange, parseIsoTime } from '../../engine/discovery';

export interface XesReadOptions extends CaseFields {
  /** `targetDataSourceId` given to events that carry none. */
  target?: string;
}

export type XesReadResult =
  { ok: true; events: Record<string, unknown>[]; traces: number } | { ok: false; message: string };

/** An attribute element being read: its key, and its children when it is a list or container. */
interface Frame {
  tag: string;
  key: string;
  value: unknown;
  children: [string, unknown][] | null;
}

const SCALARS = new Set(['string', 'date', 'int', 'float', 'boolean', 'id']);

/** Not pure: a reader fed text in chunks (`write`), giving its events at `close`. */
export class XesReader {
  private readonly parser = new SaxesParser({ position: true });
  private readonly events: Record<string, unknown>[] = [];
  private readonly stack: string[] = [];
  private frames: Frame[] = [];
  private trace: Record<string, unknown>[] | null = null;
  private traceName: string | null = null;
  private event: [string, unknown][] | null = null;
  private traces = 0;
  private error: string | null = null;

  constructor(private readonly options: XesReadOptions = {}) {
    const p = this.parser;
    p.on('opentag', (tag) => this.open(tag as SaxesTagPlain));
    p.on('closetag', (tag) => this.close(tag.name));
    p.on('error', (err) => {
      this.error ??= err.message;
    });
  }

  /** Not pure: feeds the next piece of the file. */
  write(chunk: string): void {
    if (this.error === null) this.parser.write(chunk);
  }

  /** Not pure: ends the file; the events, or the first problem. */
  finish(): XesReadResult {
    if (this.error === null) this.parser.close();
    if (this.error !== null) return { ok: false, message: this.error };
    return { ok: true, events: this.events, traces: this.traces };
  }

  private fail(message: string): void {
    this.error ??= `${this.parser.line}:${this.parser.column}: ${message}`;
  }

  private open(tag: SaxesTagPlain): void {
    const name = tag.name;
    const parent = this.stack[this.stack.length - 1];
    this.stack.push(name);
    if (this.stack.length === 1) {
      if (name !== 'log') this.fail(`the root element is <${name}>, not <log>`);
      return;
    }
    if (name === 'trace' && parent === 'log') {
      this.trace = [];
      this.traceName = null;
      return;
    }
    if (name === 'event' && parent === 'trace') {
      this.event = [];
      return;
    }
    if (name === 'values' && parent === 'list') return;
    if (this.event === null && this.trace === null) return; // log-level attributes, globals, extensions
    if (!SCALARS.has(name) && name !== 'list' && name !== 'container') return;
    const key = tag.attributes['key'] ?? '';
    const text = tag.attributes['value'] ?? '';
    const children = name === 'list' || name === 'container' ? ([] as [string, unknown][]) : null;
    this.frames.push({ tag: name, key, value: children === null ? this.scalar(name, text) : null, children });
  }

  private scalar(tag: string, text: string): unknown {
    switch (tag) {
      case 'int':
      case 'float': {
        const n = Number(text);
        if (text.trim() === '' || !Number.isFinite(n)) this.fail(`<${tag}> value "${text}" is not a number`);
        return n;
      }
      case 'boolean':
        return text === 'true';
      case 'date': {
        const ms = parseIsoTime(text);
        if (!Number.isFinite(ms)) this.fail(`<date> value "${text}" is not an ISO 8601 time`);
        if (!inDateRange(ms)) this.fail(`<date> value "${text}" is outside the range of dates`);
        return ms;
      }
      default:
        return text;
    }
  }

  private close(name: string): void {
    this.stack.pop();
    if (name === 'event' && this.event !== null && this.frames.length === 0) {
      this.trace?.push(this.toEvent(this.event));
      this.event = null;
      return;
    }
    if (name === 'trace' && this.trace !== null && this.event === null) {
      this.traces++;
      const caseName = this.traceName ?? String(this.traces);
      for (const ev of this.trace) this.events.push(this.withCase(ev, caseName));
      this.trace = null;
      return;
    }
    const top = this.frames[this.frames.length - 1];
    if (top === undefined || top.tag !== name) return;
    this.frames.pop();
    const value = top.children === null ? top.value : collect(top);
    const holder = this.frames[this.frames.length - 1];
    if (holder !== undefined) holder.children!.push([top.key, value]);
    else if (this.event !== null) this.event.push([top.key, value]);
    else if (top.key === 'concept:name' && typeof value === 'string') this.traceName = value;
  }

  private toEvent(attrs: [string, unknown][]): Record<string, unknown> {
    const o = this.options;
    const ev: Record<string, unknown> = {};
    let activity: unknown;
    for (const [key, value] of attrs) {
      // setOwn: a key is the file's text, and `__proto__` must stay a field like any other.
      if (key === 'concept:name') activity = value;
      else if (key === 'time:timestamp') setOwn(ev, o.time ?? 'timestamp', value);
      else if (key === 'lifecycle:transition') {
        if (value !== 'complete') ev['lifecycle:transition'] = value;
      } else setOwn(ev, key, value);
    }
    if (activity === undefined) this.fail('an <event> has no concept:name');
    setOwn(ev, o.activity ?? 'event', activity);
    if (o.target !== undefined && ev['targetDataSourceId'] === undefined) ev['targetDataSourceId'] = o.target;
    return ev;
  }

  private withCase(ev: Record<string, unknown>, caseName: string): Record<string, unknown> {
    const field = this.options.case;
    if (field !== undefined) {
      setOwn(ev, field, caseName);
      return ev;
    }
    const many = ev['correlationIds'];
    if (!(Array.isArray(many) && many[0] === caseName) && ev['correlationId'] === undefined)
      ev['correlationId'] = caseName;
    return ev;
  }
}

/** Pure: a list's values as an array, a container's as an object. */
function collect(f: Frame): unknown {
  if (f.tag === 'list') return f.children!.map(([, v]) => v);
  const o: Record<string, unknown> = {};
  for (const [k, v] of f.children!) setOwn(o, k, v);
  return o;
}

/** Pure: the events of a whole XES text. */
export function readXes(text: string, options: XesReadOptions = {}): XesReadResult {
  const r = new XesReader(options);
  r.write(text);
  return r.finish();
}
