/**
 * The ledger hashes of a previous build, kept as fixtures (issue 46): every example template, every
 * engine bench scenario (at sizes that keep this file under ~20 s, one run above 100,000 events) and
 * 40 generated scenario shapes (the property tests' generator, seed 46, documents stored in the
 * fixture so they do not depend on fast-check) are run with their fixed seeds, and each run's ledger
 * hash, event count, steps and status must equal what the build named in
 * tests/fixtures/hashes/previous-build.json produced. A change of the engine's internals (how
 * tokens and events are stored) must leave every one of them unchanged.
 *
 * `UPDATE_HASHES=1 npx vitest run tests/unit/engine/previousBuildHashes.test.ts` rewrites the
 * fixture from the checked-out commit (refused when src/engine has uncommitted changes, so the
 * fixture always names the exact build that produced it). Never rewrite it to make a change that
 * should keep the ledger pass: see tests/fixtures/hashes/README.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { e1Document } from '../../../src/bench/engine';
import { e7Document } from '../../../src/bench/bigRun';
import { chaosDocument, WORST_CHAOS } from '../../../src/bench/chaosTemplate';
import { largeDocument } from '../../../src/bench/load';
import { nodeSha256 } from '../../../src/cli/nodeHasher';
import { cli } from '../cli/helpers';
import { buildScenario, shapeArbitrary } from './scenarioArbitrary';

type Json = Record<string, unknown>;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLES = join(ROOT, 'examples');
const FIXTURE = join(ROOT, 'tests/fixtures/hashes/previous-build.json');
const UPDATE = process.env['UPDATE_HASHES'] === '1';
const SHAPES = 40;
const SHAPE_SEED = 46;

/** What a run is checked by. */
interface RunFigures {
  ledgerHash: string;
  ledgerEvents: number;
  steps: number;
  status: string;
}

interface Fixture {
  note: string;
  producedBy: { commit: string; date: string; command: string };
  runs: Record<string, RunFigures>;
  shapes: Array<{ document: Json } & RunFigures>;
}

/** A named run: its document and, for log-driven scenarios, its external events. */
interface Case {
  name: string;
  document: () => Json;
  events?: () => Json[];
}

const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
const readNdjson = (path: string): Json[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Json);

/** Every example template, with `<name>.events.ndjson` as its events when there is one (as the golden test). */
const exampleCases: Case[] = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.events.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort()
  .map((name) => {
    const events = join(EXAMPLES, `${name}.events.ndjson`);
    return {
      name: `example ${name}`,
      document: () => readJson(join(EXAMPLES, `${name}.json`)),
      ...(existsSync(events) ? { events: () => readNdjson(events) } : {}),
    };
  });

/**
 * The SSH events of the shard bench (scripts/bench-shard.mjs): the bundled OpenSSH sample parsed by
 * the command line with its saved configuration, repeated with fresh correlation ids to `total`.
 */
function shardBenchEvents(total: number): Json[] {
  const sample = parsedSshSample();
  return Array.from({ length: total }, (_, i) => {
    const e = sample[i % sample.length]!;
    return {
      targetDataSourceId: e['targetDataSourceId'],
      correlationId: `${String(e['correlationId'])}-${Math.floor(i / sample.length)}`,
      event: e['event'],
      params: e['params'],
    };
  });
}

let sshSample: Json[] | null = null;
/** Not pure (runs the command line, cached): the bundled OpenSSH sample parsed with its saved configuration. */
function parsedSshSample(): Json[] {
  if (sshSample !== null) return sshSample;
  const parsed = join(mkdtempSync(join(tmpdir(), 'flowledger-hashes-')), 'sample.ndjson');
  const r = cli(
    'parse',
    join(ROOT, 'public/parser/sources/openssh-2k.log'),
    '--config',
    join(ROOT, 'public/parser/configs/openssh-sessions.json'),
    '--out',
    parsed,
  );
  if (r.code !== 0) throw new Error(`parse failed: ${r.stderr}`);
  sshSample = readNdjson(parsed);
  return sshSample;
}

