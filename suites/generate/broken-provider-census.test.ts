import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kitVersion } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { liveGroupCount } from '../../runner/internal.js';
import { kitVectors } from '../../runner/test-support/run-helpers.js';
import {
  BROKEN_PROVIDER_DIR,
  CENSUS_PROVIDERS,
  CENSUS_VECTORS,
  renderBrokenProviderCensus,
  runBrokenProviderCensus,
  type CensusResult,
  type CensusRow,
} from './broken-provider-census.js';

// The two vectors of the small census: a stale answer and an invalid-request answer, both
// one-line results on the shared fixture.
const TWO = ['stale/wrong-file', 'invalid/duplicate-key'];
const finalLf = CENSUS_PROVIDERS.find((p) => p.name === 'final-lf-missing');

// The subset grew with the verifier's fixture rules (one broken provider per clause group needs
// a vector that shows the group): still cheap vectors only, at most seven per category.
test(
  'the committed subset: at most 48 query vectors of the kit, two to seven per query category, ' +
    'every target among them',
  () => {
    const byId = new Map(kitVectors().queryVectors.map((v) => [v.id, v]));
    assert.ok(CENSUS_VECTORS.length <= 48, String(CENSUS_VECTORS.length));
    assert.is(new Set(CENSUS_VECTORS).size, CENSUS_VECTORS.length, 'no id twice');
    for (const id of CENSUS_VECTORS) assert.ok(byId.has(id), `${id} is not a query vector of the kit`);
    const perCategory = new Map<string, number>();
    for (const id of CENSUS_VECTORS)
      perCategory.set(id.slice(0, id.indexOf('/')), (perCategory.get(id.slice(0, id.indexOf('/'))) ?? 0) + 1);
    const queryCategories = new Set(kitVectors().queryVectors.map((v) => v.category));
    for (const c of queryCategories) {
      const n = perCategory.get(c) ?? 0;
      assert.ok(n >= 2 && n <= 7, `${c}: ${n} vectors`);
    }
    for (const p of CENSUS_PROVIDERS) {
      if (p.target !== undefined) assert.ok(CENSUS_VECTORS.includes(p.target), `${p.name} target ${p.target}`);
      for (const id of p.only ?? []) assert.ok(CENSUS_VECTORS.includes(id), `${p.name} only ${id}`);
      for (const id of p.extra ?? []) assert.ok(byId.has(id), `${p.name} extra ${id} is not a query vector of the kit`);
    }
  },
);

test('every broken provider of the folder is in the census, and nothing else', () => {
  const files = readdirSync(join(kitRoot(), BROKEN_PROVIDER_DIR))
    // broken-provider*.ts are the base every provider is built on and its helpers.
    .filter((f) => f.endsWith('.ts') && !f.startsWith('broken-provider'))
    .map((f) => f.slice(0, -'.ts'.length))
    .sort();
  assert.equal(CENSUS_PROVIDERS.map((p) => p.name).sort(), files);
  assert.ok(files.length >= 40, String(files.length));
});

test(
  'two runs of a small census render the same text; the reference passes and a missing final LF is caught by ' +
    'KD-CANON-02',
  async () => {
    if (finalLf === undefined) throw new Error('final-lf-missing is not in the census');
    const vectorSet = kitVectors();
    const run = async (): Promise<CensusResult> =>
      runBrokenProviderCensus({ vectorSet, kitVersion: kitVersion(), vectors: TWO, providers: [finalLf] });
    const first = await run();
    const second = await run();
    assert.is(liveGroupCount(), 0, 'no provider process is left');
    const text = renderBrokenProviderCensus(first).join('\n');
    assert.is(renderBrokenProviderCensus(second).join('\n'), text);

    const [reference, broken] = first.rows;
    assert.equal(reference?.provider, 'reference');
    assert.is(reference?.outcome, 'reference-passes');
    assert.is(reference?.exitCode, 0);
    assert.equal(reference?.counts, { PASS: 2, ACCEPTABLE: 0, FAIL: 0, ERROR: 0, 'NOT-RUN': 0 });
    assert.ok(
      text.includes(
        '| reference oracle | none: the reference oracle itself (kofun-ctk serve) | 2 | exit 0 (gate passed) ' +
          '| 2 | 0 | 0 | 0 | 0 | — | — | passes, as it must |',
      ),
      text,
    );

    // KD-CANON-02: a canonical record is one JSON object followed by one LF; without it every answer differs.
    assert.is(broken?.outcome, 'caught');
    assert.is(broken?.exitCode, 1);
    assert.equal(broken?.counts, { PASS: 0, ACCEPTABLE: 0, FAIL: 2, ERROR: 0, 'NOT-RUN': 0 });
    assert.ok(broken?.caughtBy.includes('KD-CANON-02'), broken?.caughtBy.join());
    assert.ok(broken?.namedBy.includes('KD-CANON-02'), broken?.namedBy.join());
    assert.is(broken?.named, true);
    assert.ok(text.includes('1 of 1 broken providers caught; 1 of 1 (100%) named by the right clause'), text);
    assert.ok(text.includes('| KD-CANON-02 | 1 | 1 | 1 | `final-lf-missing` | — | — |'), text);
    assert.not.match(text, /WARNING|NOT CAUGHT/);
    assert.not.ok(text.includes(kitRoot()), 'no absolute path');
  },
);

