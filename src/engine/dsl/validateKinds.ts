/**
 * Semantic checks of one node of a given kind (DSL.md §5): what its schema cannot say on its own —
 * an FSM transition to a state that does not exist, a Multiplexer with 3 outputs and 2 weights, an
 * Aggregator `formula` method without a formula. Each issue names the thing at the field's path.
 */
import { didYouMean } from '../suggest';
import type { AggregatorSpec, DataSourceSpec, FsmAction, FsmSpec, MultiplexerSpec } from '../types';
import { hint, IssueList, listOf, pointer, showValue } from './issues';
import { resolveOutput } from './normalise';
import type { ParsedNode } from './readNode';
import { validateDelay, type DelayInput } from './delay';

/**
 * Not pure (records issues). Integer bounds draw exact integers from a 53-bit generator, so both
 * must be safe integers (|n| ≤ 2^53 − 1). Other bounds draw `min + r × (max − min)`, whose width is
 * always finite: a non-integer is below 2^52 in magnitude.
 */
function checkRandomBounds(min: number, max: number, at: string, issues: IssueList): void {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return; // the schema refuses non-finite numbers
  if (Number.isInteger(min) && Number.isInteger(max)) {
    for (const [name, value] of [
      ['valueMin', min],
      ['valueMax', max],
    ] as const) {
      if (!Number.isSafeInteger(value))
        issues.error(
          pointer(at, name),
          `"${name}" (${value}) is beyond the exact integer range ±${Number.MAX_SAFE_INTEGER} (2^53 − 1): integer bounds draw exact integers; use bounds within that range`,
        );
    }
  }
}

/** Not pure (records issues). */
export function validateDataSource(
  spec: DataSourceSpec,
  parsed: Extract<ParsedNode, { kind: 'DataSource' }>['node'],
  issues: IssueList,
): void {
  const g = parsed.generation;
  const at = pointer(spec.path, 'generation');
  if (g?.type === 'random' && g.valueMin > g.valueMax) {
    issues.error(pointer(at, 'valueMax'), `"valueMax" (${g.valueMax}) is less than "valueMin" (${g.valueMin})`);
  }
  if (g?.type === 'random') checkRandomBounds(g.valueMin, g.valueMax, at, issues);
  if (g?.type === 'constant' && g.value === undefined && g.hardcodedValue === undefined) {
    issues.error(pointer(at, 'value'), `a "constant" generation needs "value", the value of every token`);
  }
  if (g?.type === 'values') {
    const list = g.values ?? g.hardcodedValues;
    if (list === undefined)
      issues.error(pointer(at, 'values'), `a "values" generation needs "values", the list to cycle through`);
    else if (list.length === 0)
      issues.error(
        pointer(at, g.values ? 'values' : 'hardcodedValues'),
        `the list of values is empty; give at least one`,
      );
  }
  if (parsed.arrivals !== undefined) validateDelay(parsed.arrivals, pointer(spec.path, 'arrivals'), issues);
  if (parsed.horizonMs !== undefined && parsed.arrivals === undefined)
    issues.warning(pointer(spec.path, 'horizonMs'), `"horizonMs" is ignored: it bounds "arrivals", which is absent`);
  (parsed.inputs ?? []).forEach((input, k) => {
    if (input.nodeId === undefined)
      issues.warning(pointer(spec.path, 'inputs', k), `a DataSource receives no tokens, so this input is ignored`);
  });
}

/** Not pure (records issues). */
export function validateFsm(spec: FsmSpec, issues: IssueList): void {
  const at = pointer(spec.path, 'fsm');
  const { states, transitions, initialState, variables } = spec.fsm;
  const names = [...new Set(states.map((s) => s.name))];
  if (states.length === 0) {
    issues.error(pointer(at, 'states'), `an FSM needs at least one state`);
    return;
  }
  const firstAt = new Map<string, number>();
  states.forEach((s, k) => {
    const first = firstAt.get(s.name);
    if (first === undefined) firstAt.set(s.name, k);
    else
      issues.error(
        pointer(at, 'states', k),
        `state ${showValue(s.name)} is already declared at ${pointer(at, 'states', first)}`,
      );
    if (s.name.trim() === '') issues.error(pointer(at, 'states', k), `a state needs a non-empty name`);
  });
  const unknownState = (name: string) =>
    `state ${showValue(name)} does not exist${hint(didYouMean(name, names))}; the states are ${listOf(names, 'and')}`;
  if (!firstAt.has(initialState)) issues.error(pointer(at, 'initialState'), `initial ${unknownState(initialState)}`);
  transitions.forEach((t, j) => {
    const tAt = pointer(at, 'transitions', j);
    if (!firstAt.has(t.from)) issues.error(pointer(tAt, 'from'), unknownState(t.from));
    if (!firstAt.has(t.to)) issues.error(pointer(tAt, 'to'), unknownState(t.to));
  });

  const outputNames = spec.outputs.flatMap((o) => (o.name === undefined ? [] : [o.name]));
  states.forEach((s, k) => {
    for (const [list, key] of [
      [s.onEntry, 'onEntry'],
      [s.onExit, 'onExit'],
    ] as const) {
      list.forEach((a, m) => checkAction(a, pointer(at, 'states', k, key, m), outputNames, variables, spec, issues));
    }
  });
}

