/**
 * Rows ⇄ wire shapes: what the store keeps and what the service answers are separate types, so a
 * field kept for storage (an execution's scenario copy, revision, input batches, sealed segments)
 * never reaches an answer, and a wire field never has to be stored as it is sent. Field order is
 * kept as stored, so answers read the same as before the mappers. Pure.
 */
import type { ExecutionRecord, ParserConfigRecord, Template } from '../contract/wire';
import type { ExecutionRow, ParserConfigRow, TemplateRow } from './AppDB';

/** Pure: the fields of `from` named in `keys`, in `from`'s order (absent and undefined ones left out). */
function pick<T>(from: object, keys: Record<string, true>): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(from)) if (keys[key] && value !== undefined) out[key] = value;
  return out as T;
}

const TEMPLATE: Record<keyof Template & keyof TemplateRow, true> = {
  id: true,
  name: true,
  description: true,
  version: true,
  slug: true,
  scenario: true,
  referenceDoc: true,
  resources: true,
  createdAt: true,
  updatedAt: true,
  revision: true,
};

/** Pure: the wire template of a stored one (a row from before revisions is revision 0). */
export function templateToWire(row: TemplateRow): Template {
  return { ...pick<Template>(row, TEMPLATE), revision: row.revision ?? 0 };
}

/** Pure: the row of a wire template. */
export function templateToRow(template: Template): TemplateRow {
  return pick(template, TEMPLATE);
}

/** What an execution row keeps besides its wire record. */
export type ExecutionStorage = Omit<ExecutionRow, keyof ExecutionRecord>;

/** Pure: the wire record of a stored execution (without the scenario copy and bookkeeping). */
export function executionToWire(row: ExecutionRow): ExecutionRecord {
  return {
    id: row.id,
    templateId: row.templateId,
    name: row.name,
    seed: row.seed,
    status: row.status,
    currentStep: row.currentStep,
    ledgerSize: row.ledgerSize,
    externalEventCount: row.externalEventCount,
    queueSize: row.queueSize,
    ledgerHash: row.ledgerHash,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.waitingFor !== undefined && row.waitingFor.length > 0 ? { waitingFor: row.waitingFor } : {}),
  };
}

/** Pure: the row of an execution: its wire record and what storage keeps besides. */
export function executionToRow(record: ExecutionRecord, storage: ExecutionStorage): ExecutionRow {
  return { ...executionToWire(record as ExecutionRow), ...storage };
}

const PARSER_CONFIG: Record<keyof ParserConfigRecord & keyof ParserConfigRow, true> = {
  id: true,
  name: true,
  description: true,
  sources: true,
  groupByField: true,
  missingGroupKey: true,
  format: true,
  continuation: true,
  masks: true,
  mining: true,
  mapping: true,
  keepUnparsed: true,
  limits: true,
  time: true,
  createdAt: true,
  updatedAt: true,
};

/** Pure: the wire record of a saved parser configuration. */
export function parserConfigToWire(row: ParserConfigRow): ParserConfigRecord {
  return pick(row, PARSER_CONFIG);
}

/** Pure: the row of a parser configuration record. */
export function parserConfigToRow(record: ParserConfigRecord): ParserConfigRow {
  return pick(record, PARSER_CONFIG);
}
