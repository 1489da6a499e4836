/**
 * The property panel's form ↔ JSON mapping for every node kind: a form edit (setField, the FSM and
 * output edits) changes the document as written by hand below, the form read back shows the value
 * set (round trip), and the edited document still loads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../../src/engine/dsl/index';
import { addNode, blankTemplate, connect, formatDocument } from '../../../../src/ui/controllers/editor/authoring';
import { outputsOf, setAligned } from '../../../../src/ui/controllers/editor/edgeEdits';
import {
  addAction,
  addState,
  addTransition,
  readFsm,
  removeState,
  removeTransition,
  renameState,
  setAction,
  setStateFlag,
  setTransition,
} from '../../../../src/ui/controllers/editor/fsmForm';
import { formFields, setField } from '../../../../src/ui/controllers/editor/nodeForm';
import type { Schema } from '../../../../src/ui/controllers/editor/schemaHelp';

const schema = JSON.parse(
  readFileSync(new URL('../../../../public/schema/v3.json', import.meta.url), 'utf8'),
) as Schema;
const blank = formatDocument(blankTemplate());

/** A blank template with a `kind` node added between the source and the sink. */
function withNode(kind: Parameters<typeof addNode>[1]): { text: string; id: string } {
  const a = addNode(blank, kind, { x: 120, y: 0 })!;
  let text = a.text;
  if (kind !== 'DataSource') text = connect(text, 'source', a.id)!;
  if (kind !== 'Sink') text = connect(text, a.id, 'sink')!;
  return { text, id: a.id };
}

const nodeOf = (text: string, id: string) =>
  JSON.parse(text).scenario.nodes.find((n: { nodeId: string }) => n.nodeId === id);
const shown = (text: string, id: string, path: string) =>
  formFields(schema, text, id)!.find((f) => f.path.join('.') === path);
const loadsClean = (text: string) => expect(loadScenario(JSON.parse(text)).errors).toEqual([]);

/** Sets `path` to `value` through the form; checks the form shows it back; returns the text. */
function roundTrip(text: string, id: string, path: string, value: unknown): string {
  const next = setField(schema, text, id, path.split('.'), value)!;
  expect(next, path).not.toBeNull();
  expect(shown(next, id, path)?.value, path).toEqual(value);
  return next;
}

