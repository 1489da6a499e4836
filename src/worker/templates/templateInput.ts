/**
 * Reading template bodies (API.md "Templates"): the fields of a create or an update, checked for
 * type, and the scenario validated by the DSL loader. Every problem is a Failure with a named code:
 * a malformed body is BAD_REQUEST (400), a scenario that does not load is INVALID_SCENARIO (422)
 * with `details.issues = [{path, message}]`, paths pointing into the request body (`/scenario/…`).
 * The body shapes are the valibot schemas `TemplateBody` and `TemplatePatchBody` (src/contract).
 */
import { readBodyAs } from '../body';
import { NOT_AN_OBJECT, TemplateBody, TemplatePatchBody } from '../../contract/schemas';
import { loadScenario } from '../../engine';
import type { Issue } from '../../engine/types';
import type { TemplateInput, TemplatePatch } from '../../contract/wire';
import { Failure } from '../result';

/** Pure: the fields of a create body; throws Failure BAD_REQUEST when one is missing or mistyped. */
export function readTemplateInput(body: unknown): TemplateInput {
  const r = readBodyAs(TemplateBody, body);
  if (!r.ok) throw badBody(r.issues);
  const { name, scenario, description, referenceDoc, resources } = r.value;
  return {
    name,
    scenario,
    ...(description !== undefined ? { description } : {}),
    ...(referenceDoc !== undefined ? { referenceDoc } : {}),
    ...(resources !== undefined ? { resources } : {}),
  };
}

/** Pure: the fields of an update body (all optional; other fields are ignored); throws Failure BAD_REQUEST. */
export function readTemplatePatch(body: unknown): TemplatePatch {
  const r = readBodyAs(TemplatePatchBody, body);
  if (!r.ok) throw badBody(r.issues);
  const patch: TemplatePatch = {};
  const { name, description, referenceDoc, scenario } = r.value;
  if (name !== undefined) patch.name = name;
  if (description !== undefined) patch.description = description;
  if (referenceDoc !== undefined) patch.referenceDoc = referenceDoc;
  if (scenario !== undefined) patch.scenario = scenario;
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

/** Pure: the Failure for a body of the wrong shape (not an object: its own sentence). */
function badBody(issues: Issue[]): Failure {
  if (issues.length === 1 && issues[0]!.path === '' && issues[0]!.message === NOT_AN_OBJECT)
    return new Failure('BAD_REQUEST', 'The request body must be a JSON object', {
      issues: [{ path: '', message: NOT_AN_OBJECT }],
    });
  return badRequest(issues);
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
