/**
 * The DataSource a discovered template reads its events from (src/engine/discovery/dataSourceOf.ts):
 * docs/discovery.md, "Model to template" — the events' most common `targetDataSourceId`, else
 * `events`. Expected ids are worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { dataSourceOf } from '../../../src/engine/discovery';

const to = (t: unknown) => ({ targetDataSourceId: t, correlationId: 'c', event: 'a' });
const bare = { correlationId: 'c', event: 'a' };

describe('dataSourceOf', () => {
  it('names "events" when no event has a target', () => {
    expect(dataSourceOf([bare, bare])).toBe('events');
    expect(dataSourceOf([])).toBe('events');
  });

  it('takes the most common target, the first of equally common ones', () => {
    expect(dataSourceOf([to('a'), to('a'), to('b')])).toBe('a');
    expect(dataSourceOf([to('a'), to('b'), to('b')])).toBe('b');
    expect(dataSourceOf([to('a'), to('b')])).toBe('a');
  });

  it('passes over a target that is missing, empty or not text', () => {
    // Two events without a target, two with "", two with 5 and one with "src": only "src" counts.
    expect(dataSourceOf([bare, bare, to(''), to(''), to(5), to(5), to('src')])).toBe('src');
    expect(dataSourceOf([bare, to(''), to(7)])).toBe('events');
  });
});
