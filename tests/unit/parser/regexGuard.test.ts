// The static guard against nested repeats (regexGuard.ts), case by case: which quantifiers count as
// unbounded, what makes a group "consume a required atom", how classes, escapes and group kinds are
// skipped, and the exact sentence it answers with. Every expectation below was worked out by hand
// from the rule in the file's opening comment.
import { describe, expect, it } from 'vitest';
import { catastrophicReason } from '../../../src/parser/regex/regexGuard';

const refused = (pattern: string) => expect(catastrophicReason(pattern), pattern).not.toBeNull();
const kept = (pattern: string) => expect(catastrophicReason(pattern), pattern).toBeNull();

describe('catastrophicReason: quantifiers', () => {
  it('counts {n,} as unbounded, with one digit or several, and {n} / {n,m} as bounded', () => {
    refused('(a{2,})+');
    refused('(a+){3,}');
    refused('(a+){10,}');
    refused('(a{12,})*');
    kept('(a{2,5})+');
    kept('(a{12})+');
    kept('(a+){2,15}');
    kept('(a?)+');
    kept('(a+)?');
  });

  it('reads a quantifier only right where it starts, not a later one in the next characters', () => {
    kept('(a+){x}b{2,}');
    // {2,5} is a (bounded) quantifier, so `a` is no required atom and `b+` repeats inside the group.
    refused('(a{2,5}b+)+');
  });

  it('reads a quantifier after an escape, a class and a group', () => {
    refused(String.raw`(\d+)+`);
    refused('([ab]+)+');
    refused('((a+))*x');
    kept(String.raw`(\d)+`);
  });
});

describe('catastrophicReason: atoms every pass must consume', () => {
  it('keeps a group with a single atom outside the inner repeat, escaped or a class', () => {
    kept('(a+b)+');
    kept(String.raw`(\.a+)+`);
    kept('([ab]c+)+');
    kept('([)]c+)+');
  });

  it('does not count an atom that is optional, repeated, an anchor, or one side of an alternative', () => {
    refused('(a+b?)+');
    refused('(a+b*)+');
    refused('(a+|b)+');
    refused('(^a+)+');
    refused('(a+$)+');
  });

  it('passes a required atom up from a group taken at least once, not from an optional one or one with |', () => {
    kept('((x)a+)+');
    kept('((x){1}a+)+');
    refused('((x)?a+)+');
    refused('((x){0}a+)+');
    refused('((x|y)a+)+');
    refused('((x|y){1}a+)+');
  });

  it('marks every enclosing group unbounded', () => {
    refused('((a+))+');
    refused('((a+)?)+');
    // The inner group's own unbounded quantifier makes the outer one unbounded; a bounded one does not.
    refused('((a)*)+');
    kept('((a)?)+');
    kept('((a|b))+');
  });
});

describe('catastrophicReason: what it skips', () => {
  it('reads a class up to its closing bracket, past ^, a leading ] and escapes', () => {
    refused('([)]+)+');
    refused('([^)]+)+');
    refused(String.raw`([\]]+)+`);
    refused('([]a]+)+');
    refused('([^]a]+)+');
  });

  it('takes an escaped parenthesis as an atom, not a group', () => {
    kept(String.raw`\(a+\)+`);
    kept(String.raw`(\(a+)+`);
  });

  it('reads a group kind only right after the parenthesis', () => {
    refused('(a+(?:b)?)+');
  });

  it('skips every group kind, which is no atom', () => {
    refused('(?:a+)+');
    refused('(?=a+)+');
    refused('(?!a+)+');
    refused('(?<=a+)+');
    refused('(?<!a+)+');
    refused('(?<abc>a+)+');
    refused('(?<_x1>a+)+');
    refused('(?<$x>a+)+');
  });

  it('answers null for patterns without nested repeats, however they close', () => {
    kept('a|b+');
    kept(')+');
    kept('a+)+(');
    kept('');
  });
});

describe('catastrophicReason: the sentence', () => {
  const tail =
    ' repeats a repetition (nested quantifiers), which can backtrack for hours on a line that almost matches; repeat only one of the two, e.g. (a+)+ → a+';

  it('names the repeated group with its quantifier', () => {
    expect(catastrophicReason('x(a+)+y')).toBe(`the group "(a+)+"${tail}`);
    expect(catastrophicReason('(a+){2,}')).toBe(`the group "(a+){2,}"${tail}`);
  });

  it('shows a group of 60 characters whole and cuts one of 61 to 57 and "..."', () => {
    const sixty = `(${'a?'.repeat(26)}c{1,})+`;
    const sixtyOne = `(${'a?'.repeat(26)}c{11,})+`;
    expect(sixty).toHaveLength(60);
    expect(sixtyOne).toHaveLength(61);
    expect(catastrophicReason(sixty)).toBe(`the group ${JSON.stringify(sixty)}${tail}`);
    expect(catastrophicReason(sixtyOne)).toBe(`the group ${JSON.stringify(`${sixtyOne.slice(0, 57)}...`)}${tail}`);
  });
});