/** The shard bench's template: the sharded SSH example with the bench's edits (scripts/bench-shard.mjs). */
function shardBenchDocument(): Json {
  const doc = readJson(join(EXAMPLES, 'ssh-log-sessions-sharded.json')) as {
    scenario: { maxSteps: number; nodes: Array<Record<string, unknown>> };
  };
  doc.scenario.maxSteps = 10_000_000;
  doc.scenario.nodes[0]!['batchSize'] = 1000;
  return doc as unknown as Json;
}

/**
 * The bench scenarios (src/bench, scripts/bench-*.mjs) with their own seeds, at sizes that keep this
 * file fast: E1's pipeline (E2's small run; C1's second seed — E1, E2's large run, E3–E5, C1 and
 * B2/B3/B8 run the same document with more tokens), E7's document (the same pipeline, its own
 * bounds), X1's chaos template with fewer idle nodes and less work, E6's generated document run to
 * its end, and S1's log-driven SSH run.
 */
const benchCases: Case[] = [
  { name: 'E1 pipeline, 2,174 tokens (E2 small run), seed 7', document: () => e1Document(2_174) },
  {
    name: 'E1 pipeline, 20,000 tokens, seed 8 (C1 diverging pair)',
    document: () => ({ ...e1Document(20_000), seed: 8 }),
  },
  // The E1 pipeline at 43,479 tokens with E7's bounds: the run above 100,000 events.
  { name: 'E7 document at 200,000 events', document: () => e7Document(200_000) },
  {
    name: 'X1 chaos template, 300 idle nodes of each kind, maxWork 5,000,000',
    document: () => chaosDocument({ ...WORST_CHAOS, idle: 300, maxWork: 5_000_000 }),
  },
  { name: 'E6 document, 2,000 nodes, run to its end', document: () => largeDocument(2_000) },
  { name: 'S1 SSH run, 20,000 events', document: shardBenchDocument, events: () => shardBenchEvents(20_000) },
  // The log-driven example as docs/ and the e2e tests run it: the bundled sample, parsed.
  {
    name: 'example ssh-log-sessions with the bundled OpenSSH sample parsed',
    document: () => readJson(join(EXAMPLES, 'ssh-log-sessions.json')),
    events: parsedSshSample,
  },
];

/** Not pure: runs `doc` (with `events`) to its end and returns its figures. */
function runToEnd(doc: Json, events?: Json[]): RunFigures {
  const engine = new Engine({ hasher: nodeSha256 });
  const loaded = engine.initialize(doc);
  if (loaded.scenario === null) throw new Error(`does not load: ${JSON.stringify(loaded.errors).slice(0, 500)}`);
  if (events !== undefined) {
    const added = engine.getExternalEventQueue().addEvents(events);
    if (!added.ok) throw new Error(`event ${added.index + 1}: ${added.error}`);
  }
  engine.runToEnd();
  return {
    ledgerHash: engine.ledgerHash(),
    ledgerEvents: engine.ledger.size,
    steps: engine.getCurrentTick(),
    status: engine.status,
  };
}

/** Not pure (runs git): the commit checked out, refusing when the engine has uncommitted changes. */
function cleanCommit(): string {
  const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src/engine'], { cwd: ROOT, encoding: 'utf8' });
  if (dirty.trim() !== '')
    throw new Error(`src/engine has uncommitted changes; commit them before UPDATE_HASHES=1:\n${dirty}`);
  return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
}

