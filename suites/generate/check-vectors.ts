/**
 * The vector check CI runs: the committed vector set must be exactly what the oracle
 * generates from the cases, every vector and the manifest must conform to their
 * schemas, every expected and acceptable result must pass the independent
 * verifier given its request and fixture, no two query vectors may send the same
 * request bytes and expect different complete, partial or invalid results (KIT-25), and
 * every register entry that says it changes result bytes must have a vector naming it.
 */
import { schemaViolations, verifyResult, type RegisterEntry } from '../../oracle/index.js';
import { isVectorPath, vectorBytes, MANIFEST_FORMAT, VECTOR_FORMAT } from '../../oracle/internal.js';
import type { CaseDefinition } from '../../suites/case-definition.js';
import { requestConflictProblems } from '../../suites/generate/request-conflicts.js';
import { caseProblems, type KnownIds } from './case-problems.js';
import { generateVectors, type GeneratedSet } from './generate-vectors.js';
import { entryIdOf } from './kit-registers.js';
import { parseVectorFile, vectorTreeOf, type VectorTree } from '../../runner/internal.js';

/** The size cap of the generated vector folder (large fixtures use candidate_series). */
export const MAX_VECTOR_SET_BYTES = 20 * 1024 * 1024;

/** What the check compares and against what. */
export interface CheckInput {
  cases: readonly CaseDefinition[];
  oracleVersion: string;
  renames: Readonly<Record<string, string>>;
  known: KnownIds;
  /** The interpretations register; when given, its `changes_result_bytes` claims are checked against the vectors. */
  register?: readonly RegisterEntry[];
  /** The committed files under vectors/, by relative path. */
  committed: ReadonlyMap<string, Uint8Array>;
}

/** The outcome: every problem (one line each) and, when generation ran, the generated set. */
export interface CheckOutcome {
  problems: string[];
  generated?: GeneratedSet;
}

/** Runs every check; never throws for a fault of the vectors or cases. */
export function checkVectors(input: CheckInput): CheckOutcome {
  const problems = caseProblems(input.cases, input.renames, input.known);
  if (problems.length > 0) return { problems };
  let generated: GeneratedSet;
  try {
    generated = generateVectors(input.cases, { oracleVersion: input.oracleVersion, renames: input.renames });
  } catch (err) {
    return { problems: [`generation failed: ${err instanceof Error ? err.message : String(err)}`] };
  }
  problems.push(...treeDifferences(generated.files, input.committed));
  let size = 0;
  for (const bytes of generated.files.values()) size += bytes.length;
  if (size > MAX_VECTOR_SET_BYTES)
    problems.push(`the vector set is ${size} bytes, over the ${MAX_VECTOR_SET_BYTES}-byte cap`);
  problems.push(...schemaProblems(input.committed, 'committed'));
  problems.push(...schemaProblems(generated.files, 'generated'));
  const generatedTree = vectorTreeOf(generated.files);
  problems.push(...verifierProblems(generatedTree));
  problems.push(...requestConflictProblems(generatedTree));
  if (input.register !== undefined) problems.push(...registerProblems(input.register, generatedTree));
  return { problems, generated };
}

/**
 * Entries of the register the vectors contradict:
 * - an entry that changes result bytes names no vector resting on it (through its id or an
 *   alias, in a vector's interpretations or as the interpretation of an acceptable
 *   alternative), or an entry that does not says no reason;
 * - the chosen reading is not one the contract allows and that fails closed;
 * - another reading the contract allows also fails closed, but no vector accepts its bytes
 *   as the entry's named alternative and the entry does not say why one reading is law;
 * - the entry names an alternative no vector carries.
 */
