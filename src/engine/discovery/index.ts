/**
 * Process mining over events (issue 26; docs/discovery.md): read events into cases, discover the
 * directly-follows graph and variants, simplify it, turn it into a runnable V3 template, replay
 * events against a template's FSM, and speak XES and OCEL 2.0. Pure and deterministic like the rest
 * of the engine — it lives here because conformance replays the engine's own FSM definitions and
 * expressions, which the parser core may not import.
 */
export { readCaseLog, type CaseLog, type CaseLogProblem, type CaseLogResult } from './caseLog';
export { discover, dfgFile } from './discover';
export { filterDfg } from './filter';
export { dfgToTemplate, MAX_TEMPLATE_ACTIVITIES, templateProblem, type TemplateOptions } from './toTemplate';
export { conform, pickFsm, type ConformResult } from './conform';
export { nothingReplayed } from './nothingReplayed';
export { xesChunks } from './xesWrite';
export { ocelChunks, objectType } from './ocelWrite';
export { firstOtherKind, isLedgerLine, ledgerEventToEvent } from './ledgerEvents';
export { formatIsoTime, inDateRange, MAX_DATE_MS, parseIsoTime } from './isoTime';
export { dataSourceOf } from './dataSourceOf';
export { caseTimeline } from './timeline';