if (UPDATE) {
  describe('previous-build hashes (rewriting the fixture)', () => {
    it('runs every case on this commit and writes tests/fixtures/hashes/previous-build.json', () => {
      const commit = cleanCommit();
      const runs: Record<string, RunFigures> = {};
      for (const c of [...exampleCases, ...benchCases]) runs[c.name] = runToEnd(c.document(), c.events?.());
      const shapes = fc
        .sample(shapeArbitrary, { seed: SHAPE_SEED, numRuns: SHAPES })
        .map((shape) => buildScenario(shape))
        .map((document) => ({ document, ...runToEnd(document) }));
      const fixture: Fixture = {
        note: 'Ledger hashes of a previous build (issue 46): tests/unit/engine/previousBuildHashes.test.ts checks every run against them; see README.md here.',
        producedBy: {
          commit,
          date: new Date().toISOString(),
          command: 'UPDATE_HASHES=1 npx vitest run tests/unit/engine/previousBuildHashes.test.ts',
        },
        runs,
        shapes,
      };
      writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 1)}\n`);
      expect(Object.keys(runs)).toHaveLength(exampleCases.length + benchCases.length);
    }, 120_000);
  });
} else {
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;

  describe(`ledger hashes of the previous build (${fixture.producedBy.commit.slice(0, 7)})`, () => {
    it('covers every example template, every bench scenario listed and one run of at least 100,000 events', () => {
      // A new example or bench case needs its hash in the fixture, taken on the commit that adds it.
      expect(Object.keys(fixture.runs).sort()).toEqual([...exampleCases, ...benchCases].map((c) => c.name).sort());
      expect(Math.max(...Object.values(fixture.runs).map((r) => r.ledgerEvents))).toBeGreaterThanOrEqual(100_000);
      expect(fixture.shapes).toHaveLength(SHAPES);
    });

    for (const c of [...exampleCases, ...benchCases]) {
      it(`${c.name}: same hash, events, steps and status`, () => {
        expect(runToEnd(c.document(), c.events?.())).toEqual(fixture.runs[c.name]);
      }, 30_000);
    }

    it('the golden summaries and the command line give the same figures (second routes)', () => {
      // The examples' golden summaries (tests/fixtures/golden, checked by hand when they were made).
      for (const c of exampleCases) {
        const golden = readJson(join(ROOT, 'tests/fixtures/golden', `${c.name.slice('example '.length)}.summary.json`));
        const { ledgerHash, ledgerEvents, steps, status } = golden as unknown as RunFigures;
        expect({ ledgerHash, ledgerEvents, steps, status }, c.name).toEqual(fixture.runs[c.name]);
      }
      // `flowledger run` on the built bundle, in a process of its own.
      const dir = mkdtempSync(join(tmpdir(), 'flowledger-hashes-'));
      const viaCli = (name: string, doc: Json, eventsFile?: string) => {
        const path = join(dir, 'scenario.json');
        writeFileSync(path, JSON.stringify(doc));
        // The chaos template's thousands of load warnings pass spawnSync's default 1 MB buffer.
        const r = spawnSync(
          process.execPath,
          [join(ROOT, 'bin/flowledger.mjs'), 'run', path, ...(eventsFile ? ['--events', eventsFile] : [])],
          { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
        );
        expect(r.status, `${name}: ${String(r.error ?? '')} ${r.stderr.slice(0, 300)}`).toBe(0);
        const out = JSON.parse(r.stdout) as RunFigures;
        expect(
          { ledgerHash: out.ledgerHash, ledgerEvents: out.ledgerEvents, steps: out.steps, status: out.status },
          name,
        ).toEqual(fixture.runs[name]);
      };
      const large = benchCases.find((c) => c.name.startsWith('E7'))!;
      viaCli(large.name, large.document());
      const chaos = benchCases.find((c) => c.name.startsWith('X1'))!;
      viaCli(chaos.name, chaos.document());
      const ssh = benchCases.find((c) => c.name.startsWith('S1'))!;
      const events = join(dir, 'events.ndjson');
      writeFileSync(
        events,
        `${ssh.events!()
          .map((e) => JSON.stringify(e))
          .join('\n')}\n`,
      );
      viaCli(ssh.name, ssh.document(), events);
    }, 30_000);

    it(`${SHAPES} generated scenario shapes (seed ${SHAPE_SEED}): same hash, events, steps and status`, () => {
      const actual = fixture.shapes.map((s) => runToEnd(s.document));
      expect(actual).toEqual(fixture.shapes.map(({ document: _, ...figures }) => figures));
    }, 30_000);
  });
}