/**
 * Not pure (records issues). A timer without `after`, checked on the transitions as written (the
 * normalised trigger carries a stand-in value). `fsmPath` is the pointer of the node's `fsm`.
 */
export function validateTimers(
  transitions: ReadonlyArray<{ trigger?: string; after?: number; delay?: DelayInput }>,
  fsmPath: string,
  issues: IssueList,
): void {
  transitions.forEach((t, j) => {
    if (t.trigger === 'timer' && t.after === undefined && t.delay === undefined) {
      issues.error(
        pointer(fsmPath, 'transitions', j, 'after'),
        `a "timer" transition needs "after" (the steps to wait in the "from" state) or "delay" (a sampled wait)`,
      );
    }
    if (t.delay !== undefined) validateDelay(t.delay, pointer(fsmPath, 'transitions', j, 'delay'), issues);
  });
}

function checkAction(
  a: FsmAction,
  at: string,
  outputNames: string[],
  variables: Record<string, unknown>,
  spec: FsmSpec,
  issues: IssueList,
): void {
  switch (a.action) {
    case 'emit':
      if (a.target !== undefined && !outputNames.includes(a.target)) {
        const known =
          outputNames.length > 0
            ? `; its outputs are ${listOf(outputNames, 'and')}`
            : '; none of its outputs has a "name"';
        issues.error(
          pointer(at, 'target'),
          `node ${showValue(spec.nodeId)} has no output named ${showValue(a.target)}${hint(didYouMean(a.target, outputNames))}${known}`,
        );
      }
      return;
    case 'set_variable':
      if (a.value === undefined && a.formula === undefined)
        issues.error(at, `a "set_variable" action needs "value" or "formula"`);
      return;
    case 'increment':
    case 'decrement':
      if (!Object.prototype.hasOwnProperty.call(variables, a.target)) {
        const declared = Object.keys(variables);
        issues.warning(
          pointer(at, 'target'),
          `variable ${showValue(a.target)} is not declared in "fsm.variables"; declare it with a starting number${hint(didYouMean(a.target, declared))}`,
        );
      }
      return;
    case 'log':
      return;
  }
}

/** Not pure (records issues). */
export function validateAggregator(spec: AggregatorSpec, issues: IssueList): void {
  const at = pointer(spec.path, 'aggregation');
  const a = spec.aggregation;
  if (a.method === 'formula' && a.formula === undefined) {
    issues.error(pointer(at, 'formula'), `method "formula" needs a non-empty "formula" (over "values" and "tokens")`);
  }
  if (a.trigger?.type === 'threshold' && a.method === 'collect') {
    issues.warning(
      pointer(at, 'trigger'),
      `a "threshold" trigger compares a number, but method "collect" makes a list, so it only fires at the end`,
    );
  }
  if (a.trigger === null && !a.flushOnEnd) {
    issues.warning(at, `with no "trigger" and "flushOnEnd": false, this Aggregator never emits`);
  }
  if (a.groupBy !== undefined && a.groupBy.trim() === '')
    issues.error(pointer(at, 'groupBy'), `"groupBy" is empty; use "correlationId" or a data path`);
}

/** Not pure (records issues). `rawDefault` is `defaultOutput` as written (a name or an index). */
export function validateMultiplexer(
  spec: MultiplexerSpec,
  rawDefault: string | number | undefined,
  issues: IssueList,
): void {
  const at = pointer(spec.path, 'multiplexing');
  const m = spec.multiplexing;
  const n = spec.outputs.length;
  const perOutput = (field: 'weights' | 'conditions', list: readonly unknown[] | undefined) => {
    if (list === undefined) {
      issues.error(pointer(at, field), `the "${m.strategy}" strategy needs "${field}", one per output (${n})`);
      return false;
    }
    if (list.length !== n) {
      issues.error(
        pointer(at, field),
        `"${field}" has ${list.length} entr${list.length === 1 ? 'y' : 'ies'} but the node has ${n} output${n === 1 ? '' : 's'}; give one per output, in order`,
      );
      return false;
    }
    return true;
  };
  if (m.strategy === 'weighted' && perOutput('weights', m.weights)) {
    const weights = m.weights!;
    weights.forEach((w, k) => {
      if (w < 0) issues.error(pointer(at, 'weights', k), `weight ${w} is negative; weights must be 0 or more`);
    });
    const sum = weights.reduce((s, w) => s + (w > 0 ? w : 0), 0);
    if (sum <= 0 && weights.every((w) => w >= 0))
      issues.error(pointer(at, 'weights'), `the weights add up to 0; at least one must be positive`);
  }
  if (m.strategy === 'conditional') {
    perOutput('conditions', m.conditions);
    if (rawDefault !== undefined && resolveOutput(rawDefault, spec.outputs) === undefined) {
      const names = spec.outputs.flatMap((o) => (o.name === undefined ? [] : [o.name]));
      issues.error(
        pointer(at, 'defaultOutput'),
        typeof rawDefault === 'number'
          ? `output index ${rawDefault} is out of range: the node has ${n} output${n === 1 ? '' : 's'} (0 to ${n - 1})`
          : `output ${showValue(rawDefault)} does not exist${hint(didYouMean(rawDefault, names))}${names.length ? `; the outputs are ${listOf(names, 'and')}` : ''}`,
      );
    }
  }
}
