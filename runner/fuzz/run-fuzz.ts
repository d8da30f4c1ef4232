/**
 * The property behind `kofun-ctk fuzz`: for generated cases (fuzz-case.ts), the
 * provider's result bytes equal the reference oracle's. fast-check runs it from a seed,
 * shrinks a disagreement to a minimal case, and reports the seed and path that replay
 * it exactly; the minimal case is then written out as a one-vector vector set that
 * `kofun-ctk run --vectors <folder>` and `kofun-ctk repro` accept. The written vector and
 * manifest conform to their schemas (kofun.ctk.vector/v1, kofun.ctk.manifest/v1): the
 * vector takes the contract category its expected result belongs to (KD-ACCEPT-13 names
 * the categories), and its intent says it came from fuzzing and how to replay it.
 */
import {
  type JsonObject,
  loadFixture,
  answersWithAlternatives,
  verifyResult,
  compareUtf8,
  sha256Hex,
  type Answers,
} from '../../oracle/index.js';
import {
  CATEGORIES,
  type Category,
  codePointsBeyondBaseline,
  encodeFixtureJson,
  encodeResult,
  fixtureFilePath,
  generatedStamp,
  manifestFile,
  prettyJsonBytes,
  queryFeatures,
  queryVectorFile,
} from '../../oracle/internal.js';
import { writeOutputFile } from '../io/write-output-file.js';
import { join } from 'node:path';
import fc from 'fast-check';
import type { ProviderConnection, ProviderLauncher } from '../adapters/provider-connection.js';
import { errorFromFault } from '../judge/judge-vector.js';
import { missingFeaturesOf } from '../vectors/declared-features.js';
import {
  buildCase,
  caseShapeArb,
  FUZZ_CLASSES,
  fuzzClasses,
  type CaseShape,
  type FuzzCase,
  type FuzzClass,
} from './fuzz-case.js';

export interface FuzzOptions {
  seed: number;
  runs: number;
  /** A fast-check path to replay one counterexample directly. */
  path?: string;
  launcher: ProviderLauncher;
  timeoutMs: number;
  startTimeoutMs: number;
  restartBudget: number;
  kitVersion: string;
  /**
   * The features the provider declares missing (PROTOCOL.md, "Features"): a generated query that needs one is not
   * asked, and counts as not applicable. Absent: every query is asked.
   */
  missing?: ReadonlySet<string>;
}

/** How many of the generated cases (shrinks left out) reached each class of FUZZ_CLASSES. */
export type FuzzClassCounts = Record<FuzzClass, number>;

/** How many generated cases the provider answered with a named alternative, by the alternative's name. */
export type FuzzAlternativeCounts = Record<string, number>;

export type FuzzOutcome =
  | {
      kind: 'passed';
      runs: number;
      seed: number;
      classes: FuzzClassCounts;
      /** Generated cases not asked: a query of theirs needs a feature the provider declares missing. */
      notApplicable: number;
      /** How many generated cases the provider answered with a named alternative, by its name. */
      acceptable: FuzzAlternativeCounts;
      /** The generated cases, in order, shrinks left out (fuzz --write-cases). */
      shapes: CaseShape[];
    }
  | { kind: 'no-provider'; message: string }
  | {
      kind: 'disagreement';
      seed: number;
      path: string;
      shrinks: number;
      shape: CaseShape;
      /** The minimal case; `request` is the query that disagreed (`before` was asked first, and agreed). */
      case: FuzzCase;
      /** The oracle's answer and its named alternatives (alternative-answers.ts), as a vector carries them. */
      answers: Answers;
      expected: Uint8Array;
      actual: { ok: true; bytes: Uint8Array } | { ok: false; message: string };
      classes: FuzzClassCounts;
      acceptable: FuzzAlternativeCounts;
      /** The generated cases, in order, shrinks left out (fuzz --write-cases). */
      shapes: CaseShape[];
    };

/** The class counts of the first `runs` shapes asked (fast-check asks the generated cases before any shrink). */
export function countClasses(shapes: readonly CaseShape[], runs: number): FuzzClassCounts {
  const counts = Object.fromEntries(FUZZ_CLASSES.map((c) => [c, 0])) as FuzzClassCounts;
  for (const shape of shapes.slice(0, runs)) for (const c of fuzzClasses(shape)) counts[c] += 1;
  return counts;
}

