import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderConformanceReport, type ReportInput } from './conformance-report.js';
import type { ClauseIndex } from './clause-index.js';
import type { RegisterEntry } from '../../oracle/index.js';
import { generatedStamp, type ManifestFile, type VectorFile } from '../../oracle/internal.js';

const digest = 'ab'.repeat(32);
const stamp = generatedStamp('1.2.3');
const manifest: ManifestFile = {
  format: 'kofun.ctk.manifest/v1',
  generated: stamp,
  counts: {
    complete: 1,
    partial: 0,
    stale: 0,
    invalid: 0,
    hidden: 0,
    ownership: 0,
    effect: 0,
    'canonical-order': 0,
    limit: 0,
    'release-cost': 0,
  },
  total: 1,
  files: [],
  renames: [],
  unicode: { baseline: '15.0', beyond_baseline: [] },
  vector_set_sha256: digest,
};
const vector: VectorFile = {
  format: 'kofun.ctk.vector/v1',
  generated: stamp,
  id: 'complete/one',
  category: 'complete',
  intent: 'A | B with `code`\nand a line break.',
  clauses: ['KD-A-01'],
  interpretations: ['OQ-01'],
  features: [],
  fixture_sha256: 'cd'.repeat(32),
  request: { encoding: 'utf8', data: '{}\n' },
  expected: { result: '{}\n', sha256: 'ef'.repeat(32) },
  acceptable: [],
};
const index: ClauseIndex = {
  format: 'kofun.ctk.clause-index/v1',
  generated: stamp,
  source: 'shared/clauses.md',
  source_sha256: '00'.repeat(32),
  clauses: [
    {
      id: 'KD-A-01',
      text: 'Covered.',
      categories: ['complete'],
      testability: 'yes',
      testability_note: 'yes',
      ambiguity: '—',
    },
    {
      id: 'KD-A-02',
      text: 'Needs a harness.',
      categories: ['schema'],
      testability: 'with-fixture',
      testability_note: 'with-fixture',
      ambiguity: '—',
    },
    {
      id: 'KD-A-03',
      text: 'Governance.',
      categories: ['schema'],
      testability: 'no',
      testability_note: 'no',
      ambiguity: '—',
    },
  ],
};
/** A register entry with the fields the report does not show filled in. */
const entry = (
  fields: Pick<RegisterEntry, 'id' | 'title' | 'choice' | 'why'> & Partial<RegisterEntry>,
): RegisterEntry => ({
  question: 'q',
  clauses: [],
  readings: [],
  notes: [],
  fails_closed: true,
  alternative_outcome: null,
  changes_result_bytes: true,
  ...fields,
});
const input: ReportInput = {
  manifest,
  vectors: [vector],
  clauseIndex: index,
  interpretations: [
    entry({
      id: 'OQ-01',
      title: 'Which stale reason wins',
      choice: 'A',
      why: 'Deterministic.',
      alternative_outcome: { name: 'other-stale-reason', reading: 'C', text: '' },
    }),
  ],
  uncoveredNotes: { 'KD-A-02': 'Needs an instrumented harness.' },
  results: [{ id: 'complete/one', category: 'complete', verdict: 'PASS', violations: [], detail: '' }],
};

test('starts with the generated-file notice naming generator, format and vector set', () => {
  const first = renderConformanceReport(input).split('\n')[0] ?? '';
  assert.match(first, 'Generated file; do not edit');
  assert.match(first, 'kofun-ctk report');
  assert.match(first, 'kofun.ctk.report/v1');
  assert.match(first, digest);
});

test('is the same text for the same input', () => {
  assert.is(renderConformanceReport(input), renderConformanceReport({ ...input, vectors: [...input.vectors] }));
});

test('a testable clause without a vector gets a row with its reason; an untestable one does not', () => {
  const text = renderConformanceReport(input);
  assert.match(text, '| `KD-A-02` | with-fixture | Needs an instrumented harness. |');
  assert.not.match(text, /\| `KD-A-03` \| no \| [^|]*harness/);
  assert.match(text, '1 testable clauses without a vector');
});

test('intent text is escaped inside its table cell', () => {
  const row =
    renderConformanceReport(input)
      .split('\n')
      .find((l) => l.startsWith('| `complete/one` |')) ?? '';
  assert.is(row, '| `complete/one` | PASS | ok | A \\| B with \\`code\\` and a line break. |');
});

test('counts and the interpretation with its dependent vector', () => {
  const text = renderConformanceReport(input);
  assert.match(text, '| complete | 1 | 1 | 0 | 0 | 0 | 0 |');
  assert.match(
    text,
    '| `OQ-01` | Which stale reason wins | A: Deterministic. | yes | — ' +
      '| `other-stale-reason` (reading C) | `complete/one` | — | 0 |',
  );
});

test('a vector naming an alias counts for the entry the alias names; an entry without bytes says why', () => {
  const text = renderConformanceReport({
    ...input,
    vectors: [{ ...vector, interpretations: ['KIT-99'] }],
    interpretations: [
      entry({ id: 'KIT-01', aliases: ['KIT-99'], title: 'Folded', choice: 'A', why: 'One.' }),
      entry({
        id: 'KIT-02',
        title: 'Format only',
        choice: 'A',
        why: 'Two.',
        changes_result_bytes: false,
        unchanged_bytes_reason: 'It decides how fixtures are written.',
      }),
    ],
  });
  assert.match(text, '| `KIT-01` (alias `KIT-99`) | Folded | A: One. | yes | — | — | `complete/one` | — | 0 |');
  assert.match(
    text,
    '| `KIT-02` | Format only | A: Two. | no: It decides how fixtures are written. | — | — | — | — | 0 |',
  );
});

test('each entry names its other lawful readings and counts the vectors passed by its alternative', () => {
  const lawful = { contract_allows: true, lines: ['L1'], fails_closed: true };
  const text = renderConformanceReport({
    ...input,
    interpretations: [
      entry({
        id: 'OQ-01',
        title: 'Which stale reason wins',
        choice: 'A',
        why: 'Deterministic.',
        readings: [
          { label: 'A', text: 'a', ...lawful },
          { label: 'B', text: 'b', ...lawful },
          { label: 'C', text: 'c', ...lawful },
          { label: 'D', text: 'd', ...lawful, contract_allows: false },
        ],
        alternative_outcome: { name: 'other-stale-reason', reading: 'C', text: '' },
      }),
    ],
    results: [
      {
        id: 'complete/one',
        category: 'complete',
        verdict: 'ACCEPTABLE',
        violations: [],
        detail: 'equals acceptable other-stale-reason (OQ-01)',
        acceptable: { name: 'other-stale-reason', interpretation: 'OQ-01' },
      },
    ],
  });
  assert.match(
    text,
    '| A: Deterministic. | yes | B (law), C (alternative) | `other-stale-reason` (reading C) ' +
      '| `complete/one` | — | 1 |',
  );
});

test('a cited clause no vector can fail for is listed as cited, not observable, and not counted as covered', () => {
  const text = renderConformanceReport({ ...input, unobservableNotes: { 'KD-A-01': 'The bytes do not show it.' } });
  assert.match(text, '1 cited by at least one vector, of which 1 cited but not observable by any vector');
  assert.match(text, '0 of the testable ones covered');
  assert.match(text, '| `KD-A-01` | yes | cited, not observable: `complete/one` | Covered. |');
  assert.match(text, '| `KD-A-01` | yes | `complete/one` | The bytes do not show it. |');
  const plain = renderConformanceReport(input);
  assert.match(plain, '1 of the testable ones covered');
  assert.match(plain, '### Cited, not observable\n\nNone.');
});

test.run();
