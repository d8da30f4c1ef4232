/**
 * The property behind `kofun-ctk fuzz`: for generated cases (fuzz-case.ts), the
 * provider's result bytes equal the reference oracle's. fast-check runs it from a seed,
 * shrinks a disagreement to a minimal case, and reports the seed and path that replay
 * it exactly; the minimal case is then written out as a one-vector vector set that
 * `kofun-ctk run --vectors <folder>` and `kofun-ctk repro` accept.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { encodeCanonical } from '../../oracle/canonical-json/encode-canonical.js';
import type { JsonObject } from '../../oracle/canonical-json/json-value.js';
import { loadFixture } from '../../oracle/fixture/load-fixture.js';
import { evaluateQuery } from '../../oracle/pipeline/evaluate-query.js';
import type { ProviderConnection, ProviderLauncher } from '../adapters/provider-connection.js';
import { errorFromFault } from '../judge/judge-vector.js';
import { vectorSetDigest } from '../vectors/vector-set-digest.js';
import { buildCase, caseShapeArb, type CaseShape, type FuzzCase } from './fuzz-case.js';

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
}

export type FuzzOutcome =
  | { kind: 'passed'; runs: number; seed: number }
  | { kind: 'no-provider'; message: string }
  | {
      kind: 'disagreement';
      seed: number;
      path: string;
      shrinks: number;
      shape: CaseShape;
      case: FuzzCase;
      expected: Uint8Array;
      actual: { ok: true; bytes: Uint8Array } | { ok: false; message: string };
    };

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Runs the property against the provider. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzOutcome> {
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
  const ask = async (c: FuzzCase): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; message: string }> => {
    const conn = await connect();
    if (typeof conn === 'string') return { ok: false, message: conn };
    const fixtureBytes = encodeCanonical(c.fixture as unknown as JsonObject);
    const sha = sha256(fixtureBytes);
    if (!loaded.has(sha)) {
      const l = await conn.loadFixture(sha, fixtureBytes, options.timeoutMs);
      if (!l.ok) return { ok: false, message: `loading the fixture: ${errorFromFault(l.fault).message}` };
      loaded.add(sha);
    }
    const r = await conn.query(sha, c.request, options.timeoutMs);
    return r.ok ? { ok: true, bytes: r.value } : { ok: false, message: `${r.fault.kind}: ${errorFromFault(r.fault).message}` };
  };
  const expectedOf = (c: FuzzCase): Uint8Array => {
    const l = loadFixture(c.fixture);
    if (!l.ok) throw new Error('kit fault: generated fixture does not load');
    return evaluateQuery(c.request, l.fixture);
  };

  try {
    const first = await connect();
    if (typeof first === 'string') return { kind: 'no-provider', message: first };
    const property = fc.asyncProperty(caseShapeArb, async (shape) => {
      const c = buildCase(shape);
      const actual = await ask(c);
      return actual.ok && Buffer.from(actual.bytes).equals(Buffer.from(expectedOf(c)));
    });
    const parameters: fc.Parameters<[CaseShape]> = { seed: options.seed, numRuns: options.runs };
    if (options.path !== undefined) parameters.path = options.path;
    const details = await fc.check(property, parameters);
    if (!details.failed || details.counterexample === null) return { kind: 'passed', runs: details.numRuns, seed: options.seed };
    const shape = details.counterexample[0];
    const c = buildCase(shape);
    return {
      kind: 'disagreement',
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      shrinks: details.numShrinks,
      shape,
      case: c,
      expected: expectedOf(c),
      actual: await ask(c),
    };
  } finally {
    await connection?.close();
  }
}

/**
 * Writes the minimal case as a vector set in `folder`: `fixtures/<sha256>.json`,
 * `fuzz/seed-<seed>.json` (format kofun.ctk.vector/v1) and `manifest.json`. Returns the
 * vector id.
 */
export function writeFuzzVector(folder: string, outcome: Extract<FuzzOutcome, { kind: 'disagreement' }>, kitVersion: string): string {
  const fixtureBytes = encodeCanonical(outcome.case.fixture as unknown as JsonObject);
  const fixtureSha = sha256(fixtureBytes);
  const id = `fuzz/seed-${outcome.seed}`;
  const vector = {
    format: 'kofun.ctk.vector/v1',
    generated: { by: 'kofun-ctk fuzz', note: `Minimal counterexample; replay with kofun-ctk fuzz --seed ${outcome.seed} --path ${outcome.path}`, oracle_version: kitVersion },
    id,
    category: 'fuzz',
    intent: 'A generated case on which the provider and the reference oracle disagree, shrunk by fast-check.',
    clauses: [],
    interpretations: [],
    fixture_sha256: fixtureSha,
    request: { encoding: 'utf8', data: Buffer.from(outcome.case.request).toString('utf8') },
    expected: { result: Buffer.from(outcome.expected).toString('utf8'), sha256: sha256(outcome.expected) },
    acceptable: [],
  };
  const vectorBytes = new Uint8Array(Buffer.from(`${JSON.stringify(vector, null, 2)}\n`, 'utf8'));
  mkdirSync(join(folder, 'fixtures'), { recursive: true });
  mkdirSync(join(folder, 'fuzz'), { recursive: true });
  writeFileSync(join(folder, 'fixtures', `${fixtureSha}.json`), fixtureBytes);
  writeFileSync(join(folder, 'fuzz', `seed-${outcome.seed}.json`), vectorBytes);
  const files = [
    { path: `fixtures/${fixtureSha}.json`, sha256: fixtureSha },
    { path: `fuzz/seed-${outcome.seed}.json`, sha256: sha256(vectorBytes) },
  ];
  const manifest = { format: 'kofun.ctk.manifest/v1', files, vector_set_sha256: vectorSetDigest(files) };
  writeFileSync(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (outcome.actual.ok) writeFileSync(join(folder, 'actual.bin'), outcome.actual.bytes);
  return id;
}
