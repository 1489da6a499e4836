/**
 * A Pratt parser from tokens to the syntax tree, with JavaScript's precedence (see `precedence.ts`).
 * Unknown functions, wrong argument counts and forbidden names are reported here, at load time.
 * Nesting is bounded both while descending (so 100,000 `(` fail fast instead of exhausting the
 * stack) and in the tree's height (so a long `a + b + c + …` chain cannot make evaluation recurse
 * deeply).
 */
import { didYouMean } from '../suggest';
import { arityMessage } from './builtin';
import { FUNCTION_NAMES, lookupFunction } from './functions';
import { quote, tokenize, type Punctuator, type Token } from './lexer';
import { LIMITS, forbiddenMessage, isForbiddenName, tooDeepMessage } from './limits';
import { infixOf, KEYWORDS, PREFIX_BP } from './precedence';
import { ParseFailure } from './state';
import { assertNever, type ExprNode, type ObjectProperty } from './ast';

export interface ParseOutput {
  ast: ExprNode;
  /** Variable names in order of first use. */
  variables: string[];
  usesRand: boolean;
}

/** Pure, but throws `ParseFailure`. The syntax tree of `source`, its variables and whether it calls rand(). */
export function parse(source: string): ParseOutput {
  if (source.length > LIMITS.maxLength) {
    throw new ParseFailure(
      `expression is too long (${source.length} characters, at most ${LIMITS.maxLength})`,
      LIMITS.maxLength,
    );
  }
  const parser = new Parser(source, tokenize(source));
  return parser.parseAll();
}

