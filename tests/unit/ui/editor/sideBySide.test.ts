import { describe, expect, it } from 'vitest';
import { sideBySide } from '../../../../src/ui/controllers/editor/sideBySide';

const differing = (lines: { n: number; differs: boolean }[]) => lines.filter((l) => l.differs).map((l) => l.n);

describe('side by side (the Compare of a save conflict)', () => {
  it('marks only the lines between the common first and last ones, on each side', () => {
    const theirs = '{\n  "name": "Renamed",\n  "scenario": {\n    "maxSteps": 10\n  }\n}\n';
    const mine = '{\n  "name": "Orders",\n  "scenario": {\n    "maxSteps": 99\n  }\n}\n';
    const { left, right } = sideBySide(theirs, mine);
    expect(differing(left)).toEqual([2, 3, 4]);
    expect(differing(right)).toEqual([2, 3, 4]);
    expect(left[1]!.text).toBe('  "name": "Renamed",');
  });

  it('marks an added line on one side only, and nothing for equal texts', () => {
    const { left, right } = sideBySide('a\nb\nc', 'a\nb\nx\nc');
    expect(differing(left)).toEqual([]);
    expect(differing(right)).toEqual([3]);
    const same = sideBySide('a\nb', 'a\nb');
    expect([...differing(same.left), ...differing(same.right)]).toEqual([]);
  });
});