function sha256(bytes: Uint8Array): string {
  return sha256Hex(bytes);
}

/** What the fuzz asks of a case: its fixture and one request. */
type AskedCase = Pick<FuzzCase, 'fixture' | 'request'>;
type Asked = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/**
 * The provider as the fuzz asks it: one instance at a time, started again within the restart budget when it died,
 * each fixture loaded once per instance.
 */
function providerAsker(options: FuzzOptions): {
  connect: () => Promise<ProviderConnection | string>;
  ask: (c: AskedCase) => Promise<Asked>;
  close: () => Promise<void>;
} {
  let connection: ProviderConnection | undefined;
  let restarts = options.restartBudget;
  let started = false;
  let loaded = new Set<string>();
  const connect = async (): Promise<ProviderConnection | string> => {
    if (connection?.alive) return connection;
    if (started) {
      if (restarts <= 0) return 'the provider died and the restart budget is spent';
      restarts -= 1;
    }
    await connection?.close();
    loaded = new Set();
    const s = await options.launcher({ timeoutMs: options.startTimeoutMs });
    if (!s.ok) return `the provider could not start: ${errorFromFault(s.fault).message}`;
    started = true;
    connection = s.value;
    return connection;
  };
  const ask = async (c: AskedCase): Promise<Asked> => {
    const conn = await connect();
    if (typeof conn === 'string') return { ok: false, message: conn };
    const fixtureBytes = encodeFixtureJson(c.fixture as unknown as JsonObject);
    const sha = sha256(fixtureBytes);
    if (!loaded.has(sha)) {
      const l = await conn.loadFixture(sha, fixtureBytes, options.timeoutMs);
      if (!l.ok) return { ok: false, message: `loading the fixture: ${errorFromFault(l.fault).message}` };
      loaded.add(sha);
    }
    const r = await conn.query(sha, c.request, options.timeoutMs);
    return r.ok
      ? { ok: true, bytes: r.value }
      : { ok: false, message: `${r.fault.kind}: ${errorFromFault(r.fault).message}` };
  };
  return { connect, ask, close: async () => connection?.close() };
}

/** Runs the property against the provider. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzOutcome> {
  const { connect, ask, close } = providerAsker(options);
  // The expected answer and its alternatives, derived as for a vector, so the phase accepts what a vector accepts.
  const answersOf = (c: AskedCase): Answers => {
    const l = loadFixture(c.fixture);
    if (!l.ok) throw new Error('kit fault: generated fixture does not load');
    return answersWithAlternatives(c.request, l.fixture);
  };
  const applies = (c: AskedCase): boolean => {
    if (options.missing === undefined || options.missing.size === 0) return true;
    const l = loadFixture(c.fixture);
    return !l.ok || missingFeaturesOf(queryFeatures(c.request, l.fixture), options.missing).length === 0;
  };
  const acceptable: FuzzAlternativeCounts = {};
  let counting = true;
  const agrees = async (c: AskedCase): Promise<boolean> => {
    const actual = await ask(c);
    if (!actual.ok) return false;
    const answers = answersOf(c);
    if (Buffer.from(actual.bytes).equals(Buffer.from(answers.expected))) return true;
    const alternative = answers.alternatives.find((a) => Buffer.from(actual.bytes).equals(Buffer.from(a.bytes)));
    if (alternative === undefined) return false;
    const name = alternative.name.split('/')[0] ?? alternative.name;
    if (counting) acceptable[name] = (acceptable[name] ?? 0) + 1;
    return true;
  };
  // Both queries of a world asked twice are judged, the earlier first, on one provider instance.
  const caseAgrees = async (c: FuzzCase): Promise<boolean> =>
    (c.before === undefined || (await agrees({ fixture: c.fixture, request: c.before }))) && (await agrees(c));
  const shapes: CaseShape[] = [];
  // By shape asked: whether a query of the case needs a missing feature (then it is not asked, and holds).
  const excused: boolean[] = [];

  try {
    const first = await connect();
    if (typeof first === 'string') return { kind: 'no-provider', message: first };
    const property = fc.asyncProperty(caseShapeArb, async (shape) => {
      shapes.push(shape);
      const c = buildCase(shape);
      const applicable = applies(c) && (c.before === undefined || applies({ fixture: c.fixture, request: c.before }));
      excused.push(!applicable);
      return !applicable || caseAgrees(c);
    });
    const parameters: fc.Parameters<[CaseShape]> = { seed: options.seed, numRuns: options.runs };
    if (options.path !== undefined) parameters.path = options.path;
    const details = await fc.check(property, parameters);
    // Shrinking and the replay below ask again: only the generated cases count.
    counting = false;
    const classes = countClasses(shapes, details.numRuns);
    const generated = shapes.slice(0, details.numRuns);
    if (!details.failed || details.counterexample === null) {
      const notApplicable = excused.slice(0, details.numRuns).filter((x) => x).length;
      return {
        kind: 'passed',
        runs: details.numRuns,
        seed: options.seed,
        classes,
        notApplicable,
        acceptable,
        shapes: generated,
      };
    }
    const shape = details.counterexample[0];
    const built = buildCase(shape);
    // The query that disagreed: the earlier one of a world asked twice, when that one already did.
    const c: FuzzCase =
      built.before !== undefined && !(await agrees({ fixture: built.fixture, request: built.before }))
        ? { fixture: built.fixture, request: built.before }
        : built;
    const answers = answersOf(c);
    return {
      kind: 'disagreement',
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      shrinks: details.numShrinks,
      shape,
      case: c,
      answers,
      expected: answers.expected,
      actual: await ask(c),
      classes,
      acceptable,
      shapes: generated,
    };
  } finally {
    await close();
  }
}

/**
 * The contract category of a fuzz case, from the reference oracle's expected result, and
 * the clauses its status rule states: invalid, stale, complete and partial by status (a
 * truncated partial result is a limit case, KD-LIMIT-10); an unavailable result is a
 * limit case when the budget ran out (KD-LIMIT-11) and a partial-family case otherwise,
 * as the kit's own vectors file it.
 */
