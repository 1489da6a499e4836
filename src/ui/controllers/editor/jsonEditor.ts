/**
 * The template editor: a CodeMirror 6 view with JSON highlighting, folding, bracket matching, search
 * and history (`basicSetup`), validation as you type through the project's validator (the API's
 * `POST /admin/validate`, answered in the engine worker; debounced by the linter, so typing never
 * waits), each problem inline at its location (expression errors at the character the parser named),
 * completion of field names and values and hover help from the JSON Schema. Framework-free: a factory
 * with a thin Svelte wrapper, like the graph controller.
 */
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { HighlightStyle, syntaxHighlighting, syntaxTree } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { linter, forceLinting, type Diagnostic } from '@codemirror/lint';
import { EditorState, Prec, Transaction, type Extension } from '@codemirror/state';
import { EditorView, hoverTooltip } from '@codemirror/view';
import { isolateHistory } from '@codemirror/commands';
import { basicSetup } from 'codemirror';
import type { SyntaxNode } from '@lezer/common';
import type { ScenarioGraph } from '../../../contract/queries';
import { issueRange, lineColumn, minimalEdit, pathAt, readJson, type JNode } from './jsonRanges';
import { describeAt, propertyNames, valueChoices, type Schema } from './schemaHelp';

/**
 * JSON token colours from the theme's tokens (global.css `--code-*`), so the text keeps AA contrast
 * in light and dark; CodeMirror's default style is made for a light background only.
 */
const JSON_COLOURS = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--code-property)' },
  { tag: tags.string, color: 'var(--code-string)' },
  { tag: tags.number, color: 'var(--code-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--code-atom)' },
]);

export interface Problem {
  severity: 'error' | 'warning';
  /** JSON Pointer into the document ('' for a JSON syntax error). */
  path: string;
  message: string;
  from: number;
  to: number;
}

export interface CheckOutcome {
  /** The text the outcome is about. */
  text: string;
  /** The parsed document (null: not JSON). */
  doc: Record<string, unknown> | null;
  valid: boolean;
  problems: Problem[];
  /** When valid: the engine's graph of the scenario (the validation's answer), edges resolved. */
  graph: ScenarioGraph | null;
}

export interface JsonEditorOptions {
  text: string;
  /** The validator: issues of a scenario (paths `/scenario/…`). */
  validate: (
    scenario: Record<string, unknown>,
  ) => Promise<{ valid: boolean; errors: IssueLike[]; warnings: IssueLike[]; graph?: ScenarioGraph }>;
  schema: () => Schema | null;
  onChange: (text: string) => void;
  /** After each validation, with the outcome. */
  onChecked: (outcome: CheckOutcome) => void;
  /** The cursor moved (the path of the value it is in, when the document parses). */
  onCursor: (path: (string | number)[] | null) => void;
  /** Validation delay after the last keystroke (ms). */
  delay?: number;
  theme?: Extension;
}

interface IssueLike {
  path: string;
  message: string;
}

