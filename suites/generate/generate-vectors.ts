/**
 * Generates the golden vector set from the cases: every expected and acceptable
 * result is computed by the reference oracle (oracle/pipeline/evaluate-query.ts) at
 * generation time, never written by hand. Generation fails when the oracle's status or
 * reason differs from the answer the case states, when the oracle faults, and when one
 * analysis key names two worlds (KIT-25). The output is a map from paths relative to
 * vectors/ to bytes, a pure function of the cases and the oracle version, so two runs
 * anywhere give the same bytes.
 */
import {
  sha256Hex,
  encodeCanonical,
  type JsonObject,
  type FixtureV1,
  type DiscoveryRequestV1,
  answersWithAlternatives,
  evaluateQueryOrThrow,
  kitReadings,
  type Answers,
  type Readings,
  type RegisterEntry,
} from '../../oracle/index.js';
import {
  encodeFixtureJson,
  prettyJsonBytes,
  VECTOR_FORMAT,
  generatedStamp,
  codePointsBeyondBaseline,
  encodeResult,
  fixtureFilePath,
  manifestFile,
  queryVectorFile,
  type AcceptableResult,
  type GeneratedStamp,
  type ManifestFile,
  type VectorFile,
  type VectorHead,
  checkRuntimeUnicode,
  queryFeatures,
  RELEASE_COST_FEATURES,
} from '../../oracle/internal.js';
import {
  CATEGORIES,
  type CaseDefinition,
  type Category,
  type ExpectedAnswer,
  type QueryCase,
} from '../case-definition.js';
import { loaded } from '../fixtures/request-for.js';
import { keyWorldConflicts, type KeyedWorld } from './key-worlds.js';
import { renderVectorsReadme } from './vectors-readme.js';
import { readStatedReadings } from './kit-registers.js';

/** Inputs besides the cases. */
export interface GenerateOptions {
  oracleVersion: string;
  /** Retired case id → current case id (suites/renames.json). */
  renames: Readonly<Record<string, string>>;
  /** The interpretations register whose alternatives the vectors carry (the kit's by default). */
  register?: readonly RegisterEntry[];
  /** The readings the oracle follows (the register's choices, kitReadings, by default). */
  readings?: Readings;
  /** Told after each case (progress). */
  onCase?: (done: number, total: number) => void;
  /**
   * Entry -> label: the readings the cases state their answers under (suites/stated-readings.json by default). A case
   * whose evaluation asked about an entry the register now chooses otherwise has its stated answer checked under these,
   * and its vector made under the register.
   */
  stated?: Readonly<Record<string, string>>;
}

/** The generated vector set. */
export interface GeneratedSet {
  /** Every file under vectors/, by `/`-separated relative path: vectors, fixtures, manifest.json, README.md. */
  files: Map<string, Uint8Array>;
  manifest: ManifestFile;
}

function canonicalRequest(record: DiscoveryRequestV1): Uint8Array {
  return encodeCanonical(record as unknown as JsonObject);
}

function fixtureFile(fixture: FixtureV1): { sha256: string; bytes: Uint8Array } {
  // KIT-21: canonical, with control characters in file.source escaped.
  const bytes = encodeFixtureJson(fixture as unknown as JsonObject);
  const sha256 = sha256Hex(bytes);
  const address = loaded(fixture).fixtureSha256;
  if (address !== sha256)
    throw new Error(`fixture address mismatch: loader says ${address}, fixture file bytes hash to ${sha256}`);
  return { sha256, bytes };
}

/**
 * The oracle's answer to a query case and its named alternatives (alternative-answers.ts); a fault of the kit inside
 * the pipeline fails generation, naming the case.
 */
