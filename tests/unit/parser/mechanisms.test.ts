import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../src/parser';
import { parsed, withFormat } from './helpers';

/** Small hand-made logs, one per mechanism of template mining (docs/parser.md, "Template mining"). */
const PLAIN = withFormat('<Content>');

function groups(lines: string[]): string[][] {
  const r = parsed(lines, PLAIN);
  const by = new Map<string, string[]>();
  for (const e of r.events) by.set(e.eventId, [...(by.get(e.eventId) ?? []), e.content]);
  return [...by.values()];
}

describe('template mining mechanisms', () => {
  it('keeps one-word messages apart: no template is left without a constant word', () => {
    const lines = ['running', 'normal', 'warning', 'blocked', 'running', 'critical', 'normal'];
    const r = parsed(lines, PLAIN);
    expect(new Set(r.events.map((e) => e.template))).toEqual(
      new Set(['running', 'normal', 'warning', 'blocked', 'critical']),
    );
    expect(r.templates.every((t) => t.template !== '<*>')).toBe(true);
    // Two-word messages too: `<*> <*>` would absorb every other two-word line.
    const two = parsed(['disk full', 'link down', 'fan failed', 'power lost', 'disk full'], PLAIN);
    expect(two.templates).toHaveLength(4);
  });

  it('keeps a recurring digit-bearing token constant, and a one-off one a parameter', () => {
    const lines: string[] = [];
    for (let i = 0; i < 6; i++) {
      lines.push(`node n${i * 2} up via interface ee0`);
      lines.push(`node n${i * 2 + 1} up via interface alt0`);
    }
    const r = parsed(lines, PLAIN);
    expect(new Set(r.events.map((e) => e.template))).toEqual(
      new Set(['node <*> up via interface ee0', 'node <*> up via interface alt0']),
    );
    // eth0 and eth1, each on one line only, are a parameter of one event.
    const once = parsed(['allocating buffer for eth0', 'allocating buffer for eth1'], PLAIN);
    expect(once.templates.map((t) => t.template)).toEqual(['allocating buffer for <*>']);
  });

  it('splits an event by a position that shows only a few words, each its own event', () => {
    const lines: string[] = [];
    for (let i = 0; i < 5; i++) {
      lines.push(`session ${100 + i} initialized by client UpdateAgent`);
      lines.push(`instance ${i} VM Started`, `instance ${i} VM Paused`, `instance ${i} VM Resumed`);
    }
    lines.push('session 7 initialized by client SPP');
    const g = groups(lines);
    expect(g).toHaveLength(5);
    expect(g.find((x) => x[0]!.endsWith('SPP'))).toEqual(['session 7 initialized by client SPP']);
  });

  it('makes a position with variableAfter (5) or more words a parameter', () => {
    const users = ['admin', 'oracle', 'test', 'guest', 'pi', 'admin'];
    const r = parsed(
      users.map((u, i) => `Invalid user ${u} from 10.0.0.${i}`),
      PLAIN,
    );
    expect(r.templates.map((t) => t.template)).toEqual(['Invalid user <*> from <IP>']);
    expect(r.events.map((e) => e.params[0])).toEqual(users);
  });

  it('treats the value of a key=value or key:value pair as a parameter, however few its values', () => {
    const lines = ['overlap:false', 'overlap:true', 'overlap:false', 'lock expand=true', 'lock expand=false'];
    expect(parsed(lines, PLAIN).templates.map((t) => t.template)).toEqual(['overlap:<*>', 'lock expand=<*>']);
  });

  it('splits punctuation runs and separators inside a word into sub-tokens', () => {
    expect(tokenize('processor.........0 cpu').tokens).toEqual(['processor', '.........', '0', 'cpu']);
    expect(tokenize('cancel,index:3 a|b;c').tokens).toEqual(['cancel', ',', 'index:', '3', 'a', '|', 'b', ';', 'c']);
    // A placeholder after a colon stays with it: `host:<NUM>` is one variable token.
    expect(tokenize('wpad:<NUM> error').tokens).toEqual(['wpad:<NUM>', 'error']);
    const r = parsed(['processor.........0 ok', 'processor.........1 ok', 'processor.........2 ok'], PLAIN);
    expect(r.templates.map((t) => t.template)).toEqual(['processor.........<*> ok']);
  });
});