export function fuzzCategory(expected: Uint8Array): { category: Category; clauses: string[] } {
  let result: { status?: unknown; reason?: unknown; truncated?: unknown } = {};
  try {
    result = JSON.parse(Buffer.from(expected).toString('utf8')) as typeof result;
  } catch {
    throw new Error('kit fault: the reference result is not JSON');
  }
  switch (result.status) {
    case 'invalid':
      return { category: 'invalid', clauses: ['KD-RES-14', 'KD-RES-15'] };
    case 'stale':
      return { category: 'stale', clauses: ['KD-RES-10', 'KD-RES-11'] };
    case 'complete':
      return { category: 'complete', clauses: ['KD-RES-06', 'KD-RES-07'] };
    case 'partial':
      return result.truncated === true
        ? { category: 'limit', clauses: ['KD-LIMIT-10', 'KD-RES-08', 'KD-RES-09'] }
        : { category: 'partial', clauses: ['KD-RES-08', 'KD-RES-09'] };
    case 'unavailable':
      return result.reason === 'limit-exhausted'
        ? { category: 'limit', clauses: ['KD-LIMIT-11', 'KD-RES-12', 'KD-RES-13'] }
        : { category: 'partial', clauses: ['KD-RES-12', 'KD-RES-13'] };
    default:
      throw new Error('kit fault: the reference result has no known status');
  }
}

/** `<category>/fuzz-<seed>-<path hash>`: unique per minimal case, and a valid vector id. */
export function fuzzVectorId(category: Category, seed: number, path: string): string {
  const seedText = seed < 0 ? `n${-Math.trunc(seed)}` : String(Math.trunc(seed));
  return `${category}/fuzz-${seedText}-${sha256(Buffer.from(path, 'utf8')).slice(0, 12)}`;
}

/**
 * Writes the minimal case as a vector set in `folder`: `fixtures/<sha256>.json`,
 * `<category>/fuzz-<seed>-<path hash>.json` (format kofun.ctk.vector/v1) and
 * `manifest.json` (kofun.ctk.manifest/v1). Returns the vector id. Its clauses are the
 * status rule of its category plus every clause the verifier finds broken in the
 * provider's bytes, so a FAIL names them even without the provider at hand.
 */
