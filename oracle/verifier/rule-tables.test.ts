import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitRoot } from '../kit-root.js';
import { readVectorTree } from '../../runner/vectors/load-vector.js';
import { vectorBytes } from '../vectors/vector-format.js';
import { codeOf, type RuleRow, type RuleTable } from './rule-table.js';
import { verifyResult } from './verify-result.js';

// The tables are the verifier's rules: these tests hold each row to the clause its violation
// carries, and each violation the verifier reports to a row.

/** Every table of every check file (its `*_RULES` export), by file and name. */
const TABLES: Record<string, Readonly<Record<string, RuleRow>>> = {};
const CHECK_FILES = readdirSync(join(kitRoot(), 'oracle', 'verifier')).filter(
  (f) => f.startsWith('check-') && f.endsWith('.ts') && !f.endsWith('.test.ts'),
);
for (const file of CHECK_FILES) {
  const exports = (await import(`./${file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(exports))
    if (name.endsWith('_RULES')) TABLES[`${file} ${name}`] = (value as RuleTable<Record<string, RuleRow>>).rows;
}

test('every check file that defines rules exports its table, so these tests see it', () => {
  for (const file of CHECK_FILES) {
    const defines = readFileSync(join(kitRoot(), 'oracle', 'verifier', file), 'utf8').includes('ruleTable(');
    assert.is(
      Object.keys(TABLES).some((k) => k.startsWith(`${file} `)),
      defines,
      file,
    );
  }
  assert.ok(Object.keys(TABLES).length >= 12, Object.keys(TABLES).join(', '));
});

const CLAUSE_ID = /KD-[A-Z]+-[0-9]+/g;

/** The clauses a row's violation may carry; undefined when the check passes another record's clause. */
function clausesOf(row: RuleRow): readonly string[] | undefined {
  const clause = row[0];
  if (typeof clause !== 'string') return clause;
  return clause === '{clause}' ? undefined : [clause];
}

/**
 * Each row whose message cites a KD- clause other than the one its violation carries: a message
 * may cite a clause only when the row fixes that clause.
 */
function misCitations(rows: Readonly<Record<string, RuleRow>>): string[] {
  const found: string[] = [];
  for (const [key, row] of Object.entries(rows)) {
    const clauses = clausesOf(row);
    for (const cited of row.slice(3).join(' ').match(CLAUSE_ID) ?? []) {
      if (clauses === undefined || clauses.length !== 1 || clauses[0] !== cited)
        found.push(
          `${key}: cites ${cited}, carries ${clauses === undefined ? 'the request fault' : clauses.join('|')}`,
        );
    }
  }
  return found;
}

test('no message cites a clause other than the one its violation carries', () => {
  for (const [file, rows] of Object.entries(TABLES)) assert.equal(misCitations(rows), [], file);
});

test('a message citing another clause is found, as the callable row once cited KD-CLOSURE-12', () => {
  const rows: Record<string, RuleRow> = {
    'callable-despite-rejection': [
      ['KD-OWN-06', 'KD-EFFECT-07'],
      '"unavailable"',
      '"callable"',
      "The compiler's facts reject this operation here ({reason}), so it is not callable (KD-CLOSURE-12).",
    ],
    'complete-truncated': ['KD-LIMIT-12', 'false', '{truncated:value}', 'A complete result is never truncated.'],
    'own-clause': ['KD-LIMIT-12', 'false', 'true', 'Cites its own clause (KD-LIMIT-12).'],
    'other-clause': ['KD-LIMIT-12', 'false', 'true', 'Cites', 'another (KD-LIMIT-10).'],
  };
  assert.equal(misCitations(rows), [
    'callable-despite-rejection: cites KD-CLOSURE-12, carries KD-OWN-06|KD-EFFECT-07',
    'other-clause: cites KD-LIMIT-10, carries KD-LIMIT-12',
  ]);
});

test('every clause a row names is a clause of the contract', () => {
  const index = JSON.parse(readFileSync(join(kitRoot(), 'suites', 'clause-index.json'), 'utf8')) as {
    clauses: { id: string }[];
  };
  const known = new Set(index.clauses.map((c) => c.id));
  for (const [file, rows] of Object.entries(TABLES)) {
    for (const [key, row] of Object.entries(rows)) {
      for (const clause of clausesOf(row) ?? []) assert.ok(known.has(clause), `${file} ${key}: ${clause}`);
    }
  }
});

test('every register entry a message cites is an entry of the interpretations register', () => {
  const register = JSON.parse(readFileSync(join(kitRoot(), 'oracle', 'interpretations.json'), 'utf8')) as {
    entries: { id: string }[];
  };
  const known = new Set(register.entries.map((e) => e.id));
  for (const [file, rows] of Object.entries(TABLES)) {
    for (const [key, row] of Object.entries(rows)) {
      for (const id of row
        .slice(3)
        .join(' ')
        .match(/\b(OQ|KIT)-[0-9]+/g) ?? [])
        assert.ok(known.has(id), `${file} ${key}: ${id}`);
    }
  }
});

test('every key is a kebab-case code, with a note after one space when it is a second wording', () => {
  for (const [file, rows] of Object.entries(TABLES)) {
    for (const key of Object.keys(rows)) assert.match(key, /^[a-z]+(-[a-z]+)*( \([a-z ]+\))?$/, `${file} ${key}`);
  }
  assert.is(codeOf('explain-multiple-rows (spelling echoed)'), 'explain-multiple-rows');
  assert.is(codeOf('duplicate-key'), 'duplicate-key');
});

test('each violation the verifier reports on the vectors, answered to other requests, is a row of its tables', () => {
  const byCode = new Map<string, RuleRow[]>();
  for (const rows of Object.values(TABLES)) {
    for (const [key, row] of Object.entries(rows)) byCode.set(codeOf(key), [...(byCode.get(codeOf(key)) ?? []), row]);
  }
  const tree = readVectorTree();
  const queries = tree.vectors.flatMap(({ vector }) => {
    // The limit vectors' large fixtures cost the most and add little to what the others reach.
    if (vector.category === 'limit') return [];
    const bytes = vectorBytes(vector);
    const fixture = 'fixture_sha256' in vector ? tree.fixture(vector.fixture_sha256) : undefined;
    return bytes === undefined || fixture === undefined || !fixture.ok ? [] : [{ bytes, fixture: fixture.fixture }];
  });
  const seen = new Set<string>();
  queries.forEach((q, i) => {
    // The expected result of one vector answered to the next vector's request, on either fixture.
    const next = queries[(i + 1) % queries.length] as (typeof queries)[number];
    for (const context of [
      { request: next.bytes.request, fixture: q.fixture },
      { request: q.bytes.request, fixture: next.fixture },
    ]) {
      for (const v of verifyResult(q.bytes.expected, context)) {
        const rows = byCode.get(v.code);
        if (rows === undefined) continue; // a codec, schema or scalar violation, not one of the verifier's rows
        seen.add(v.code);
        const where = `${v.code} ${v.clause} at ${v.pointer ?? ''}`;
        assert.ok(
          rows.some((row) => clausesOf(row)?.includes(v.clause) ?? true),
          `${where}: a clause no row lists`,
        );
        for (const cited of v.message.match(CLAUSE_ID) ?? []) assert.is(cited, v.clause, `${where}: ${v.message}`);
        assert.not.match(`${v.message} ${v.expected ?? ''} ${v.actual ?? ''}`, /\{[a-z][A-Za-z]*(:[a-z]+)?\}/, where);
      }
    }
  });
  // Enough rules of the tables are reached for the check to mean something.
  assert.ok(seen.size >= 25, `only ${seen.size} codes seen: ${[...seen].join(', ')}`);
});

test.run();
