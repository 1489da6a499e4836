/**
 * Recognising the three accepted document shapes (DSL.md §1): a template `{id, name, description,
 * version, scenario, …}`, the compat `{name, description, version, scenario}`, or a bare scenario.
 */
import * as v from 'valibot';
import { DSL_VERSION } from './constants';
import { TemplateShellSchema } from './documentSchema';
import { IssueList, isRecord, pointer, showValue } from './issues';
import { schemaIssues } from './schemaIssues';
import { unknownFields } from './unknownFields';

export interface Unwrapped {
  /** The scenario part of the document, as given (not yet checked). */
  scenario: unknown;
  /** JSON Pointer of the scenario in the document: `""` for a bare scenario, `"/scenario"` in a template. */
  base: '' | '/scenario';
  /** The template wrapper (the whole document) when there is one, else null. */
  template: Record<string, unknown> | null;
}

/**
 * Pure. Splits a document into its scenario and its template wrapper: any object with a
 * `scenario` field is a template; anything else is taken as a bare scenario.
 */
export function unwrapTemplate(input: unknown): Unwrapped {
  if (isRecord(input) && Object.prototype.hasOwnProperty.call(input, 'scenario')) {
    return { scenario: input.scenario, base: '/scenario', template: input };
  }
  return { scenario: input, base: '', template: null };
}

export interface TemplateFacts {
  name?: string;
  description?: string;
  /** The DSL version the scenario inherits when it has none of its own. */
  version?: string;
}

/**
 * Not pure (records issues). Checks the template wrapper's own fields and returns the ones the
 * scenario inherits. Unknown wrapper fields are warnings.
 */
export function checkTemplate(template: Record<string, unknown>, issues: IssueList): TemplateFacts {
  const parsed = v.safeParse(TemplateShellSchema, template, { abortEarly: false });
  if (!parsed.success) for (const issue of schemaIssues(parsed.issues, '')) issues.error(issue.path, issue.message);
  for (const w of unknownFields(TemplateShellSchema, template, '')) issues.warning(w.path, w.message);
  const text = (key: string) => (typeof template[key] === 'string' ? (template[key] as string) : undefined);
  return { name: text('name'), description: text('description'), version: text('version') };
}

/**
 * Not pure (records issues). The scenario inside a template may leave out `version` when the
 * template has `"version": "3.0"`; a template version that disagrees with the scenario's is ignored.
 */
export function checkEmbeddedVersion(scenario: Record<string, unknown>, facts: TemplateFacts, issues: IssueList): void {
  const own = scenario.version;
  if (own !== undefined) {
    if (facts.version !== undefined && facts.version !== own && own === DSL_VERSION) {
      issues.warning(
        '/version',
        `the template's "version" ${showValue(facts.version)} is ignored: the scenario's "version" is "${DSL_VERSION}"`,
      );
    }
    return;
  }
  if (facts.version === DSL_VERSION) return;
  const why =
    facts.version === undefined
      ? ''
      : ` (the template's "version" is ${showValue(facts.version)}, not the DSL version "${DSL_VERSION}")`;
  issues.error(pointer('/scenario', 'version'), `required field "version" is missing${why}`);
}
