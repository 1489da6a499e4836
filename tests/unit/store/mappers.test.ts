import { describe, expect, it } from 'vitest';
import type { ExecutionRow, TemplateRow } from '../../../src/store/AppDB';
import { executionToRow, executionToWire, templateToRow, templateToWire } from '../../../src/store/mappers';

/** Stored rows and wire shapes are separate types; the mappers keep storage-only fields out of answers. */
describe('row ⇄ wire mappers', () => {
  const row: ExecutionRow = {
    id: 'e1',
    templateId: 't1',
    name: 'Run 1',
    seed: 7,
    status: 'running',
    currentStep: 3,
    ledgerSize: 12,
    externalEventCount: 0,
    queueSize: 2,
    ledgerHash: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:01.000Z',
    scenario: { version: '3.0', nodes: [] },
    revision: 4,
    inputBatches: 1,
    sealedSegments: 0,
    sealedTokens: 0,
  };

  it('an execution answer has no scenario copy or bookkeeping, and maps back with them', () => {
    const wire = executionToWire(row);
    for (const key of ['scenario', 'revision', 'inputBatches', 'sealedSegments', 'sealedTokens'])
      expect(wire, key).not.toHaveProperty(key);
    expect(Object.keys(wire)).toHaveLength(12);
    const { scenario, revision, inputBatches, sealedSegments, sealedTokens } = row;
    expect(executionToRow(wire, { scenario, revision, inputBatches, sealedSegments, sealedTokens })).toEqual(row);
  });

  it('a template keeps its fields and their order both ways', () => {
    const t: TemplateRow = {
      id: 't1',
      name: 'Orders',
      description: '',
      version: '3.0',
      scenario: {},
      createdAt: 'a',
      updatedAt: 'b',
      slug: 'orders',
      revision: 2,
    };
    expect(Object.keys(templateToWire(t))).toEqual(Object.keys(t));
    expect(templateToRow(templateToWire({ ...t, extra: 1 } as TemplateRow))).toEqual(t);
  });

  it('a template answer has its revision (0 for a row from before revisions) but not when each field changed', () => {
    const { revision: _r, ...legacy }: TemplateRow = {
      id: 't1',
      name: 'Orders',
      description: '',
      version: '3.0',
      scenario: {},
      createdAt: 'a',
      updatedAt: 'b',
      slug: 'orders',
      revision: 3,
    };
    expect(templateToWire(legacy).revision).toBe(0);
    const wire = templateToWire({ ...legacy, revision: 3, changedAt: { name: 3 } });
    expect(wire.revision).toBe(3);
    expect(wire).not.toHaveProperty('changedAt');
  });
});
