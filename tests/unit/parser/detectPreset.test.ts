// Picking a preset for a log (src/parser/formats/presets.ts, `detectPreset`): which sampled lines
// count (indented continuation lines do not) and a registry preset whose format does not compile
// is passed over rather than breaking the detection. Expected answers worked out by hand from the
// function's documented rules.
import { describe, expect, it } from 'vitest';
import { detectPreset, PresetRegistry } from '../../../src/parser';

describe('detectPreset', () => {
  it('leaves indented lines out of the sample', () => {
    // Two JSON lines and two indented lines no preset reads: the rate is over the two JSON lines.
    const text = '{"msg":"started"}\n    continued line\n{"msg":"stopped"}\n\tat Job.run\n';
    expect(detectPreset(text)).toEqual({ name: 'json', rate: 1 });
    // Only indented lines: nothing is sampled, so nothing is detected.
    expect(detectPreset('    {"msg":"a"}\n\t{"msg":"b"}\n')).toBeNull();
  });

  it('leaves blank lines out of the sample (an empty line, and one holding only its CR)', () => {
    // Two JSON lines, an empty line and a CRLF blank line: the rate is over the two JSON lines.
    expect(detectPreset('{"msg":"a"}\n\n{"msg":"b"}\r\n\r\n')).toEqual({ name: 'json', rate: 1 });
  });

  it('passes over a preset whose format does not compile', () => {
    const presets = new PresetRegistry({
      broken: { description: 'an empty regex', format: { kind: 'regex', pattern: '' } },
      lines: { description: 'JSON lines', format: { kind: 'json' } },
    });
    expect(detectPreset('{"msg":"a"}\n{"msg":"b"}\n', { presets })).toEqual({ name: 'lines', rate: 1 });
  });

  it('keeps the preset reading the largest share when a later one reads fewer lines', () => {
    // `<Content>` reads both lines (rate 1); JSON only the first (rate 1/2, at minRate).
    const presets = new PresetRegistry({
      text: { description: 'any line', format: { kind: 'format', pattern: '<Content>' } },
      lines: { description: 'JSON lines', format: { kind: 'json' } },
    });
    expect(detectPreset('{"msg":"a"}\nplain text\n', { presets })).toEqual({ name: 'text', rate: 1 });
  });

  it('on a tie prefers the format string with more literal text, even when it comes later', () => {
    // Both read both lines. Outside their fields `<Component>: <Content>` requires `:` (1 character),
    // `sshd\[<Pid>\]: <Content>` requires `sshd[]:` (7), so the more specific second one wins.
    const presets = new PresetRegistry({
      loose: { description: 'any component', format: { kind: 'format', pattern: '<Component>: <Content>' } },
      sshd: { description: 'sshd only', format: { kind: 'format', pattern: String.raw`sshd\[<Pid>\]: <Content>` } },
    });
    const text = 'sshd[1]: session opened\nsshd[22]: session closed\n';
    expect(detectPreset(text, { presets })).toEqual({ name: 'sshd', rate: 1 });
  });

  it('on a tie counts spaces as no literal text: a colon outweighs any number of spaces', () => {
    // Both read both lines. Outside their fields `<A> <B> <Content>` requires only whitespace (0
    // literal characters; spaces match any whitespace run), `<A>:<Content>` requires `:` (1), so the
    // later one wins the tie.
    const presets = new PresetRegistry({
      words: { description: 'three words', format: { kind: 'format', pattern: '<A> <B> <Content>' } },
      colon: { description: 'a colon', format: { kind: 'format', pattern: '<A>:<Content>' } },
    });
    expect(detectPreset('app:x y z\ndb:r s t\n', { presets })).toEqual({ name: 'colon', rate: 1 });
  });

  it('keeps the preset reading more lines even when a later one has more literal text or the field', () => {
    // `<Content>` reads all four lines (rate 1); `sshd\[<Pid>\]: <Content>` only the two sshd lines
    // (rate 1/2, at minRate) though it has 7 literal characters to 0 and the field Pid: the share
    // decides first, literal text and the field only break a tie.
    const presets = new PresetRegistry({
      text: { description: 'any line', format: { kind: 'format', pattern: '<Content>' } },
      sshd: { description: 'sshd only', format: { kind: 'format', pattern: String.raw`sshd\[<Pid>\]: <Content>` } },
    });
    const text = 'sshd[1]: session opened\nplain text\nsshd[22]: session closed\nmore text\n';
    expect(detectPreset(text, { presets })).toEqual({ name: 'text', rate: 1 });
    expect(detectPreset(text, { presets, field: 'Pid' })).toEqual({ name: 'text', rate: 1 });
  });
});
