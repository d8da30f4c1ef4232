// The candidate-series lines of the benchmark (scripts/bench.ts): what a fixture's candidate_series costs the oracle.
//
// 1. Series fixture load: loadFixtureFile of the query fixture with the most series members (the 1,000,000-candidate
//    fixture of limit/explain-budget-exhausted-before-match), as a ratio to JSON.parse of a 1,000,000-element array
//    (target <= 1). The array holds what the members have of their own, written out as a fixture without series
//    would write them: one small object per member with its SymbolId (64 hex digits), display name and qualified
//    name, the fixture's own spellings (`{"display_name":"o12","identity":"…","qualified_name":"std.list.o12"}`, about
//    134 bytes each). Everything else a member has is its template's, which the JSON side leaves out. The load must
//    compute the members' SymbolIds to order them (SHA-256 of `${seed}:${i}`), so the time of hashing them alone is
//    printed as what bounds it: with node:crypto's one-shot hash, as the loader does (sha256HexOfText), and with
//    @noble/hashes (sha256Hex, the kit's hash of everything else). For comparison, without a target, the load is also
//    set beside JSON.parse of the SymbolIds alone as an array of strings, which the hashing alone exceeds.
// 2. Budget query: evaluateQuery of each step-budget vector (limit/*budget*) on its loaded fixture, request bytes to
//    result bytes, after untimed warm-up calls (the first call also builds the per-fixture preparation; printed on
//    its own), as a ratio to a bare loop of 1,000,000 steps taken on the oracle's StepBudget (target <= 20 for the
//    slowest vector).
// Each side alternates with the other round by round and reports its median; in the load comparison every timed
// call starts after a full garbage collection.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { evaluateQuery, loadFixtureFile, sha256Hex, type FixtureV1 } from '../oracle/index.js';
import { sha256HexOfText } from '../oracle/digest/sha256-hex.js';
import { StepBudget } from '../oracle/pipeline/step-budget.js';
import type { QueryVector, VectorSet } from '../runner/vectors/vector-source.js';
import { median } from './median.js';

const LOAD_ROUNDS = 5;
const QUERY_WARMUP = 2;
const QUERY_ROUNDS = 7;
const LOOP_ROUNDS = 15;

const timed = (f: () => unknown): number => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

// A full collection before a timed call, so that neither side of a comparison pays for the garbage of the other:
// a parse of a million objects leaves a million objects to collect.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const settledTime = (f: () => unknown): number => {
  collectGarbage();
  return timed(f);
};

function readQueries(set: VectorSet): QueryVector[] {
  return set.queryVectors.map((entry) => {
    const read = set.readVector(entry);
    if (!read.ok) throw new Error(read.reason);
    return read.value;
  });
}

