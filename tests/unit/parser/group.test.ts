import { describe, expect, it } from 'vitest';
import { parseLog, type ParserConfig } from '../../../src/parser';
import { parsed, withFormat } from './helpers';

const SSH = [
  'Dec 10 06:55:46 box sshd[1]: Invalid user a from 1.1.1.1',
  'Dec 10 06:55:47 box sshd[2]: Invalid user b from 1.1.1.2',
  'Dec 10 06:55:48 box sshd[1]: Connection closed by 1.1.1.1',
];

describe('groupByField', () => {
  it('by a header field: each key is a correlation id, events keep their order', () => {
    const r = parsed(SSH, { name: 't', format: { kind: 'preset', name: 'syslog' }, groupByField: 'Pid' });
    expect(r.events.map((e) => e.groupKey)).toEqual(['1', '2', '1']);
    expect(r.groups).toEqual([
      { key: '1', count: 2, firstLine: 1 },
      { key: '2', count: 1, firstLine: 2 },
    ]);
    expect(r.stats.groups).toBe(2);
  });

  it('by a named group of a regex format', () => {
    const r = parsed(['req=a1 GET /x', 'req=b2 GET /y', 'req=a1 200'], {
      name: 't',
      format: { kind: 'regex', pattern: '^req=(?<req>\\S+) (?<Content>.*)$' },
      groupByField: 'req',
    });
    expect(r.groups.map((g) => [g.key, g.count])).toEqual([
      ['a1', 2],
      ['b2', 1],
    ]);
  });

  it('by a JSON key (keys vary per line, so any name is accepted)', () => {
    const r = parsed(['{"msg":"start","trace":"t1"}', '{"msg":"stop","trace":"t1"}', '{"msg":"lost"}'], {
      name: 't',
      format: { kind: 'json' },
      groupByField: 'trace',
    });
    expect(r.events.map((e) => e.groupKey)).toEqual(['t1', 't1', '_ungrouped']);
    expect(r.stats.ungrouped).toBe(1);
  });

  it('by a logfmt key', () => {
    const r = parsed(['msg=hi session=9', 'msg=bye session=9'], {
      name: 't',
      format: { kind: 'logfmt' },
      groupByField: 'session',
    });
    expect(r.groups).toEqual([{ key: '9', count: 2, firstLine: 1 }]);
  });

  it('by a template parameter (param:N, from 0, of the final template)', () => {
    const r = parsed(
      [
        'user alice logged in',
        'user bob logged in',
        'user alice logged out',
        'user carol logged in',
        'user dave logged in',
        'user erin logged in',
      ],
      withFormat('<Content>', { groupByField: 'param:0' }),
    );
    expect(r.events.map((e) => e.groupKey)).toEqual(['alice', 'bob', '_ungrouped', 'carol', 'dave', 'erin']);
  });

  it('by a named mask: the first text it matched (blk)', () => {
    const config: ParserConfig = { name: 't', format: { kind: 'preset', name: 'hdfs' }, groupByField: 'blk' };
    const r = parsed(
      [
        '081109 203615 148 INFO dfs.DataNode$PacketResponder: PacketResponder 1 for block blk_38865049064139660 terminating',
        '081109 203807 222 INFO dfs.DataNode$PacketResponder: PacketResponder 0 for block blk_-6952295868487656571 terminating',
        '081109 204005 35 INFO dfs.FSNamesystem: BLOCK* NameSystem.addStoredBlock: blockMap updated: 10.251.73.220:50010 is added to blk_38865049064139660 size 67108864',
      ],
      config,
    );
    expect(r.groups.map((g) => [g.key, g.count])).toEqual([
      ['blk_38865049064139660', 2],
      ['blk_-6952295868487656571', 1],
    ]);
    expect(
      parsed(SSH[0]!, { name: 't', format: { kind: 'preset', name: 'syslog' }, groupByField: 'mask:IP' }).groups[0]!
        .key,
    ).toBe('1.1.1.1');
  });

  it('by a built-in: the event id', () => {
    const r = parsed(['a 1', 'b', 'a 2'], withFormat('<Content>', { groupByField: 'eventId' }));
    expect(r.groups.map((g) => [g.key, g.count])).toEqual([
      ['E1', 2],
      ['E2', 1],
    ]);
  });

  it('puts events without the key in the missing-key bucket, or leaves them ungrouped', () => {
    const lines = ['a=1 msg=x', 'msg=y'];
    const own = parsed(lines, { name: 't', format: { kind: 'logfmt' }, groupByField: 'a', missingGroupKey: 'none' });
    expect(own.groups).toEqual([
      { key: '1', count: 1, firstLine: 1 },
      { key: 'none', count: 1, firstLine: 2 },
    ]);
    const off = parsed(lines, { name: 't', format: { kind: 'logfmt' }, groupByField: 'a', missingGroupKey: null });
    expect(off.groups).toEqual([{ key: '1', count: 1, firstLine: 1 }]);
    expect(off.events[1]!.groupKey).toBeUndefined();
    expect(off.stats.ungrouped).toBe(1);
  });

  it('without a group field there are no groups', () => {
    const r = parsed('a\nb', withFormat('<Content>'));
    expect(r.groups).toEqual([]);
    expect(r.events[0]!.groupKey).toBeUndefined();
  });

  it.each([
    ['Nope', 'is not a field of the format (Level), a mask'],
    ['param:x', 'param:N'],
    ['mask:nope', 'no mask is named "nope"'],
    ['field:Nope', 'the format has no field "Nope"'],
  ])('rejects %j', (spec, reason) => {
    const r = parseLog('x', withFormat('<Level> <Content>', { groupByField: spec }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatchObject({ code: 'BAD_GROUP_BY', path: '/groupByField' });
      expect(r.error.message).toContain(reason);
    }
  });
});
