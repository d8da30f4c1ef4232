/**
 * A fixture read from a file, as `kofun-ctk query --fixture`, `verify --fixture` and the reference build take it:
 * a fixture file (any JSON layout), or a vector file (vector-format.ts), whose fixture is loaded by reference from
 * the vector set it stands in. The fixture loader itself (oracle/fixture/load-fixture.ts) knows no vector.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatJsonInputProblem, parseJsonInput } from '../json-input/read-json-input.js';
import { isId } from '../records/scalar-checks.js';
import { violation, type Violation } from '../violation.js';
import { loadFixture, MAX_FIXTURE_FILE_BYTES, type FixtureLoad } from '../fixture/load-fixture.js';
import { fixtureFilePath, isVectorFileValue } from './vector-format.js';

const FIXTURE_CLAUSE = 'KD-ACCEPT-13';

/**
 * Loads a fixture file, or the fixture a vector file names: a parsed object with
 * `format: "kofun.ctk.vector/v1"` loads `fixtures/<fixture_sha256>.json` of the vector set, one folder above the
 * vector's own (`<set>/<category>/<slug>.json`), and checks that the fixture's address is that SHA-256. File and
 * JSON errors become violations (`fixture-read`, `fixture-json`, `fixture-ref`); never throws.
 */
export function loadFixtureFile(path: string): FixtureLoad {
  const parsed = readJsonFile(path);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (!isVectorFileValue(value)) return loadFixture(value);
  const sha = value.fixture_sha256;
  if (!isId(sha)) {
    return fail('fixture-ref', 'The vector names no fixture: fixture_sha256 is missing or not an Id.', {
      pointer: '/fixture_sha256',
    });
  }
  const fixtureFile = readJsonFile(join(dirname(path), '..', fixtureFilePath(sha)));
  if (!fixtureFile.ok) return fixtureFile;
  const loaded = loadFixture(fixtureFile.value);
  if (loaded.ok && loaded.fixture.fixtureSha256 !== sha) {
    return fail('fixture-ref', 'The fixture file the vector names has another content address.', {
      pointer: '/fixture_sha256',
      expected: sha,
      actual: loaded.fixture.fixtureSha256,
    });
  }
  return loaded;
}

function readJsonFile(path: string): { ok: true; value: unknown } | { ok: false; violations: Violation[] } {
  let bytes: Buffer;
  try {
    const size = statSync(path).size;
    if (size > MAX_FIXTURE_FILE_BYTES) {
      return fail('fixture-read', 'The file is larger than the fixture file cap.', {
        expected: `at most ${MAX_FIXTURE_FILE_BYTES} bytes`,
        actual: `${size} bytes`,
      });
    }
    bytes = readFileSync(path);
  } catch (err) {
    const code =
      err !== null && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : 'error';
    return fail('fixture-read', 'The file cannot be read.', { actual: `${code}: ${path}` });
  }
  const parsed = parseJsonInput(bytes, { maxBytes: MAX_FIXTURE_FILE_BYTES });
  if (parsed.ok) return { ok: true, value: parsed.value };
  const { problem } = parsed;
  const why =
    problem.code === 'utf8'
      ? 'The file is not UTF-8.'
      : problem.code === 'duplicate-key'
        ? 'The file has a duplicate key.'
        : 'The file is not JSON.';
  const where: { offset: number; pointer?: string; actual: string } = {
    offset: problem.offset,
    actual: `${formatJsonInputProblem(problem)}: ${path}`,
  };
  if (problem.pointer !== undefined) where.pointer = problem.pointer;
  return fail('fixture-json', why, where);
}

function fail(
  code: string,
  message: string,
  where: { offset?: number; pointer?: string; expected?: string; actual?: string },
): { ok: false; violations: Violation[] } {
  return { ok: false, violations: [violation(code, FIXTURE_CLAUSE, message, where)] };
}
