// Field specs and group counting (group.ts) checked directly: how a spec resolves (prefix, bare name
// order: header field, mask, built-in, then a key for JSON/logfmt), the exact refusals, what each
// kind of reference reads from an event, and the counts per group. Expected values written by hand.
import { describe, expect, it } from 'vitest';
import { compileMasks, GroupCounter, readFieldRef, resolveFieldRef, type FieldContext } from '../../../src/parser';
import type { ParsedEvent } from '../../../src/contract/parser';

const FORMAT: FieldContext = { fieldNames: ['Level', 'eventId'], maskNames: ['blk', 'Level'] };
const KEYS: FieldContext = { fieldNames: null, maskNames: [] };
const BARE: FieldContext = { fieldNames: [], maskNames: [] };

function masks() {
  const r = compileMasks({ useDefaults: false, custom: [{ name: 'blk', pattern: 'blk_\\d+' }] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function event(over: Partial<ParsedEvent> = {}): ParsedEvent {
  return {
    lineId: 4,
    lineNo: 9,
    fields: { Level: 'INFO' },
    content: 'got blk_17 and blk_2',
    eventId: 'E3',
    template: 'got <blk> and <blk>',
    params: ['blk_17', 'blk_2'],
    ...over,
  };
}

describe('resolveFieldRef', () => {
  it('reads the prefixes param:, mask: and field:', () => {
    expect(resolveFieldRef('param:0', FORMAT, '/g')).toEqual({ ok: true, value: { kind: 'param', index: 0 } });
    expect(resolveFieldRef('param:12', FORMAT, '/g')).toEqual({ ok: true, value: { kind: 'param', index: 12 } });
    expect(resolveFieldRef('mask:blk', FORMAT, '/g')).toEqual({ ok: true, value: { kind: 'mask', name: 'blk' } });
    expect(resolveFieldRef('field:Level', FORMAT, '/g')).toEqual({ ok: true, value: { kind: 'field', name: 'Level' } });
    expect(resolveFieldRef('field:any', KEYS, '/g')).toEqual({ ok: true, value: { kind: 'field', name: 'any' } });
  });

  it('resolves a bare name as a header field first, then a mask, then a built-in, then (JSON/logfmt) a key', () => {
    expect(resolveFieldRef('Level', FORMAT, '/g')).toEqual({ ok: true, value: { kind: 'field', name: 'Level' } });
    expect(resolveFieldRef('eventId', FORMAT, '/g')).toEqual({ ok: true, value: { kind: 'field', name: 'eventId' } });
    expect(resolveFieldRef('blk', FORMAT, '/g')).toEqual({ ok: true, value: { kind: 'mask', name: 'blk' } });
    expect(resolveFieldRef('lineNo', FORMAT, '/g')).toEqual({ ok: true, value: { kind: 'builtin', name: 'lineNo' } });
    expect(resolveFieldRef('content', KEYS, '/g')).toEqual({ ok: true, value: { kind: 'builtin', name: 'content' } });
    expect(resolveFieldRef('anything', KEYS, '/g')).toEqual({ ok: true, value: { kind: 'field', name: 'anything' } });
    // A bare name that begins like a prefix is no prefix.
    expect(resolveFieldRef('params', KEYS, '/g')).toEqual({ ok: true, value: { kind: 'field', name: 'params' } });
    // A colon with an unknown prefix is part of a bare name.
    expect(resolveFieldRef('a:b', KEYS, '/g')).toEqual({ ok: true, value: { kind: 'field', name: 'a:b' } });
  });

  it('refuses with the exact sentence, the code asked for and the path', () => {
    expect(resolveFieldRef('  ', FORMAT, '/g')).toEqual({
      ok: false,
      error: {
        code: 'BAD_GROUP_BY',
        message: 'a field spec must be a non-empty text (e.g. "Pid", "param:0", "mask:blk")',
        path: '/g',
      },
    });
    expect(resolveFieldRef(7, FORMAT, '/m', 'BAD_MAPPING')).toMatchObject({
      ok: false,
      error: { code: 'BAD_MAPPING', path: '/m' },
    });
    const message = (spec: string, ctx: FieldContext) => {
      const r = resolveFieldRef(spec, ctx, '/g');
      return r.ok ? null : r.error.message;
    };
    expect(message('param:', FORMAT)).toBe('"param:": a parameter is param:N with N a number from 0');
    expect(message('param:1x', FORMAT)).toBe('"param:1x": a parameter is param:N with N a number from 0');
    expect(message('param:x1', FORMAT)).toBe('"param:x1": a parameter is param:N with N a number from 0');
    expect(message('mask:ip', FORMAT)).toBe('"mask:ip": no mask is named "ip" (masks: blk, Level)');
    expect(message('mask:ip', BARE)).toBe('"mask:ip": no mask is named "ip" (masks: none)');
    expect(message('field:Pid', FORMAT)).toBe('"field:Pid": the format has no field "Pid" (fields: Level, eventId)');
    expect(message('field:Pid', BARE)).toBe('"field:Pid": the format has no field "Pid" (fields: none)');
    expect(message('Pid', FORMAT)).toBe(
      '"Pid" is not a field of the format (Level, eventId), a mask (blk, Level), param:N or a built-in (content, eventId, template, lineId, lineNo)',
    );
    expect(message('Pid', BARE)).toBe(
      '"Pid" is not a field of the format (none), a mask (none), param:N or a built-in (content, eventId, template, lineId, lineNo)',
    );
  });
});

describe('readFieldRef', () => {
  const m = masks();
  it('reads a header field only when the event has it as its own', () => {
    expect(readFieldRef({ kind: 'field', name: 'Level' }, event(), m)).toBe('INFO');
    expect(readFieldRef({ kind: 'field', name: 'Pid' }, event(), m)).toBeUndefined();
    expect(readFieldRef({ kind: 'field', name: 'constructor' }, event(), m)).toBeUndefined();
  });

  it('reads a parameter by index, the first text a mask matched, and the built-ins as text', () => {
    expect(readFieldRef({ kind: 'param', index: 1 }, event(), m)).toBe('blk_2');
    expect(readFieldRef({ kind: 'param', index: 2 }, event(), m)).toBeUndefined();
    expect(readFieldRef({ kind: 'mask', name: 'blk' }, event(), m)).toBe('blk_17');
    expect(readFieldRef({ kind: 'builtin', name: 'lineId' }, event(), m)).toBe('4');
    expect(readFieldRef({ kind: 'builtin', name: 'lineNo' }, event(), m)).toBe('9');
    expect(readFieldRef({ kind: 'builtin', name: 'eventId' }, event(), m)).toBe('E3');
    expect(readFieldRef({ kind: 'builtin', name: 'template' }, event(), m)).toBe('got <blk> and <blk>');
    expect(readFieldRef({ kind: 'builtin', name: 'content' }, event(), m)).toBe('got blk_17 and blk_2');
  });
});

describe('GroupCounter', () => {
  const m = masks();
  const byLevel = { kind: 'field', name: 'Level' } as const;

  it('counts per key in order of first appearance, an empty key as a missing one', () => {
    const g = new GroupCounter(byLevel, m, '(none)');
    const events = [
      event({ lineNo: 1, fields: { Level: 'WARN' } }),
      event({ lineNo: 2, fields: {} }),
      event({ lineNo: 3, fields: { Level: 'INFO' } }),
      event({ lineNo: 4, fields: { Level: '' } }),
      event({ lineNo: 5, fields: { Level: 'WARN' } }),
    ];
    for (const e of events) g.assign(e);
    expect(g.size).toBe(3);
    expect(g.ungrouped).toBe(2);
    expect(events.map((e) => e.groupKey)).toEqual(['WARN', '(none)', 'INFO', '(none)', 'WARN']);
    expect(g.summary()).toEqual([
      { key: 'WARN', count: 2, firstLine: 1 },
      { key: '(none)', count: 2, firstLine: 2 },
      { key: 'INFO', count: 1, firstLine: 3 },
    ]);
  });

  it('without a bucket leaves keyless events without a key, counted as ungrouped', () => {
    const g = new GroupCounter(byLevel, m, null);
    const keyless = event({ fields: { Level: '' } });
    g.assign(keyless);
    g.assign(event({ fields: {} }));
    expect(keyless.groupKey).toBeUndefined();
    expect(g.keyOf(event({ fields: {} }))).toBeUndefined();
    expect(g.ungrouped).toBe(2);
    expect(g.size).toBe(0);
    expect(g.summary()).toEqual([]);
  });

  it('keyOf sets the key without counting; summary hands out copies', () => {
    const g = new GroupCounter(byLevel, m, 'none');
    const e = event();
    expect(g.keyOf(e)).toBe('INFO');
    expect(e.groupKey).toBe('INFO');
    expect(g.keyOf(event({ fields: {} }))).toBe('none');
    expect(g.size).toBe(0);
    g.assign(e);
    const first = g.summary();
    first[0]!.count = 99;
    expect(g.summary()).toEqual([{ key: 'INFO', count: 1, firstLine: 9 }]);
  });
});
