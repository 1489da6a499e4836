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

  it('passes over a preset whose format does not compile', () => {
    const presets = new PresetRegistry({
      broken: { description: 'an empty regex', format: { kind: 'regex', pattern: '' } },
      lines: { description: 'JSON lines', format: { kind: 'json' } },
    });
    expect(detectPreset('{"msg":"a"}\n{"msg":"b"}\n', { presets })).toEqual({ name: 'lines', rate: 1 });
  });
});
