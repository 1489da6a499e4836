// configShapeProblem (parserConfigSchema.ts) checked directly: the sentence for a configuration that is not
// an object, a missing required key ("got nothing"), a value JSON cannot write, and the 60-character
// cut of the value shown. Expected sentences written by hand.
import { describe, expect, it } from 'vitest';
import { configShapeProblem } from '../../../src/parser/parserConfigSchema';

describe('configShapeProblem', () => {
  it('answers null for a configuration of the right shape', () => {
    expect(configShapeProblem({ name: 'x', mining: { depth: 4 } })).toBeNull();
  });

  it('names the whole configuration when it is not an object, with no path', () => {
    expect(configShapeProblem(5)).toEqual({
      code: 'BAD_CONFIG',
      message: 'the configuration must be an object; got 5',
      path: '',
    });
  });

  it('says "got nothing" for a required key that is missing', () => {
    const p = configShapeProblem({ masks: { custom: [{ pattern: 'x' }] } });
    expect(p).toMatchObject({ code: 'BAD_MASK', path: '/masks/custom/0/name' });
    expect(p?.message).toMatch(/^masks\.custom\.0\.name must be .*; got nothing$/);
  });

  it('shows the type of a value JSON cannot write', () => {
    expect(configShapeProblem({ name: () => 1 })).toEqual({
      code: 'BAD_CONFIG',
      message: 'name must be a text; got function',
      path: '/name',
    });
  });

  it('shows a value of 60 JSON characters whole and cuts one of 61 to 57 and …', () => {
    const sixty = 'x'.repeat(58);
    const sixtyOne = 'x'.repeat(59);
    expect(configShapeProblem({ mining: { depth: sixty } })?.message).toBe(
      `mining.depth must be an integer; got "${sixty}"`,
    );
    expect(configShapeProblem({ mining: { depth: sixtyOne } })?.message).toBe(
      `mining.depth must be an integer; got "${'x'.repeat(56)}…`,
    );
  });
});