export function registerProblems(register: readonly RegisterEntry[], tree: VectorTree): string[] {
  const entryOf = entryIdOf(register);
  const named = new Set<string>();
  const carried = new Set<string>();
  for (const { vector } of tree.vectors) {
    for (const id of vector.interpretations) named.add(entryOf(id));
    if ('acceptable' in vector)
      for (const a of vector.acceptable) {
        named.add(entryOf(a.interpretation));
        // An alternative's name may carry a detail after a slash (other-stale-reason/stale-source).
        carried.add(`${entryOf(a.interpretation)} ${a.name.split('/')[0] ?? ''}`);
      }
  }
  const out: string[] = [];
  const problem = (e: RegisterEntry, text: string): number => out.push(`oracle/interpretations.json: ${e.id} ${text}`);
  for (const e of register) {
    if (e.changes_result_bytes && !named.has(e.id)) problem(e, 'changes result bytes, but no vector names it');
    else if (!e.changes_result_bytes && (e.unchanged_bytes_reason ?? '').trim() === '')
      problem(e, 'says it changes no result bytes, but gives no reason');
    const lawful = e.readings.filter((r) => r.contract_allows && r.fails_closed);
    if (!lawful.some((r) => r.label === e.choice))
      problem(e, `chooses ${e.choice}, which is not a reading the contract allows that fails closed`);
    const alt = e.alternative_outcome;
    const open = lawful.filter((r) => r.label !== e.choice && r.label !== alt?.reading).map((r) => r.label);
    if (open.length > 0 && (e.law_because ?? '').trim() === '')
      problem(
        e,
        `leaves reading ${open.join(', ')} allowed and failing closed, with no alternative accepting it ` +
          'and no law_because',
      );
    if (alt !== null && !lawful.some((r) => r.label === alt.reading))
      problem(
        e,
        `names the alternative ${alt.name} of reading ${alt.reading}, which is not allowed or not fail-closed`,
      );
    if (alt !== null && !carried.has(`${e.id} ${alt.name}`))
      problem(e, `names the alternative ${alt.name}, but no vector carries it`);
  }
  return out;
}

/** Missing, extra and differing files, sorted by path. */
export function treeDifferences(
  want: ReadonlyMap<string, Uint8Array>,
  have: ReadonlyMap<string, Uint8Array>,
): string[] {
  const out: string[] = [];
  const paths = [...new Set([...want.keys(), ...have.keys()])].sort();
  for (const path of paths) {
    const w = want.get(path);
    const h = have.get(path);
    if (h === undefined) out.push(`vectors/${path}: missing (not committed)`);
    else if (w === undefined) out.push(`vectors/${path}: extra (no case generates it)`);
    else if (!Buffer.from(w).equals(Buffer.from(h)))
      out.push(`vectors/${path}: differs from the generated file at byte ${firstDifference(w, h)}`);
  }
  return out;
}

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

/** Schema violations of every vector file and of the manifest. */
export function schemaProblems(files: ReadonlyMap<string, Uint8Array>, which: string): string[] {
  const out: string[] = [];
  for (const [path, bytes] of files) {
    const isManifest = path === 'manifest.json';
    if (!isManifest && !isVectorPath(path)) continue;
    const parsed = parseVectorFile(bytes);
    if (!parsed.ok) {
      out.push(`${which} vectors/${path}: not JSON (${parsed.message})`);
      continue;
    }
    const violations = schemaViolations(isManifest ? MANIFEST_FORMAT : VECTOR_FORMAT, parsed.vector);
    for (const v of violations.slice(0, 5))
      out.push(
        `${which} vectors/${path}: ` +
          `schema: ${v.pointer ?? ''} ${v.message}${v.expected !== undefined ? ` (expected ${v.expected})` : ''}`,
      );
    if (violations.length > 5) out.push(`${which} vectors/${path}: ${violations.length - 5} more schema violations`);
    if (!isManifest && parsed.vector.id !== undefined && `${parsed.vector.id}.json` !== path)
      out.push(`${which} vectors/${path}: holds id ${parsed.vector.id}`);
  }
  return out;
}

/** Verifier violations of every expected and acceptable result, given the request and fixture. */
export function verifierProblems(tree: VectorTree): string[] {
  const out: string[] = [];
  for (const { path, vector } of tree.vectors) {
    const bytes = vectorBytes(vector);
    if (bytes === undefined) continue;
    const fixture = tree.fixture(vector.fixture_sha256);
    if (!fixture.ok) {
      out.push(`vectors/${path}: fixture does not load: ${fixture.message}`);
      continue;
    }
    const results = [
      { name: 'expected', bytes: bytes.expected },
      ...bytes.acceptable.map((a) => ({ name: `acceptable ${a.name}`, bytes: a.bytes })),
    ];
    for (const r of results) {
      const violations = verifyResult(r.bytes, { request: bytes.request, fixture: fixture.fixture });
      for (const v of violations.slice(0, 5)) {
        const at = v.pointer !== undefined ? ` at ${v.pointer}` : '';
        out.push(`vectors/${path}: ${r.name}: ${v.clause} ${v.code}${at}: ${v.message}`);
      }
      if (violations.length > 5)
        out.push(`vectors/${path}: ${r.name}: ${violations.length - 5} more verifier violations`);
    }
  }
  return out;
}