test('a provider that is not there is NOT CAUGHT, loudly, without starting anything', async () => {
  const result = await runBrokenProviderCensus({
    vectorSet: kitVectors(),
    kitVersion: kitVersion(),
    vectors: TWO,
    reference: false,
    providers: [{ name: 'no-such-provider', breaks: 'nothing', expect: ['KD-CANON-02'] }],
  });
  assert.is(result.rows[0]?.outcome, 'incomplete');
  const text = renderBrokenProviderCensus(result).join('\n');
  assert.match(text, /> \*\*WARNING: 1 census problem\.\*\*/);
  assert.ok(text.includes('0 of 1 broken providers caught — **1 NOT CAUGHT**; 0 of 1 (0%) named'), text);
  assert.match(text, /\| `no-such-provider` \| nothing \| 0 \| not run \|.*\*\*NOT CAUGHT: /);
});

test(
  'rendering: a passed broken provider, ' + 'a wrongly caught one and a missing vector are each named in the warning',
  () => {
    const row = (provider: string, outcome: CensusRow['outcome'], exitCode: number): CensusRow => ({
      provider,
      breaks: 'a rule | with a pipe',
      vectors: 2,
      exitCode,
      counts: { PASS: exitCode === 0 ? 2 : 1, ACCEPTABLE: 0, FAIL: exitCode === 0 ? 0 : 1, ERROR: 0, 'NOT-RUN': 0 },
      caughtBy: exitCode === 0 ? [] : ['KD-ORDER-06'],
      namedBy: [],
      named: false,
      expect: ['KD-ORDER-06'],
      outcome,
    });
    const result: CensusResult = {
      vectorSetSha256: 'ab'.repeat(32),
      vectors: TWO,
      missing: ['stale/gone'],
      timeoutMs: 20000,
      seed: 1,
      rows: [
        row('reference', 'reference-passes', 0),
        row('quiet-bug', 'not-caught', 0),
        row('odd-catch', 'caught-otherwise', 1),
      ],
    };
    const text = renderBrokenProviderCensus(result).join('\n');
    assert.match(text, /> \*\*WARNING: 3 census problems\.\*\*/);
    assert.match(text, /> - \*\*census vector stale\/gone is not in the vector set\*\*/);
    assert.match(text, /> - \*\*broken provider quiet-bug is NOT CAUGHT: the gate passed it\*\*/);
    assert.match(text, /> - \*\*broken provider odd-catch is caught, but not by the clauses its rule family names\*\*/);
    assert.ok(text.includes('1 of 2 broken providers caught — **1 NOT CAUGHT**; 0 of 2 (0%) named'), text);
    assert.ok(
      text.includes(
        '| `quiet-bug` | a rule \\| with a pipe | 2 | exit 0 (gate passed) ' +
          '| 2 | 0 | 0 | 0 | 0 | — | **no** | **NOT CAUGHT** |',
      ),
      text,
    );
    // Caught only through the vector's clauses: listed, but not as named; each breaks KD-ORDER-06 and neither is
    // named by any of their clauses, so both are counted as breaking it and listed as named by none of theirs.
    assert.ok(text.includes('| KD-ORDER-06 | 1 | 0 | 2 | — | `odd-catch` | `odd-catch`, `quiet-bug` |'), text);
  },
);

test.run();