export interface JsonEditor {
  readonly view: EditorView;
  text(): string;
  /**
   * Replaces the document by `next` as ONE undoable change (the smallest edit). `typing`: a form's
   * keystroke, grouped with the next ones into one undo step as typed text is; `follow`: the cursor
   * moves to the change and it is scrolled into view (without taking the focus).
   */
  apply(next: string, options?: { typing?: boolean; follow?: boolean }): void;
  /** Replaces the document without history (loading another template). */
  reset(next: string): void;
  /** Selects `from…to`, scrolls it into view and focuses the editor. */
  reveal(from: number, to: number, focus?: boolean): void;
  /** Validates now (e.g. before saving). */
  check(): Promise<CheckOutcome>;
  destroy(): void;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Not pure: an editor in `parent`. */
export function createJsonEditor(parent: HTMLElement, opts: JsonEditorOptions): JsonEditor {
  let cached: { text: string; root: JNode | null; doc: unknown } = { text: '', root: null, doc: null };
  const parsed = (text: string) => {
    if (cached.text !== text) {
      const r = readJson(text);
      let doc: unknown = null;
      if (r.ok)
        try {
          doc = JSON.parse(text);
        } catch {
          doc = null;
        }
      cached = { text, root: r.ok ? r.root : null, doc };
    }
    return cached;
  };
  // The last document that parsed: completion narrows by it while the current text is mid-edit.
  let lastDoc: unknown = null;

  async function runCheck(text: string): Promise<CheckOutcome> {
    const r = readJson(text);
    if (!r.ok) {
      const at = Math.min(r.offset, text.length);
      const { line, column } = lineColumn(text, at);
      return {
        text,
        doc: null,
        valid: false,
        graph: null,
        problems: [
          {
            severity: 'error',
            path: '',
            message: `JSON syntax error at line ${line}, column ${column}: ${r.message}`,
            from: at,
            to: Math.min(at + 1, text.length),
          },
        ],
      };
    }
    const doc = parsed(text).doc;
    if (!isObj(doc) || !isObj(doc.scenario))
      return {
        text,
        doc: isObj(doc) ? doc : null,
        valid: false,
        graph: null,
        problems: [
          { severity: 'error', path: '/scenario', message: 'A template needs a "scenario" object.', from: 0, to: 1 },
        ],
      };
    lastDoc = doc;
    const answer = await opts.validate(doc.scenario);
    const problems: Problem[] = [];
    for (const [severity, list] of [
      ['error', answer.errors],
      ['warning', answer.warnings],
    ] as const)
      for (const issue of list) {
        const range = issueRange(text, r.root, issue.path, issue.message);
        problems.push({ severity, path: issue.path, message: issue.message, ...range });
      }
    return { text, doc, valid: answer.valid, problems, graph: answer.valid ? (answer.graph ?? null) : null };
  }

  const lint = linter(
    async (view) => {
      const text = view.state.doc.toString();
      let outcome: CheckOutcome;
      try {
        outcome = await runCheck(text);
      } catch (err) {
        outcome = {
          text,
          doc: null,
          valid: false,
          graph: null,
          problems: [
            {
              severity: 'error',
              path: '',
              message: `Could not validate: ${err instanceof Error ? err.message : String(err)}`,
              from: 0,
              to: 0,
            },
          ],
        };
      }
      // A newer text will be checked on its own.
      if (view.state.doc.toString() !== text) return [];
      opts.onChecked(outcome);
      return outcome.problems.map((p): Diagnostic => ({
        from: p.from,
        to: p.to,
        severity: p.severity,
        message: p.path ? `${p.message} (${p.path})` : p.message,
      }));
    },
    { delay: opts.delay ?? 350 },
  );

  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: opts.text,
      extensions: [
        basicSetup,
        json(),
        Prec.high(syntaxHighlighting(JSON_COLOURS)),
        lint,
        autocompletion({ override: [(ctx) => complete(ctx, opts.schema(), () => lastDoc)] }),
        hoverTooltip((v, pos) => hover(v, pos, opts.schema(), () => lastDoc)),
        // tabindex: the scrolling region holds a focusable element for axe's scrollable-region rule too.
        EditorView.contentAttributes.of({ 'aria-label': 'Template JSON', tabindex: '0' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) opts.onChange(u.state.doc.toString());
          if (u.selectionSet || u.docChanged) {
            const text = u.state.doc.toString();
            const c = cached.text === text ? cached : null;
            opts.onCursor(c?.root ? pathAt(c.root, u.state.selection.main.head) : null);
          }
        }),
        opts.theme ?? [],
      ],
    }),
  });

  return {
    view,
    text: () => view.state.doc.toString(),
    apply(next, options = {}) {
      const edit = minimalEdit(view.state.doc.toString(), next);
      if (!edit) return;
      const at = edit.from + edit.insert.length;
      view.dispatch({
        changes: edit,
        annotations: options.typing
          ? [Transaction.userEvent.of('input.type.form')]
          : [isolateHistory.of('full'), Transaction.userEvent.of('input.visual')],
        ...(options.follow
          ? { selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'nearest' }) }
          : {}),
      });
    },
    reset(next) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: next },
        annotations: Transaction.addToHistory.of(false),
      });
    },
    reveal(from, to, focus = true) {
      const max = view.state.doc.length;
      view.dispatch({
        selection: { anchor: Math.min(from, max), head: Math.min(to, max) },
        effects: EditorView.scrollIntoView(Math.min(from, max), { y: 'center' }),
      });
      if (focus) view.focus();
    },
    async check() {
      forceLinting(view);
      return runCheck(view.state.doc.toString());
    },
    destroy() {
      view.destroy();
    },
  };
}

