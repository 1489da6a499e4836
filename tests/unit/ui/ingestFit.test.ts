import { describe, expect, it } from 'vitest';
import type { ParserConfigRecord, Template } from '../../../src/contract/wire';
import { configsFor, escapeRegex, listenedNames, mapTemplate, mappedEvent } from '../../../src/ui/state/ingest/fit';

const template = (resources: unknown[] = []): Template =>
  ({
    id: 't',
    name: 'T',
    resources,
    scenario: {
      nodes: [
        { nodeId: 'src', type: 'DataSource' },
        {
          nodeId: 'f',
          type: 'FSM',
          fsm: {
            transitions: [
              { from: 'a', to: 'b', trigger: 'go' },
              { from: 'b', to: 'a', trigger: 'token_received' },
              { from: 'b', to: 'c', trigger: 'timer', after: 2 },
              { from: 'a', to: 'c', trigger: 'stop' },
              { from: 'c', to: 'a', trigger: 'go' },
              { from: 'c', to: 'a' },
            ],
          },
        },
      ],
    },
  }) as unknown as Template;

const config = (id: string, events: string[] = []): ParserConfigRecord =>
  ({
    id,
    name: id,
    sources: [],
    mapping: { eventRules: events.map((event) => ({ pattern: 'x', event })) },
  }) as unknown as ParserConfigRecord;

describe('listenedNames', () => {
  it('lists the event-name triggers once each, leaving out any-token and timer triggers', () => {
    expect(listenedNames(template())).toEqual(['go', 'stop']);
  });
});

describe('configsFor', () => {
  it('offers the configurations the template names first, then those whose rules give a name it listens for', () => {
    const list = [config('other', ['stop']), config('none', ['nothing']), config('named'), config('both', ['go'])];
    expect(configsFor(template([{ type: 'parserConfig', id: 'named' }]), list).map((c) => c.id)).toEqual([
      'named',
      'other',
      'both',
    ]);
  });
});

describe('mapping template ids to event names', () => {
  const T = 'Failed password for <*> from <ip> port <NUM> ssh2 (x.y)';
  it('escapes the template as a whole-text pattern', () => {
    expect(escapeRegex('a.b*(c)')).toBe('a\\.b\\*\\(c\\)');
    const re = new RegExp(mapTemplate([], T, 'auth_fail')[0]!.pattern);
    expect(re.test(T)).toBe(true);
    expect(re.test(`${T} more`)).toBe(false);
  });
  it('adds, replaces in place and removes the rule on a template, leaving the other rules', () => {
    const keep = { pattern: '^Accepted', event: 'auth_ok', on: 'content' as const };
    const added = mapTemplate([keep], T, 'auth_fail');
    expect(added).toEqual([keep, { pattern: `^${escapeRegex(T)}$`, event: 'auth_fail', on: 'template' }]);
    expect(mappedEvent(added, T)).toBe('auth_fail');
    const replaced = mapTemplate([added[1]!, keep], T, 'disconnect');
    expect(replaced.map((r) => r.event)).toEqual(['disconnect', 'auth_ok']);
    expect(mapTemplate(replaced, T, '')).toEqual([keep]);
    expect(mappedEvent([keep], T)).toBe('');
  });
});
