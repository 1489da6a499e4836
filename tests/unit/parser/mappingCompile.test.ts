// The event mapping (mapping.ts) checked directly: each refusal with its exact sentence and path,
// event rules in order up to the last one, flags, the include switches, the picked fields, and
// numbers read from text at their edges. Expected values written by hand.
import { describe, expect, it } from 'vitest';
import {
  compileMapping,
  compileMasks,
  numericOrText,
  toExternalEvent,
  type CompiledMapping,
  type FieldContext,
} from '../../../src/parser';
import type { MappingConfig, ParsedEvent } from '../../../src/contract/parser';

const CTX: FieldContext = { fieldNames: ['Level', 'Pid', 'value'], maskNames: [] };
const MASKS = (() => {
  const r = compileMasks({ useDefaults: false });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

function compiled(config: unknown): CompiledMapping {
  const r = compileMapping(config as MappingConfig, CTX);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function refusal(config: unknown): { message: string; path: string } | null {
  const r = compileMapping(config as MappingConfig, CTX);
  if (r.ok) return null;
  expect(r.error.code).toBe('BAD_MAPPING');
  return { message: r.error.message, path: r.error.path ?? '' };
}

function event(over: Partial<ParsedEvent> = {}): ParsedEvent {
  return {
    lineId: 2,
    lineNo: 3,
    fields: { Level: 'WARN', Pid: '7', value: 'v' },
    content: 'disk 93 full',
    eventId: 'E4',
    template: 'disk <*> full',
    params: ['93'],
    ...over,
  };
}

describe('compileMapping refusals', () => {
  it('names what is wrong and where', () => {
    expect(refusal('x')).toEqual({ message: 'mapping must be an object', path: '/mapping' });
    expect(refusal({ targetDataSourceId: '' })).toEqual({
      message: 'targetDataSourceId must be a non-empty text',
      path: '/mapping/targetDataSourceId',
    });
    expect(refusal({ targetDataSourceId: 3 })?.path).toBe('/mapping/targetDataSourceId');
    expect(refusal({ fields: ['Level', 3] })).toEqual({
      message: 'fields must be "all" or a list of field names',
      path: '/mapping/fields',
    });
    expect(refusal({ eventRules: {} })).toEqual({
      message: 'eventRules must be a list of {pattern, event}',
      path: '/mapping/eventRules',
    });
    expect(refusal({ eventRules: ['x'] })).toEqual({
      message: 'an event rule must be an object {pattern, event}',
      path: '/mapping/eventRules/0',
    });
    expect(refusal({ eventRules: [{ pattern: 5, event: 'x' }] })).toEqual({
      message: 'pattern must be a non-empty regular expression',
      path: '/mapping/eventRules/0/pattern',
    });
    expect(refusal({ eventRules: [{ pattern: 'a', event: 5 }] })).toEqual({
      message: 'event must be a non-empty name',
      path: '/mapping/eventRules/0/event',
    });
    expect(refusal({ eventRules: [null] })).toEqual({
      message: 'an event rule must be an object {pattern, event}',
      path: '/mapping/eventRules/0',
    });
    expect(refusal({ eventRules: [{ pattern: '', event: 'x' }] })).toEqual({
      message: 'pattern must be a non-empty regular expression',
      path: '/mapping/eventRules/0/pattern',
    });
    expect(refusal({ eventRules: [{ pattern: 'a', event: '' }] })).toEqual({
      message: 'event must be a non-empty name',
      path: '/mapping/eventRules/0/event',
    });
    expect(refusal({ eventRules: [{ pattern: 'a', event: 'x', on: 'fields' }] })).toEqual({
      message: 'on must be "content" or "template"',
      path: '/mapping/eventRules/0/on',
    });
    expect(refusal({ eventRules: [{ pattern: '(', event: 'x' }] })).toEqual({
      message: 'pattern is not a valid regular expression: Unterminated group',
      path: '/mapping/eventRules/0/pattern',
    });
    expect(
      refusal({
        eventRules: [
          { pattern: 'a', event: 'x' },
          { pattern: 'a(?=b)', event: 'y' },
        ],
      }),
    ).toEqual({
      message:
        'pattern "a(?=b)": the lookahead "(?=" at character 2 has no linear-time form (RE2 has no lookahead); match the text after it instead, or drop it',
      path: '/mapping/eventRules/1/pattern',
    });
    expect(refusal({ eventRules: [{ pattern: 'a', event: 'x', flags: 'x' }] })).toEqual({
      message: 'pattern is not a valid regular expression: flags "x" are not allowed; use any of i, m, s, u',
      path: '/mapping/eventRules/0/flags',
    });
    const nested = refusal({ eventRules: [{ pattern: '(a+)+', event: 'x' }] });
    expect(nested?.message).toMatch(/^pattern "\(a\+\)\+": the group "\(a\+\)\+" repeats a repetition/);
    expect(nested?.path).toBe('/mapping/eventRules/0/pattern');
  });

  it('takes a missing mapping as every default', () => {
    const m = compiled(undefined);
    expect(m.target).toBe('logs');
    expect(m.fields).toBe('all');
    expect(m.include).toEqual({
      content: true,
      eventId: true,
      template: true,
      params: true,
      lineId: true,
      timestamp: true,
    });
    expect(m.event).toEqual({ kind: 'builtin', name: 'eventId' });
    expect(m.eventRules).toEqual([]);
    expect(m.value).toBeNull();
  });
});

describe('toExternalEvent', () => {
  it('names the event by the first rule that matches, up to the last rule, else by `event`', () => {
    const m = compiled({
      eventRules: [
        { pattern: '^disk', event: 'first', on: 'template' },
        { pattern: 'no such', event: 'never' },
        { pattern: 'FULL', flags: 'gyig', event: 'last' },
      ],
    });
    expect(toExternalEvent(event(), m, MASKS).event).toBe('first');
    expect(toExternalEvent(event({ template: 'x <*> full' }), m, MASKS).event).toBe('last');
    expect(toExternalEvent(event({ template: 'x', content: 'x' }), m, MASKS).event).toBe('E4');
    const none = compiled({ event: 'param:5' });
    expect(toExternalEvent(event(), none, MASKS).event).toBe('');
  });

  it('takes on: "content" and on: "template" as the two places a rule reads', () => {
    const c = compiled({ eventRules: [{ pattern: '93', event: 'hit', on: 'content' }] });
    expect(toExternalEvent(event(), c, MASKS).event).toBe('hit');
  });

  it('reads a rule on the content unless it says template', () => {
    const m = compiled({ eventRules: [{ pattern: '93', event: 'hit' }] });
    expect(toExternalEvent(event(), m, MASKS).event).toBe('hit');
    const t = compiled({ eventRules: [{ pattern: '93', event: 'hit', on: 'template' }] });
    expect(toExternalEvent(event(), t, MASKS).event).toBe('E4');
  });

  it('keeps only the listed fields that the event has, never a reserved key, and no built-in left out', () => {
    const m = compiled({
      targetDataSourceId: 'src',
      fields: ['Pid', 'Missing', 'value'],
      value: 'Pid',
      include: { content: false, eventId: false, template: false, params: false, lineId: false },
    });
    const out = toExternalEvent(event({ groupKey: 'g1' }), m, MASKS);
    expect(Object.keys(out)).toEqual(['targetDataSourceId', 'correlationId', 'event', 'value', 'Pid']);
    expect(out).toEqual({
      targetDataSourceId: 'src',
      correlationId: 'g1',
      event: 'E4',
      value: 7,
      Pid: '7',
    });
  });

  it('gives every built-in by default, params as a copy, and no value for a field the event lacks', () => {
    const e = event({ fields: { Level: 'INFO' } });
    const out = toExternalEvent(e, compiled({ value: 'Pid' }), MASKS);
    expect(out).toEqual({
      targetDataSourceId: 'logs',
      event: 'E4',
      Level: 'INFO',
      lineId: 2,
      content: 'disk 93 full',
      eventId: 'E4',
      template: 'disk <*> full',
      params: ['93'],
    });
    (out.params as string[]).push('x');
    expect(e.params).toEqual(['93']);
  });
});

describe('numericOrText at its edges', () => {
  it.each([
    ['+3', 3],
    ['12.5', 12.5],
    ['.55', 0.55],
    ['1e10', 10_000_000_000],
    ['1.', 1],
    ['1e+2', 100],
    ['2E-1', 0.2],
    ['1e', '1e'],
    ['-', '-'],
    ['.', '.'],
    ['1e999', '1e999'],
    ['  ', '  '],
    ['1 2', '1 2'],
    ['a1', 'a1'],
    ['1a', '1a'],
  ])('%j → %j', (text, value) => {
    expect(numericOrText(text)).toBe(value);
  });
});

describe('a field named __proto__ in the external event', () => {
  it('is an ordinary own field: enumerable, writable and configurable', () => {
    const out = toExternalEvent(event({ fields: JSON.parse('{"__proto__":"p"}') }), compiled({}), MASKS);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')).toEqual({
      value: 'p',
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
});