/** Prints the series fixture load line and the hashing bound under it. */
export function printSeriesLoad(set: VectorSet): void {
  let best: { path: string; fixture: FixtureV1; members: number } | undefined;
  for (const sha of new Set(set.queryVectors.map((v) => v.fixtureSha256))) {
    const bytes = set.readFixture(sha);
    if (!bytes.ok) throw new Error(bytes.reason);
    const fixture = JSON.parse(Buffer.from(bytes.value).toString('utf8')) as FixtureV1;
    const members = fixture.candidate_series.reduce((n, s) => n + s.count, 0);
    if (best === undefined || members > best.members) best = { path: set.fixturePath(sha), fixture, members };
  }
  if (best === undefined || best.members === 0) {
    process.stdout.write('series fixture load: no query fixture has a candidate series\n\n');
    return;
  }
  const { path, fixture } = best;
  const own: string[] = [];
  const ids: string[] = [];
  for (const s of fixture.candidate_series) {
    for (let i = 0; i < s.count; i++) {
      const identity = sha256HexOfText(`${s.seed}:${i}`);
      ids.push(identity);
      own.push(
        JSON.stringify({
          display_name: `${s.name_prefix}${i}`,
          identity,
          qualified_name: `${s.qualified_name_prefix}${i}`,
        }),
      );
    }
  }
  const array = `[${own.join(',')}]`;
  const idArray = JSON.stringify(ids);
  own.length = 0;
  ids.length = 0;
  const members = best.members;
  settledTime(() => loadFixtureFile(path));
  settledTime(() => JSON.parse(array));
  settledTime(() => JSON.parse(idArray));
  const load: number[] = [];
  const parse: number[] = [];
  const parseIds: number[] = [];
  for (let r = 0; r < LOAD_ROUNDS; r++) {
    load.push(settledTime(() => loadFixtureFile(path)));
    parse.push(settledTime(() => JSON.parse(array)));
    parseIds.push(settledTime(() => JSON.parse(idArray)));
  }
  const loadMs = median(load);
  const parseMs = median(parse);
  const idsMs = median(parseIds);
  const mb = (text: string): string => `${(text.length / 1e6).toFixed(0)} MB`;
  process.stdout.write(
    `series fixture load: ${loadMs.toFixed(0)} ms for ${members} members ` +
      `(loadFixtureFile, median of ${LOAD_ROUNDS})\n` +
      `  JSON.parse of a ${members}-element array of small objects (each member's SymbolId, display name and ` +
      `qualified name; ${mb(array)}): ${parseMs.toFixed(0)} ms\n`,
  );
  process.stdout.write(
    `series fixture load / JSON.parse of a 1,000,000-element array: ${(loadMs / parseMs).toFixed(2)} (target <= 1)\n`,
  );
  process.stdout.write(
    `  for comparison (no target), JSON.parse of the ${members} SymbolIds alone as strings (${mb(idArray)}): ` +
      `${idsMs.toFixed(0)} ms; load / that: ${(loadMs / idsMs).toFixed(2)}, bounded by the hashing below\n`,
  );
  // What bounds the load: the SymbolIds must all be computed to be ordered.
  const native: number[] = [];
  const noble: number[] = [];
  const hashAll = (hash: (text: string) => string): number =>
    settledTime(() => {
      for (const s of fixture.candidate_series) for (let i = 0; i < s.count; i++) hash(`${s.seed}:${i}`);
    });
  for (let r = 0; r < 3; r++) {
    native.push(hashAll(sha256HexOfText));
    noble.push(hashAll(sha256Hex));
  }
  process.stdout.write(
    `  bound: hashing the ${members} SymbolIds alone: ${median(native).toFixed(0)} ms with node:crypto ` +
      `(sha256HexOfText, as the loader does), ${median(noble).toFixed(0)} ms with @noble/hashes (sha256Hex); ` +
      `median of 3\n\n`,
  );
}

/** Prints each budget vector's query time and the slowest one's ratio to a bare 1,000,000-step loop. */
export function printBudgetQueries(set: VectorSet): void {
  const vectors = readQueries(set).filter((v) => v.id.startsWith('limit/') && v.id.includes('budget'));
  const loop = (): number =>
    timed(() => {
      const b = new StepBudget();
      let n = 0;
      while (b.take()) n += 1;
      if (n !== b.steps) throw new Error('bare loop miscounted');
    });
  const timings: { id: string; firstMs: number; ms: number; same: boolean }[] = [];
  const loops: number[] = [];
  for (let r = 0; r < 3; r++) loop();
  for (const v of vectors) {
    const loaded = loadFixtureFile(set.fixturePath(v.fixtureSha256));
    if (!loaded.ok) throw new Error(`${v.id}: the fixture does not load`);
    const fixture = loaded.fixture;
    const expected = Buffer.from(v.expected);
    let same = true;
    const query = (): number => {
      const t = performance.now();
      const out = evaluateQuery(v.request, fixture);
      const ms = performance.now() - t;
      same &&= expected.equals(out);
      return ms;
    };
    const firstMs = query();
    for (let i = 1; i < QUERY_WARMUP; i++) query();
    const ms: number[] = [];
    for (let i = 0; i < QUERY_ROUNDS; i++) {
      ms.push(query());
      loops.push(loop());
    }
    timings.push({ id: v.id, firstMs, ms: median(ms), same });
  }
  for (let r = loops.length; r < LOOP_ROUNDS; r++) loops.push(loop());
  const loopMs = median(loops);
  process.stdout.write(
    `budget queries (evaluateQuery on the loaded fixture, median of ${QUERY_ROUNDS} after ${QUERY_WARMUP} untimed):\n`,
  );
  for (const t of timings) {
    process.stdout.write(
      `  ${t.id}: ${t.ms.toFixed(1)} ms (first call ${t.firstMs.toFixed(0)} ms)` +
        `${t.same ? '' : ' (bytes differ from expected!)'}\n`,
    );
  }
  process.stdout.write(`  bare loop of 1,000,000 steps on the StepBudget: ${loopMs.toFixed(2)} ms (median)\n`);
  const slowest = [...timings].sort((a, b) => b.ms - a.ms)[0];
  if (slowest === undefined) {
    process.stdout.write('budget query: no step-budget vector found\n\n');
    return;
  }
  process.stdout.write(
    `budget query / bare 1,000,000-step loop: ${(slowest.ms / loopMs).toFixed(1)} (slowest, ${slowest.id}; ` +
      `target <= 20)\n\n`,
  );
}