class Parser {
  private index = 0;
  private depth = 0;
  private usesRand = false;
  private readonly variables = new Set<string>();
  /** Height of every node built so far: 1 for a leaf. */
  private readonly heights = new Map<ExprNode, number>();

  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
  ) {}

  parseAll(): ParseOutput {
    if (this.peek().kind === 'end') throw new ParseFailure('expression is empty', 0);
    const ast = this.parseExpr(0);
    const rest = this.peek();
    if (rest.kind !== 'end') throw this.unexpected(rest);
    return { ast, variables: [...this.variables], usesRand: this.usesRand };
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (token.kind !== 'end') this.index++;
    return token;
  }

  private isPunct(token: Token, value: Punctuator): boolean {
    return token.kind === 'punct' && token.value === value;
  }

  private expect(value: Punctuator): Token {
    const token = this.next();
    if (!this.isPunct(token, value)) throw this.unexpected(token, ` (expected "${value}")`);
    return token;
  }

  private unexpected(token: Token, hint = ''): ParseFailure {
    if (token.kind === 'end')
      return new ParseFailure(`unexpected end of expression at ${token.start}${hint}`, token.start);
    const text = this.source.slice(token.start, token.end);
    const shown = text.length > 24 ? `${text.slice(0, 20)}…` : text;
    return new ParseFailure(`unexpected ${quote(shown)} at ${token.start}${hint}`, token.start);
  }

  /** Records `node`'s height from its children's and enforces the depth limit. */
  private make<T extends ExprNode>(node: T, ...children: ExprNode[]): T {
    let height = 1;
    for (const child of children) height = Math.max(height, (this.heights.get(child) ?? 1) + 1);
    if (height > LIMITS.maxDepth) throw new ParseFailure(tooDeepMessage(), node.start);
    this.heights.set(node, height);
    return node;
  }

  private parseExpr(minBp: number): ExprNode {
    if (++this.depth > LIMITS.maxDepth) throw new ParseFailure(tooDeepMessage(), this.peek().start);
    let left = this.parsePrefix();
    for (;;) {
      const token = this.peek();
      if (this.isPunct(token, '.') || this.isPunct(token, '[')) {
        left = this.parseMember(left);
        continue;
      }
      if (this.isPunct(token, '(')) throw this.unexpected(token, ' (only built-in functions can be called)');
      const infix = infixOf(token);
      if (infix === undefined || infix.bp <= minBp) break;
      this.next();
      if (infix.kind === 'conditional') {
        const consequent = this.parseExpr(0);
        this.expect(':');
        // One less than its own power: `a ? b : c ? d : e` groups as `a ? b : (c ? d : e)`.
        const alternate = this.parseExpr(infix.bp - 1);
        const span = { start: left.start, end: alternate.end };
        left = this.make(
          { type: 'Conditional', test: left, consequent, alternate, ...span },
          left,
          consequent,
          alternate,
        );
      } else {
        const right = this.parseExpr(infix.bp);
        const span = { start: left.start, end: right.end };
        left =
          infix.kind === 'binary'
            ? this.make({ type: 'Binary', operator: infix.operator, left, right, ...span }, left, right)
            : this.make({ type: 'Logical', operator: infix.operator, left, right, ...span }, left, right);
      }
    }
    this.depth--;
    return left;
  }

  private parsePrefix(): ExprNode {
    const token = this.next();
    const { start, end } = token;
    switch (token.kind) {
      case 'number':
      case 'string':
        return this.make({ type: 'Literal', value: token.value, start, end });
      case 'name':
        return this.parseName(token.value, start, end);
      case 'punct':
        return this.parsePunct(token);
      case 'end':
        throw this.unexpected(token);
      default:
        return assertNever(token);
    }
  }

  private parseName(name: string, start: number, end: number): ExprNode {
    if (name === 'true' || name === 'false') return this.make({ type: 'Literal', value: name === 'true', start, end });
    if (name === 'null') return this.make({ type: 'Literal', value: null, start, end });
    if (name === 'not') return this.parseUnary('!', start);
    if (KEYWORDS.has(name)) throw new ParseFailure(`unexpected "${name}" at ${start}`, start);
    if (isForbiddenName(name)) throw new ParseFailure(forbiddenMessage(name), start);
    if (this.isPunct(this.peek(), '(')) return this.parseCall(name, start);
    this.variables.add(name);
    return this.make({ type: 'Identifier', name, start, end });
  }

  private parsePunct(token: Extract<Token, { kind: 'punct' }>): ExprNode {
    const { value, start } = token;
    switch (value) {
      case '-':
      case '+':
      case '!':
        return this.parseUnary(value, start);
      case '(': {
        const inner = this.parseExpr(0);
        this.expect(')');
        return inner;
      }
      case '[': {
        const elements = this.parseList(']');
        return this.make({ type: 'Array', elements, start, end: this.tokens[this.index - 1].end }, ...elements);
      }
      case '{':
        return this.parseObject(start);
      default:
        throw this.unexpected(token);
    }
  }

  private parseUnary(operator: '-' | '+' | '!', start: number): ExprNode {
    const argument = this.parseExpr(PREFIX_BP);
    return this.make({ type: 'Unary', operator, argument, start, end: argument.end }, argument);
  }

  /** Comma-separated expressions up to `close` (consumed); a trailing comma is allowed. */
  private parseList(close: ')' | ']'): ExprNode[] {
    const items: ExprNode[] = [];
    while (!this.isPunct(this.peek(), close)) {
      items.push(this.parseExpr(0));
      if (this.isPunct(this.peek(), ',')) this.next();
      else if (!this.isPunct(this.peek(), close)) throw this.unexpected(this.peek(), ` (expected "," or "${close}")`);
    }
    this.next();
    return items;
  }

  private parseCall(name: string, start: number): ExprNode {
    const fn = lookupFunction(name);
    if (fn === undefined) {
      const suggestion = didYouMean(name, FUNCTION_NAMES);
      const hint = suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
      throw new ParseFailure(`unknown function "${name}"${hint}`, start);
    }
    this.next();
    const args = this.parseList(')');
    if (args.length < fn.spec.minArgs || args.length > fn.spec.maxArgs) {
      throw new ParseFailure(arityMessage(name, fn.spec, args.length), start);
    }
    if (fn.name === 'rand') this.usesRand = true;
    const end = this.tokens[this.index - 1].end;
    return this.make({ type: 'Call', callee: fn.name, arguments: args, start, end }, ...args);
  }

  /** `.name`, `["literal"]` (both checked here) or `[expr]` (checked at run time). */
  private parseMember(object: ExprNode): ExprNode {
    const start = object.start;
    if (this.isPunct(this.next(), '.')) {
      const name = this.next();
      if (name.kind !== 'name') throw this.unexpected(name, ' (expected a member name after ".")');
      if (isForbiddenName(name.value)) throw new ParseFailure(forbiddenMessage(name.value), name.start);
      return this.make({ type: 'Member', object, property: name.value, start, end: name.end }, object);
    }
    const index = this.parseExpr(0);
    const end = this.expect(']').end;
    if (index.type === 'Literal' && typeof index.value === 'string') {
      if (isForbiddenName(index.value)) throw new ParseFailure(forbiddenMessage(index.value), index.start);
      return this.make({ type: 'Member', object, property: index.value, start, end }, object);
    }
    return this.make({ type: 'Index', object, index, start, end }, object, index);
  }

  private parseObject(start: number): ExprNode {
    const properties: ObjectProperty[] = [];
    const seen = new Set<string>();
    while (!this.isPunct(this.peek(), '}')) {
      const keyToken = this.next();
      if (keyToken.kind !== 'name' && keyToken.kind !== 'string') throw this.unexpected(keyToken, ' (expected a key)');
      const key = keyToken.value;
      if (isForbiddenName(key)) throw new ParseFailure(forbiddenMessage(key), keyToken.start);
      if (seen.has(key)) throw new ParseFailure(`duplicate key ${quote(key)} at ${keyToken.start}`, keyToken.start);
      seen.add(key);
      this.expect(':');
      properties.push({ key, value: this.parseExpr(0) });
      if (this.isPunct(this.peek(), ',')) this.next();
      else if (!this.isPunct(this.peek(), '}')) throw this.unexpected(this.peek(), ' (expected "," or "}")');
    }
    const end = this.next().end;
    return this.make({ type: 'Object', properties, start, end }, ...properties.map((p) => p.value));
  }
}