// ——— paths in the (possibly unfinished) syntax tree ———

function stringOf(state: EditorState, node: SyntaxNode): string {
  const raw = state.sliceDoc(node.from, node.to);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.replace(/^"|"$/g, '');
  }
}

/** The path of the value `node` is in, from the syntax tree. */
function treePath(state: EditorState, node: SyntaxNode | null): (string | number)[] {
  const out: (string | number)[] = [];
  let child: SyntaxNode | null = null;
  for (let n = node; n; child = n, n = n.parent) {
    if (n.name === 'Property') {
      const key = n.getChild('PropertyName');
      // Inside the key itself: the path is the object's.
      if (key && child !== key) out.push(stringOf(state, key));
    } else if (n.name === 'Array' && child) {
      let index = 0;
      for (let c = n.firstChild; c && c.from < child.from; c = c.nextSibling)
        if (!['[', ']', ',', '⚠'].includes(c.name)) index++;
      out.push(index);
    }
  }
  return out.reverse();
}

function complete(ctx: CompletionContext, schema: Schema | null, lastDoc: () => unknown): CompletionResult | null {
  if (!schema) return null;
  const tree = syntaxTree(ctx.state);
  const node = tree.resolveInner(ctx.pos, -1);
  const doc = lastDoc();
  if (node.name === 'PropertyName' || (node.name === 'String' && node.parent?.name === 'Object')) {
    const obj = node.parent?.name === 'Property' ? node.parent.parent : node.parent;
    const path = treePath(ctx.state, obj ?? null);
    const present = presentKeys(ctx.state, obj ?? null);
    const options = propertyNames(schema, doc, path, present).map((f) => ({
      label: f.name,
      type: 'property',
      info: f.description || undefined,
      apply: JSON.stringify(f.name),
    }));
    return { from: node.from, to: node.to, options, filter: true };
  }
  if (node.name === 'String' && node.parent?.name === 'Property') {
    const path = treePath(ctx.state, node);
    const choices = valueChoices(schema, doc, path).filter((v) => typeof v === 'string');
    if (!choices.length) return null;
    return {
      from: node.from,
      to: node.to,
      options: choices.map((v) => ({ label: JSON.stringify(v), type: 'enum' })),
      filter: true,
    };
  }
  if (node.name === 'Object' || (node.name === '{' && node.parent?.name === 'Object')) {
    const obj = node.name === 'Object' ? node : node.parent!;
    if (!ctx.explicit && !/["{,\s]$/.test(ctx.state.sliceDoc(ctx.pos - 1, ctx.pos))) return null;
    const path = treePath(ctx.state, obj);
    const options = propertyNames(schema, doc, path, presentKeys(ctx.state, obj)).map((f) => ({
      label: f.name,
      type: 'property',
      info: f.description || undefined,
      apply: `${JSON.stringify(f.name)}: `,
    }));
    return { from: ctx.pos, options };
  }
  return null;
}

function presentKeys(state: EditorState, obj: SyntaxNode | null): string[] {
  const keys: string[] = [];
  if (!obj) return keys;
  for (let c = obj.firstChild; c; c = c.nextSibling)
    if (c.name === 'Property') {
      const k = c.getChild('PropertyName');
      if (k) keys.push(stringOf(state, k));
    }
  return keys;
}

function hover(view: EditorView, pos: number, schema: Schema | null, lastDoc: () => unknown) {
  if (!schema) return null;
  const node = syntaxTree(view.state).resolveInner(pos, 1);
  if (node.name !== 'PropertyName') return null;
  const prop = node.parent;
  const value = prop?.lastChild && prop.lastChild !== node ? prop.lastChild : null;
  const path = treePath(view.state, value ?? node);
  if (!value) path.push(stringOf(view.state, node));
  const text = describeAt(schema, lastDoc(), path);
  if (!text) return null;
  return {
    pos: node.from,
    end: node.to,
    above: true,
    create() {
      const dom = document.createElement('div');
      dom.className = 'cm-schema-doc';
      dom.textContent = text;
      return { dom };
    },
  };
}