export function writeFuzzVector(
  folder: string,
  outcome: Extract<FuzzOutcome, { kind: 'disagreement' }>,
  kitVersion: string,
): string {
  const fixtureBytes = encodeFixtureJson(outcome.case.fixture as unknown as JsonObject);
  const fixtureSha = sha256(fixtureBytes);
  const { category, clauses } = fuzzCategory(outcome.expected);
  const broken: string[] = [];
  const loaded = loadFixture(outcome.case.fixture);
  if (outcome.actual.ok) {
    const context = loaded.ok
      ? { request: outcome.case.request, fixture: loaded.fixture }
      : { request: outcome.case.request };
    broken.push(...verifyResult(outcome.actual.bytes, context).map((v) => v.clause));
  }
  const id = fuzzVectorId(category, outcome.seed, outcome.path);
  const replay = `kofun-ctk fuzz --seed ${outcome.seed} --path ${outcome.path}`;
  const head = {
    // The vector schema fixes the stamp's wording; the fuzz origin and replay command are in the intent.
    generated: generatedStamp(kitVersion),
    id,
    category,
    intent:
      `Found by kofun-ctk fuzz: a generated case on which the provider and the reference oracle disagree, ` +
      `shrunk by fast-check (replay: ${replay}).` +
      (outcome.case.before === undefined
        ? ''
        : ' The fuzz asked another query of the same world first; this vector alone may not reproduce it.'),
    clauses: [...new Set([...clauses, ...broken.filter((c) => /^KD-[A-Z]+-[0-9]{2}$/.test(c))])].sort(compareUtf8),
    interpretations: [...new Set(outcome.answers.alternatives.map((a) => a.interpretation))].sort(compareUtf8),
    // Derived as the generator derives every vector's, so a provider that declares them missing gets it NOT-APPLICABLE.
    features: loaded.ok ? queryFeatures(outcome.case.request, loaded.fixture, outcome.answers.steps) : [],
    fixture_sha256: fixtureSha,
  };
  // The written vector accepts what the phase accepted: the alternatives are derived as the generator derives them.
  const alternatives = outcome.answers.alternatives.map((a) => ({
    name: a.name,
    reason: a.reason,
    interpretation: a.interpretation,
    ...encodeResult(a.bytes),
  }));
  const vector = queryVectorFile(head, outcome.case.request, encodeResult(outcome.expected), alternatives);
  writeVectorSet(folder, [{ vector, fixtureBytes }], kitVersion);
  if (outcome.actual.ok) writeOutputFile(join(folder, 'actual.bin'), outcome.actual.bytes);
  return id;
}

/** One vector to write, with the bytes of its fixture. */
export interface VectorToWrite {
  vector: ReturnType<typeof queryVectorFile>;
  fixtureBytes: Uint8Array;
}

/**
 * Writes `vectors` as a vector set in `folder`: each fixture once as `fixtures/<sha256>.json`, each vector as
 * `<id>.json` (format kofun.ctk.vector/v1), and `manifest.json` (kofun.ctk.manifest/v1), so `kofun-ctk run --vectors`
 * and `kofun-ctk repro` read the folder as they read the kit's own set.
 */
export function writeVectorSet(folder: string, vectors: readonly VectorToWrite[], kitVersion: string): void {
  const files = new Map<string, string>();
  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  const beyondBaseline: { id: string; code_points: string[] }[] = [];
  for (const { vector, fixtureBytes } of vectors) {
    const fixturePath = fixtureFilePath(vector.fixture_sha256);
    if (!files.has(fixturePath)) {
      writeOutputFile(join(folder, fixturePath), fixtureBytes);
      files.set(fixturePath, vector.fixture_sha256);
    }
    const bytes = prettyJsonBytes(vector);
    writeOutputFile(join(folder, `${vector.id}.json`), bytes);
    files.set(`${vector.id}.json`, sha256(bytes));
    counts[vector.category] += 1;
    const beyond = codePointsBeyondBaseline(vector.request, fixtureBytes);
    if (beyond.length > 0) beyondBaseline.push({ id: vector.id, code_points: beyond });
  }
  const manifest = manifestFile({
    generated: generatedStamp(kitVersion),
    counts,
    total: vectors.length,
    files: [...files.entries()].map(([path, sha]) => ({ path, sha256: sha })),
    renames: [],
    beyondBaseline,
  });
  writeOutputFile(join(folder, 'manifest.json'), prettyJsonBytes(manifest));
}
