/**
 * Reading template bodies (API.md "Templates"): the fields of a create or an update, checked for
 * type, and the scenario validated by the DSL loader. Every problem is a Failure with a named code:
 * a malformed body is BAD_REQUEST (400), a scenario that does not load is INVALID_SCENARIO (422)
 * with `details.issues = [{path, message}]`, paths pointing into the request body (`/scenario/…`).
 */
import { loadScenario } from '../engine';
import type { Issue } from '../engine/types';
import type { TemplateInput, TemplatePatch } from '../contract/wire';
import { Failure } from './result';

const MAX_NAME = 200;

/** Pure: the fields of a create body; throws Failure BAD_REQUEST when one is missing or mistyped. */
export function readTemplateInput(body: unknown): TemplateInput {
  const o = objectBody(body);
  const issues: Issue[] = [];
  const name = text(o, 'name', issues, true);
  const description = text(o, 'description', issues, false);
  const referenceDoc = text(o, 'referenceDoc', issues, false);
  if (!isObject(o.scenario))
    issues.push({
      path: '/scenario',
      message: o.scenario === undefined ? 'required field "scenario" is missing' : '"scenario" must be a JSON object',
    });
  if (o.resources !== undefined && !Array.isArray(o.resources))
    issues.push({ path: '/resources', message: '"resources" must be an array' });
  if (issues.length > 0) throw badRequest(issues);
  return {
    name: name!,
    scenario: o.scenario as Record<string, unknown>,
    ...(description !== undefined ? { description } : {}),
    ...(referenceDoc !== undefined ? { referenceDoc } : {}),
    ...(o.resources !== undefined ? { resources: o.resources as unknown[] } : {}),
  };
}

/** Pure: the fields of an update body (all optional; other fields are ignored); throws Failure BAD_REQUEST. */
export function readTemplatePatch(body: unknown): TemplatePatch {
  const o = objectBody(body);
  const issues: Issue[] = [];
  const name = o.name === undefined ? undefined : text(o, 'name', issues, true);
  const description = text(o, 'description', issues, false);
  const referenceDoc = text(o, 'referenceDoc', issues, false);
  if (o.scenario !== undefined && !isObject(o.scenario))
    issues.push({ path: '/scenario', message: '"scenario" must be a JSON object' });
  if (issues.length > 0) throw badRequest(issues);
  const patch: TemplatePatch = {};
  if (name !== undefined) patch.name = name;
  if (description !== undefined) patch.description = description;
  if (referenceDoc !== undefined) patch.referenceDoc = referenceDoc;
  if (o.scenario !== undefined) patch.scenario = o.scenario as Record<string, unknown>;
  if (Object.keys(patch).length === 0)
    throw new Failure(
      'BAD_REQUEST',
      'Nothing to update: give at least one of "name", "description", "scenario", "referenceDoc"',
      { fields: ['name', 'description', 'scenario', 'referenceDoc'] },
    );
  return patch;
}

/** Pure: loads `scenario` with the DSL loader; returns its warnings, or throws Failure INVALID_SCENARIO with every error. */
export function checkScenario(scenario: unknown): Issue[] {
  const loaded = loadScenario(scenario);
  const at = (i: Issue): Issue => ({ path: `/scenario${i.path}`, message: i.message });
  if (loaded.scenario === null) {
    const issues = loaded.errors.map(at);
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    throw new Failure(
      'INVALID_SCENARIO',
      `The scenario is not valid: ${count}, first ${issues[0]?.path || '/scenario'}: ${issues[0]?.message ?? 'unknown'}`,
      { issues },
    );
  }
  return loaded.warnings.map(at);
}

/** Pure: the DSL version a scenario document declares (the template's, for a wrapped one), default "3.0". */
export function versionOf(scenario: Record<string, unknown>): string {
  const inner = isObject(scenario.scenario) ? scenario.scenario : scenario;
  const v = inner.version ?? scenario.version;
  return typeof v === 'string' ? v : '3.0';
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isObject(body))
    throw new Failure('BAD_REQUEST', 'The request body must be a JSON object', {
      issues: [{ path: '', message: 'expected a JSON object' }],
    });
  return body;
}

function text(o: Record<string, unknown>, key: string, issues: Issue[], required: boolean): string | undefined {
  const v = o[key];
  if (v === undefined) {
    if (required) issues.push({ path: `/${key}`, message: `required field "${key}" is missing` });
    return undefined;
  }
  if (typeof v !== 'string') {
    issues.push({ path: `/${key}`, message: `"${key}" must be a string` });
    return undefined;
  }
  if (key === 'name') {
    const name = v.trim();
    if (name === '') issues.push({ path: '/name', message: '"name" must not be empty' });
    else if (name.length > MAX_NAME)
      issues.push({ path: '/name', message: `"name" must be at most ${MAX_NAME} characters` });
    return name;
  }
  return v;
}

function badRequest(issues: Issue[]): Failure {
  return new Failure(
    'BAD_REQUEST',
    `The request body is not valid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
    { issues },
  );
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
