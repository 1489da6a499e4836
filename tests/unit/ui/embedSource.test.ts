import { describe, expect, it } from 'vitest';
import { readEmbedOptions, resolveSrc, workflowFrom, workflowFromFragment } from '../../../src/ui/embed/source';

describe('embed options', () => {
  it('reads every option, and gives defaults for missing or malformed ones', () => {
    expect(readEmbedOptions('?src=a.json&step=3&autoplay=1&speed=30&theme=dark&height=420')).toEqual({
      src: 'a.json',
      step: 3,
      autoplay: true,
      speed: 30,
      theme: 'dark',
      height: 420,
    });
    expect(readEmbedOptions('?step=-1&autoplay=yes&speed=abc&theme=pink&height=5')).toEqual({
      src: null,
      step: 0,
      autoplay: false,
      speed: 4,
      theme: null,
      height: null,
    });
  });

  it('snaps a speed to the nearest one the transport offers', () => {
    expect(readEmbedOptions('?speed=2').speed).toBe(2);
    expect(readEmbedOptions('?speed=8').speed).toBe(10);
    expect(readEmbedOptions('?speed=25').speed).toBe(30);
    expect(readEmbedOptions('?speed=1000').speed).toBe(30);
  });
});

describe('embed sources', () => {
  const player = 'https://docs.example.org/demo/embed.html?x=1';

  it('resolves src against the player, and refuses another origin', () => {
    expect(resolveSrc('examples/a.json', player)).toEqual({
      ok: true,
      url: 'https://docs.example.org/demo/examples/a.json',
    });
    expect(resolveSrc('/flows/b.json', player)).toEqual({ ok: true, url: 'https://docs.example.org/flows/b.json' });
    const other = resolveSrc('https://evil.example.com/c.json', player);
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.message).toContain('another site');
  });

  it('takes a template file, a bare scenario, or a message with events and a seed', () => {
    const scenario = { version: '3.0', nodes: [{ nodeId: 'a', type: 'DataSource' }] };
    expect(workflowFrom({ name: 'T', description: 'D', scenario }, 'x')).toEqual({
      ok: true,
      workflow: { name: 'T', description: 'D', scenario, events: [], seed: null },
    });
    expect(workflowFrom(scenario, 'x')).toEqual({
      ok: true,
      workflow: { name: 'Embedded workflow', description: '', scenario, events: [], seed: null },
    });
    const message = { type: 'flowledger:load', template: { name: 'M', scenario }, events: [{ v: 1 }, 3], seed: 9 };
    expect(workflowFrom(message, 'x')).toEqual({
      ok: true,
      workflow: { name: 'M', description: '', scenario, events: [{ v: 1 }], seed: 9 },
    });
  });

  it('says what is missing instead of throwing', () => {
    expect(workflowFrom([1], 'the file')).toEqual({ ok: false, message: 'the file is not a JSON object' });
    expect(workflowFrom({ name: 'x' }, 'the file')).toEqual({
      ok: false,
      message: expect.stringContaining('holds no scenario'),
    });
    expect(workflowFromFragment('#other')).toBeNull();
    expect(workflowFromFragment('#json=%7Bnope')).toEqual({
      ok: false,
      message: expect.stringContaining('does not read'),
    });
    expect(workflowFromFragment(`#json=${encodeURIComponent('{"nodes":[]}')}`)).toMatchObject({ ok: true });
  });
});
