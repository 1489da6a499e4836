import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Bare package specifiers a pure core may import: schema validation, a linear-time regex engine
 * (RE2, pure JS, no code generation), PRNG and hashing, all platform-free; and acorn, the JavaScript
 * parser the original tool's formulas are read with (plain JavaScript that builds a syntax tree and
 * runs nothing; expr/js translates that tree).
 */
const ALLOWED = [
  /^valibot$/,
  /^re2js$/,
  /^@valibot\/to-json-schema$/,
  /^pure-rand\/[\w/-]+$/,
  /^@noble\/hashes\/[\w.-]+$/,
  /^acorn$/,
];

describe.each(['src/engine', 'src/parser'])('the pure core %s', (core) => {
  const files = sources(join(ROOT, core));

  it('imports only relative modules and platform-free packages', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g,
      )) {
        const spec = m[1] ?? m[2] ?? m[3]!;
        if (spec.startsWith('.')) continue;
        if (!ALLOWED.some((re) => re.test(spec))) offenders.push(`${relative(ROOT, file)}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('uses no wall clock, no unseeded randomness and no code generation', () => {
    const offenders: string[] = [];
    for (const file of files) {
      // Comments and string literals are not code: messages of the JavaScript formulas name
      // `Date.now()` and `Math.random()` to say what they read instead.
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
        .replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`/g, "''");
      for (const re of [
        /Date\.now\s*\(/,
        /new\s+Date\s*\(\s*\)/,
        /Math\.random\s*\(/,
        /crypto\.randomUUID/,
        /(^|[^.\w])eval\s*\(/,
        /new\s+Function\s*\(/,
        /performance\.now/,
      ]) {
        if (re.test(text)) offenders.push(`${relative(ROOT, file)}: ${re.source}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('reaches no platform globals (window, document, process, require)', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
        .replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`/g, "''");
      for (const re of [/\bwindow\./, /\bdocument\./, /\bprocess\./, /\brequire\(/, /\bglobalThis\./]) {
        if (re.test(text)) offenders.push(`${relative(ROOT, file)}: ${re.source}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('the regex engine the parser runs user patterns on (re2js)', () => {
  const text = readFileSync(join(ROOT, 'node_modules/re2js/build/index.js'), 'utf8');

  it('generates no code (the CSP forbids it) and reads no clock or randomness', () => {
    // `eval(input, pos) {…}` is a method of its prefilter, called as `.eval(…)`: neither runs code.
    const calls = [...text.matchAll(/(?<![.\w])eval\s*\(/g)].filter(
      (m) => !/^eval\([\w, ]*\)\s*\{/.test(text.slice(m.index, m.index + 40)),
    );
    expect(calls.map((m) => text.slice(m.index, m.index + 40))).toEqual([]);
    for (const re of [
      /new\s+Function\s*\(/,
      /\bFunction\s*\(/,
      /Date\.now\s*\(/,
      /Math\.random\s*\(/,
      /performance\.now/,
    ])
      expect(re.test(text), re.source).toBe(false);
  });
});
