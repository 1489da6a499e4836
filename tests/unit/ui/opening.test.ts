import { describe, expect, it } from 'vitest';
import { openingDetail } from '../../../src/ui/state/run/opening';

/** What a slow "Opening the template…" names (issue 38, item 12): the waits still under way. */
describe('openingDetail', () => {
  it('names the engine step under way and the workspace code still loading', () => {
    expect(openingDetail({ kind: 'template' }, true)).toBe(
      "Still waiting for the engine to read the template and its runs and for the workspace's code to load.",
    );
    expect(openingDetail({ kind: 'create' }, false)).toBe(
      "Still waiting for the engine to create the template's first run.",
    );
    expect(openingDetail({ kind: 'step', step: 3 }, false)).toBe(
      'Still waiting for the engine to read step 3 of the run.',
    );
    expect(openingDetail(null, true)).toBe("Still waiting for the workspace's code to load.");
  });

  it('says nothing when no wait is left', () => {
    expect(openingDetail(null, false)).toBeNull();
  });
});