export function caseAnswers(c: QueryCase, options: Pick<GenerateOptions, 'register' | 'readings'> = {}): Answers {
  const requestBytes = 'record' in c.request ? canonicalRequest(c.request.record) : c.request.bytes;
  try {
    return answersWithAlternatives(requestBytes, loaded(c.fixture), {
      ...(options.register === undefined ? {} : { register: options.register }),
      ...(options.readings === undefined ? {} : { readings: options.readings }),
      throwOnFault: true,
    });
  } catch (err) {
    throw new Error(`case ${c.id}: the oracle failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** What differs between the answer a case states and the oracle's result text; undefined when they agree. */
export function expectationMismatch(expect: ExpectedAnswer, resultText: string): string | undefined {
  const result = JSON.parse(resultText) as { status: unknown; reason: unknown };
  const stated = expect.reason === undefined ? expect.status : `${expect.status} (reason ${String(expect.reason)})`;
  const actual = `${String(result.status)} (reason ${String(result.reason)})`;
  if (result.status !== expect.status) return `${stated}, but the oracle answers ${actual}`;
  if (expect.reason !== undefined && result.reason !== expect.reason)
    return `${stated}, but the oracle answers ${actual}`;
  return undefined;
}

/**
 * The vector of one query case; the results are the oracle's. The case rests on the register entry of each
 * alternative it carries, so the entry is added to its interpretations.
 */
function queryVector(
  c: QueryCase,
  head: Omit<VectorHead, 'format' | 'generated' | 'features'>,
  stamp: GeneratedStamp,
  options: GenerateOptions,
): VectorFile {
  const requestBytes = 'record' in c.request ? canonicalRequest(c.request.record) : c.request.bytes;
  const answers = caseAnswers(c, options);
  const expected = encodeResult(answers.expected);
  // The vector's features are the oracle's too: derived from the request, the fixture and the steps the expected
  // answer spent (oracle/features/query-features.ts).
  const features = queryFeatures(requestBytes, loaded(c.fixture), answers.steps);
  const stated = statedAnswer(c, requestBytes, answers, options);
  const mismatch = expectationMismatch(c.expect, stated.text);
  if (mismatch !== undefined) throw new Error(`case ${c.id} states ${mismatch}${stated.note}`);
  const acceptable: AcceptableResult[] = answers.alternatives.map((a) => ({
    name: a.name,
    reason: a.reason,
    interpretation: a.interpretation,
    ...encodeResult(a.bytes),
  }));
  const interpretations = [...new Set([...head.interpretations, ...acceptable.map((a) => a.interpretation)])].sort();
  return queryVectorFile({ generated: stamp, ...head, interpretations, features }, requestBytes, expected, acceptable);
}

/**
 * The answer the case's statement is checked against: the vector's, or, when the evaluation asked about an entry the
 * register chooses otherwise than the cases were stated under, the oracle's answer under the stated readings.
 */
function statedAnswer(
  c: QueryCase,
  requestBytes: Uint8Array,
  answers: Answers,
  options: GenerateOptions,
): { text: string; note: string } {
  const readings = options.readings ?? kitReadings();
  const stated = options.stated ?? readStatedReadings();
  const switched = [...answers.asked]
    .filter((e) => stated[e] !== undefined && readings.reading(e)?.label !== stated[e])
    .sort();
  if (switched.length === 0) return { text: new TextDecoder().decode(answers.expected), note: '' };
  let under = readings;
  for (const e of switched) under = under.with(e, { label: stated[e] as string });
  const bytes = evaluateQueryOrThrow(requestBytes, loaded(c.fixture), { readings: under });
  return {
    text: new TextDecoder().decode(bytes),
    note: ` (under the readings the cases state: ${switched.map((e) => `${e}:${stated[e] as string}`).join(', ')})`,
  };
}

/** Every world a query is asked on: each query case's fixture. */
function queryWorlds(cases: readonly CaseDefinition[]): KeyedWorld[] {
  const worlds: KeyedWorld[] = [];
  for (const c of cases)
    if (c.kind === 'query') worlds.push({ caseId: c.id, key: loaded(c.fixture).currentKey, fixture: c.fixture });
  return worlds;
}

/** Generates every file of the vector set. Throws on a fault of a case (the check reports it). */
export function generateVectors(cases: readonly CaseDefinition[], options: GenerateOptions): GeneratedSet {
  const stamp = generatedStamp(options.oracleVersion);
  const files = new Map<string, Uint8Array>();
  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  // Every case's fault is reported in one run, not only the first: a maintainer fixes them all at once.
  const faults: string[] = [];
  const beyond: { id: string; code_points: string[] }[] = [];
  let done = 0;
  for (const c of cases) {
    try {
      addCase(c);
    } catch (err) {
      faults.push(err instanceof Error ? err.message : String(err));
    }
    options.onCase?.(++done, cases.length);
  }
  if (faults.length > 0) throw new Error(faults.join('\n'));
  function addCase(c: CaseDefinition): void {
    const fixture = fixtureFile(c.fixture);
    files.set(fixtureFilePath(fixture.sha256), fixture.bytes);
    const head: Omit<VectorHead, 'format' | 'generated' | 'features'> = {
      id: c.id,
      category: c.category,
      intent: c.intent,
      clauses: [...c.clauses],
      interpretations: [...c.interpretations],
      fixture_sha256: fixture.sha256,
    };
    const vector: VectorFile =
      c.kind === 'query'
        ? queryVector(c, head, stamp, options)
        : {
            format: VECTOR_FORMAT,
            generated: stamp,
            ...head,
            features: [...RELEASE_COST_FEATURES],
            release: c.release,
          };
    if ('request' in vector) {
      const codePoints = codePointsBeyondBaseline(vector.request, fixture.bytes);
      if (codePoints.length > 0) beyond.push({ id: c.id, code_points: codePoints });
    }
    const path = `${c.id}.json`;
    if (files.has(path)) throw new Error(`duplicate case id ${c.id}`);
    files.set(path, prettyJsonBytes(vector));
    counts[c.category] += 1;
  }
  const conflicts = keyWorldConflicts(queryWorlds(cases));
  if (conflicts.length > 0) throw new Error(conflicts.join('; '));
  const runtimeUnicode = checkRuntimeUnicode(process.versions.unicode);
  if (runtimeUnicode !== undefined) throw new Error(runtimeUnicode);
  const manifest = manifestFile({
    generated: stamp,
    counts,
    total: cases.length,
    files: [...files.entries()].map(([path, bytes]) => ({ path, sha256: sha256Hex(bytes) })),
    renames: Object.entries(options.renames).map(([from, to]) => ({ from, to })),
    beyondBaseline: beyond,
  });
  files.set('manifest.json', prettyJsonBytes(manifest));
  files.set('README.md', new TextEncoder().encode(renderVectorsReadme(manifest)));
  return { files, manifest };
}
