import { describe, expect, it } from 'vitest';
import { readBodyAs } from '../../../src/worker/body';
import {
  EnqueueBody,
  ExecutionBody,
  NOT_AN_OBJECT,
  ParserConfigFields,
  SourceBody,
  TemplateBody,
} from '../../../src/contract/schemas';

/**
 * The request-body schemas word their own problems, with JSON Pointers into the body, so a client
 * can check a body before sending it and read the same sentences the service answers with.
 * Expected sentences are the API's own (the ones the contract tests see in 400 answers).
 */
describe('request-body schemas', () => {
  it('name every problem of a template body at its pointer', () => {
    const r = readBodyAs(TemplateBody, { name: '  ', description: 3, scenario: [], resources: {} });
    expect(r).toEqual({
      ok: false,
      issues: [
        { path: '/name', message: '"name" must not be empty' },
        { path: '/description', message: '"description" must be a string' },
        { path: '/scenario', message: '"scenario" must be a JSON object' },
        { path: '/resources', message: '"resources" must be an array' },
      ],
    });
  });

  it('trim names and drop unknown fields', () => {
    const r = readBodyAs(TemplateBody, { name: '  Orders ', scenario: {}, extra: 1 });
    expect(r).toEqual({ ok: true, value: { name: 'Orders', scenario: {} } });
  });

  it('refuse an array or a string as the body itself', () => {
    for (const body of [[], 'x', null])
      expect(readBodyAs(EnqueueBody, body)).toEqual({ ok: false, issues: [{ path: '', message: NOT_AN_OBJECT }] });
  });

  it('put paths under a base (a configuration nested in a parse body)', () => {
    const r = readBodyAs(ParserConfigFields, { name: 'x', sources: ['a', ' '] }, '/config');
    expect(r).toEqual({
      ok: false,
      issues: [{ path: '/config/sources/1', message: 'a source must be a non-empty string (a source id or name)' }],
    });
  });

  it('say what a missing field must be', () => {
    const r = readBodyAs(SourceBody, { name: 'a.log', content: '' });
    expect(r).toEqual({
      ok: false,
      issues: [
        { path: '/type', message: 'required field "type" is missing: it must be "log"' },
        { path: '/content', message: '"content" is empty: there is nothing to parse' },
      ],
    });
  });

  it('read an execution body: a seed must be a safe integer', () => {
    expect(readBodyAs(ExecutionBody, { seed: 1.5 })).toEqual({
      ok: false,
      issues: [{ path: '/seed', message: 'expected an integer' }],
    });
    expect(readBodyAs(ExecutionBody, { name: ' Run A ', seed: 7 })).toEqual({
      ok: true,
      value: { name: 'Run A', seed: 7 },
    });
  });
});