describe('property form ↔ JSON', () => {
  it('DataSource: count, interval and a switch of generation kind keep only that kind’s fields', () => {
    let { text, id } = withNode('DataSource');
    const labels = formFields(schema, text, id)!.map((f) => f.label);
    expect(labels).toEqual(expect.arrayContaining(['Display name', 'Count', 'Interval', 'Generation type']));
    text = roundTrip(text, id, 'count', 4);
    text = roundTrip(text, id, 'interval', 2);
    text = roundTrip(text, id, 'generation.type', 'random');
    // sequence's start/step go; random's required bounds are filled, then set.
    expect(Object.keys(nodeOf(text, id).generation).sort()).toEqual(['type', 'valueMax', 'valueMin']);
    text = roundTrip(text, id, 'generation.valueMin', 3);
    text = roundTrip(text, id, 'generation.valueMax', 7);
    expect(nodeOf(text, id)).toMatchObject({
      count: 4,
      interval: 2,
      generation: { type: 'random', valueMin: 3, valueMax: 7 },
    });
    loadsClean(text);
  });

  it('ProcessNode: the formula box is `Formula`, a formula kind, and writes processing.formula', () => {
    let { text, id } = withNode('ProcessNode');
    const formula = shown(text, id, 'processing.formula')!;
    expect(formula).toMatchObject({ label: 'Formula', kind: 'formula', value: 'value' });
    // One field named `Formula` (the top-level alias is not offered while unused).
    expect(formFields(schema, text, id)!.filter((f) => f.label === 'Formula')).toHaveLength(1);
    text = roundTrip(text, id, 'processing.formula', 'value * 2');
    expect(nodeOf(text, id).processing).toEqual({ formula: 'value * 2' });
    text = roundTrip(text, id, 'displayName', 'Double');
    loadsClean(text);
  });

  it('a scalar edit changes only the value’s characters (the rest of the text is untouched)', () => {
    const { text, id } = withNode('ProcessNode');
    const next = setField(schema, text, id, ['processing', 'formula'], 'value + 1')!;
    expect(next).toBe(text.replace('"formula": "value"', '"formula": "value + 1"'));
  });

  it('clearing an optional field removes it', () => {
    let { text, id } = withNode('Aggregator');
    text = roundTrip(text, id, 'aggregation.groupBy', 'correlationId');
    text = setField(schema, text, id, ['aggregation', 'groupBy'], '')!;
    expect(nodeOf(text, id).aggregation.groupBy).toBeUndefined();
    expect(shown(text, id, 'aggregation.groupBy')!.value).toBeUndefined();
  });

  it('Aggregator: method and trigger (count → time keeps the window; → threshold needs a value)', () => {
    let { text, id } = withNode('Aggregator');
    text = roundTrip(text, id, 'aggregation.method', 'average');
    text = roundTrip(text, id, 'aggregation.trigger.type', 'time');
    expect(nodeOf(text, id).aggregation.trigger).toEqual({ type: 'time', window: 2 });
    text = roundTrip(text, id, 'aggregation.trigger.window', 5);
    loadsClean(text);
    text = roundTrip(text, id, 'aggregation.trigger.type', 'threshold');
    expect(nodeOf(text, id).aggregation.trigger).toEqual({ type: 'threshold', value: 1 });
    text = roundTrip(text, id, 'aggregation.trigger.value', 50);
    expect(nodeOf(text, id).aggregation).toEqual({
      method: 'average',
      field: 'value',
      trigger: { type: 'threshold', value: 50 },
    });
    loadsClean(text);
  });

  it('Multiplexer: strategy, and weights or conditions aligned with the outputs', () => {
    let { text, id } = withNode('Multiplexer');
    text = addNode(text, 'Sink', { x: 400, y: 200 })!.text;
    text = connect(text, id, 'sink1')!;
    expect(outputsOf(text, id)).toEqual([
      { destination: 'sink', name: 'out1' },
      { destination: 'sink1', name: 'out2' },
    ]);
    text = roundTrip(text, id, 'multiplexing.strategy', 'weighted');
    text = setAligned(text, id, 'weights', 1, 3)!;
    expect(nodeOf(text, id).multiplexing).toEqual({ strategy: 'weighted', weights: [1, 3] });
    loadsClean(text);
    text = roundTrip(text, id, 'multiplexing.strategy', 'conditional');
    text = setAligned(text, id, 'conditions', 0, 'value > 5')!;
    expect(nodeOf(text, id).multiplexing.conditions).toEqual(['value > 5', 'true']);
    loadsClean(text);
  });

  it('Sink: display name and description', () => {
    let { text, id } = withNode('Sink');
    text = roundTrip(text, id, 'displayName', 'Done');
    text = roundTrip(text, id, 'description', 'Where the doubled values land.');
    expect(nodeOf(text, id)).toMatchObject({ displayName: 'Done', description: 'Where the doubled values land.' });
    loadsClean(text);
  });

  it('FSM: generated fields (instance per) and the hand-made lists round-trip', () => {
    let { text, id } = withNode('FSM');
    text = roundTrip(text, id, 'fsm.instancePer', 'correlationId');
    // Start from nothing: remove the skeleton's states (their transition goes with them).
    text = removeState(text, id, 'idle')!;
    text = removeState(text, id, 'done')!;
    expect(readFsm(text, id)).toEqual({ states: [], transitions: [] });
    text = addState(text, id)!;
    text = addState(text, id)!;
    text = renameState(text, id, 'state1', 'waiting')!;
    text = renameState(text, id, 'state2', 'finished')!;
    text = setStateFlag(text, id, 'finished', 'isFinal', true)!;
    text = addTransition(text, id, 'waiting', 'finished')!;
    text = setTransition(text, id, 0, 'guard', 'value > 2')!;
    text = addAction(text, id, 'finished', 'onEntry', 'increment')!;
    text = setAction(text, id, 'finished', 'onEntry', 0, 'value', '2')!;
    expect(nodeOf(text, id).fsm).toEqual({
      instancePer: 'correlationId',
      states: [
        { name: 'waiting', isInitial: true },
        { name: 'finished', isFinal: true, onEntry: [{ action: 'increment', target: 'count', value: 2 }] },
      ],
      transitions: [{ from: 'waiting', to: 'finished', trigger: 'token_received', condition: 'value > 2' }],
    });
    const m = readFsm(text, id)!;
    expect(m.transitions).toEqual([{ from: 'waiting', to: 'finished', trigger: 'token_received', guard: 'value > 2' }]);
    expect(m.states[1]).toMatchObject({ name: 'finished', isFinal: true, isInitial: false });
    expect(m.states[1]!.onEntry).toEqual([
      { action: 'increment', target: 'count', value: '2', formula: '', message: '' },
    ]);
    loadsClean(text);
    // A rename follows into the transitions; a taken name is refused.
    expect(renameState(text, id, 'waiting', 'finished')).toBeNull();
    const renamed = renameState(text, id, 'waiting', 'idle')!;
    expect(nodeOf(renamed, id).fsm.transitions[0]).toMatchObject({ from: 'idle', to: 'finished' });
    expect(nodeOf(removeTransition(text, id, 0)!, id).fsm.transitions).toEqual([]);
  });

  it('answers null for a document that does not parse or a node it lacks', () => {
    expect(formFields(schema, '{ broken', 'source')).toBeNull();
    expect(setField(schema, blank, 'nope', ['count'], 3)).toBeNull();
    expect(addState('{', 'x')).toBeNull();
  });
});
