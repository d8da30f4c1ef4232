/**
 * stale: each of the five analysis-key mismatches alone and in combination
 * (KD-STALE-01..06, precedence OQ-01 A with the other mismatching stale-* reasons
 * acceptable), a newer and an older generation (OQ-38 A), staleness before any
 * position check (KD-POS-03, OQ-12), and interface-set digest changes
 * (KD-DIGEST-04, -12, -13; KD-KEY-08).
 */
import type { FixtureCandidate, FixtureInterface, FixtureV1 } from '../oracle/fixture/fixture.js';
import type { AnalysisKey, ResultReason } from '../oracle/records/discovery-records.js';
import type { ExpectedAnswer, QueryCase } from './case-definition.js';
import { variant } from '../oracle/fixture/fixture-builder.js';
import { fileId, semanticDigest, symbolId, typeId } from '../oracle/fixture/fixture-ids.js';
import { LIST_TEXT_SOURCE, LIST_TEXT_TYPE, listTextBuilder, listTextWorld } from './fixtures/list-text-world.js';
import { currentKey, requestFor } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const STALE = [...RESULT_SHAPE_CLAUSES, 'KD-RES-10', 'KD-RES-11', 'KD-STALE-06', 'KD-LOOKUP-05', 'KD-KEY-01'];
const OQ = ['OQ-12', 'OQ-16', 'OQ-17', 'OQ-30', 'KIT-01'];

/** A key field that can mismatch, in the contract's AnalysisKey order (OQ-01 A). */
type Field = 'file' | 'source' | 'interface' | 'generation' | 'compat';
const ORDER: Field[] = ['file', 'source', 'interface', 'generation', 'compat'];
const CLAUSE: Record<Field, string> = {
  file: 'KD-STALE-01',
  source: 'KD-STALE-02',
  interface: 'KD-STALE-03',
  generation: 'KD-STALE-04',
  compat: 'KD-STALE-05',
};
const REASON: Record<Field, ResultReason> = {
  file: 'wrong-file',
  source: 'stale-source',
  interface: 'stale-interface-set',
  generation: 'stale-generation',
  compat: 'stale-semantic-compatibility',
};

/** Makes the fixture agree with a request that carries the variant value of `field`. */
function edit(field: Field, newerGeneration: boolean): (f: FixtureV1) => void {
  switch (field) {
    case 'file':
      // Same path, another FileId: path equality is no substitute (KD-POS-04).
      return (f) => (f.file.file_id = fileId('app/src/languages.kf#reissued'));
    case 'source':
      // Same length, so every span stays inside the source.
      return (f) => (f.file.source = LIST_TEXT_SOURCE.replace('"Ruby"', '"Rust"'));
    case 'interface':
      // A view that yields no candidate still counts (KD-DIGEST-12): std.cmp gains a symbol of
      // another receiver type, so its semantic digest changes (KIT-24) and it still yields none.
      return (f) => {
        const cmp = f.interfaces.find((i) => i.module === 'std.cmp');
        if (cmp === undefined) throw new Error('stale suite: the world has no std.cmp view');
        f.candidates.push(cmpCandidate(cmp));
      };
    case 'generation':
      return (f) => (f.generation = newerGeneration ? f.generation + 1 : f.generation - 1);
    case 'compat':
      return (f) => (f.semantic_compatibility = 'stage2-v0');
  }
}

/** An operation of std.cmp over Ordering receivers: it never applies to a List[Text] receiver. */
function cmpCandidate(cmp: FixtureInterface): FixtureCandidate {
  return {
    identity: symbolId('std.cmp.reverse'),
    display_name: 'reverse',
    qualified_name: 'std.cmp.reverse',
    signature: 'std.cmp.reverse(read Ordering) -> Ordering',
    receiver_type: typeId('std.cmp.Ordering'),
    required_mode: 'read',
    status: 'validated',
    origin: {
      kind: 'function',
      module: 'std.cmp',
      module_identity: cmp.module_id,
      implementation_identity: null,
      trait: null,
      trait_identity: null,
      status: 'validated',
      dependencies: [],
    },
    visibility: 'pub',
    home: { kind: 'interface', package_id: cmp.package_id, module_id: cmp.module_id },
    admitted: true,
    generic_requirements: [],
    effects: [],
    source: null,
    disclose_source: false,
    documentation: null,
    disclose_documentation: false,
    dependencies: [],
    diagnostic_ids: [],
  };
}

/** A stale answer for a mismatch of `field` (L190, L425; OQ-01 A names the winner of several). */
function staleBy(field: Field): ExpectedAnswer {
  return { status: 'stale', reason: REASON[field] };
}

const KEY_FIELD: Record<Field, keyof AnalysisKey> = {
  file: 'file_id',
  source: 'source_sha256',
  interface: 'interface_set_sha256',
  generation: 'generation',
  compat: 'semantic_compatibility',
};

/** A request on `base` whose key carries the variant value of every field in `fields`. */
function staleRequest(
  base: FixtureV1,
  fields: Field[],
  newerGeneration: boolean,
  options: Parameters<typeof requestFor>[1] = {},
) {
  const analysis: Partial<AnalysisKey> = {};
  for (const field of fields) {
    const key = currentKey(variant(base, edit(field, newerGeneration)));
    Object.assign(analysis, { [KEY_FIELD[field]]: key[KEY_FIELD[field]] });
  }
  return requestFor(base, { ...options, analysis });
}

/** Each key field mismatching alone, the generation both newer and older (OQ-38 A). */
const SINGLE_MISMATCHES: { field: Field; slug: string; intent: string; newer?: boolean; extra?: string[] }[] = [
  {
    field: 'file',
    slug: 'wrong-file',
    intent:
      "A FileId that differs byte for byte from the current file's (same path) " +
      'returns stale wrong-file and no facts.',
    extra: ['KD-POS-04', 'KD-KEY-02'],
  },
  {
    field: 'source',
    slug: 'source-digest-mismatch',
    intent: 'A source digest of other source bytes returns stale-source; no old fact is relabelled as current.',
    extra: ['KD-KEY-03', 'KD-KEY-08'],
  },
  {
    field: 'interface',
    slug: 'interface-set-mismatch',
    intent: 'An interface-set digest that differs only in a view yielding no candidate returns stale-interface-set.',
    extra: ['KD-KEY-04', 'KD-DIGEST-12', 'KD-DIGEST-13'],
  },
  {
    field: 'generation',
    slug: 'generation-newer',
    newer: true,
    intent: 'A request generation newer than the analysis returns stale-generation (any inequality is a mismatch).',
    extra: ['KD-KEY-05'],
  },
  {
    field: 'generation',
    slug: 'generation-older',
    newer: false,
    intent: 'A request generation older than the analysis returns stale-generation.',
    extra: ['KD-KEY-05'],
  },
  {
    field: 'compat',
    slug: 'semantic-compatibility-mismatch',
    intent: 'Another producer semantic compatibility version returns stale-semantic-compatibility.',
    extra: ['KD-KEY-06'],
  },
];

/** Combinations: every pair, every field with wrong-file, and all at once. */
function mismatchCombinations(): Field[][] {
  const combos: Field[][] = [];
  const staleFields: Field[] = ['source', 'interface', 'generation', 'compat'];
  for (let i = 0; i < staleFields.length; i++)
    for (let j = i + 1; j < staleFields.length; j++) combos.push([staleFields[i] as Field, staleFields[j] as Field]);
  for (const f of staleFields) combos.push(['file', f]);
  combos.push(['source', 'interface', 'generation', 'compat']);
  combos.push(['interface', 'generation', 'compat']);
  combos.push([...ORDER]);
  return combos;
}

/** The stale cases, in their published order. */
export function staleCases(): QueryCase[] {
  return [
    ...singleMismatchCases(),
    ...combinedMismatchCases(),
    ...staleBeforePositionCases(),
    ...keyAfterEditCases(),
    ...keyInputCases(),
  ];
}

/** Each of the five analysis-key mismatches alone (KD-STALE-01..05). */
function singleMismatchCases(): QueryCase[] {
  const base = listTextWorld();
  return SINGLE_MISMATCHES.map((s) => {
    const newer = s.newer ?? true;
    return recordCase(
      {
        id: `stale/${s.slug}`,
        intent: s.intent,
        clauses: [...STALE, CLAUSE[s.field], ...(s.extra ?? [])],
        interpretations: [...OQ, ...(s.field === 'generation' ? ['OQ-38'] : [])],
        fixture: base,
        expect: staleBy(s.field),
      },
      staleRequest(base, [s.field], newer),
    );
  });
}

/** Several key fields mismatching: the first in AnalysisKey order wins, wrong-file always (OQ-01 A, KD-POS-03). */
function combinedMismatchCases(): QueryCase[] {
  const base = listTextWorld();
  return mismatchCombinations().map((fields) => {
    const slug =
      fields.length === 5
        ? 'all-five-fields'
        : fields.length === 4
          ? 'all-four-stale-fields'
          : fields.map((f) => REASON[f].replace(/^stale-/, '')).join('-and-');
    // Each other mismatching field's stale reason is acceptable (OQ-01 reading C, the other-stale-reason
    // alternatives the vector carries); wrong-file always wins (KD-POS-03).
    const others = fields.includes('file') ? 0 : fields.length - 1;
    const winner = ORDER.find((f) => fields.includes(f)) as Field;
    return recordCase(
      {
        id: `stale/combined-${slug}`,
        intent:
          `Several key fields mismatch (${fields.map((f) => KEY_FIELD[f]).join(', ')}): ` +
          `the first in AnalysisKey order wins ` +
          `(${REASON[winner]})` +
          (others > 0
            ? "; another mismatching field's stale reason is acceptable"
            : '; wrong-file is checked before anything else') +
          '.',
        clauses: [...STALE, ...fields.map((f) => CLAUSE[f]), ...(fields.includes('file') ? ['KD-POS-03'] : [])],
        interpretations: [...OQ, 'OQ-01', ...(fields.includes('generation') ? ['OQ-38'] : [])],
        fixture: base,
        expect: staleBy(winner),
      },
      staleRequest(base, fields, true),
    );
  });
}

/** Staleness is decided before the position is examined (KD-POS-03, KD-POS-06). */
function staleBeforePositionCases(): QueryCase[] {
  const base = listTextWorld();
  const badPosition = { byteOffset: 0 };
  return [
    recordCase(
      {
        id: 'stale/wrong-file-before-position',
        intent:
          'A wrong FileId together with a byte offset outside the expression returns wrong-file, not a position error.',
        clauses: [...STALE, 'KD-STALE-01', 'KD-POS-03'],
        interpretations: [...OQ, 'OQ-10'],
        fixture: base,
        expect: staleBy('file'),
      },
      staleRequest(base, ['file'], true, badPosition),
    ),
    recordCase(
      {
        id: 'stale/source-mismatch-before-position',
        intent:
          'A stale source digest together with a byte offset outside the expression returns stale-source: ' +
          'offsets are only meaningful in the source the key names.',
        clauses: [...STALE, 'KD-STALE-02', 'KD-POS-06'],
        interpretations: [...OQ, 'OQ-10'],
        fixture: base,
        expect: staleBy('source'),
      },
      staleRequest(base, ['source'], true, badPosition),
    ),
  ];
}

/** The old key after the source or an interface changed: stale (KD-KEY-08, KD-DIGEST-04, KD-DIGEST-13). */
function keyAfterEditCases(): QueryCase[] {
  const base = listTextWorld();
  // The old key after an edit: source changed, interface set unchanged (KD-KEY-08).
  const edited = variant(base, edit('source', true));
  // Adding a symbol to an imported module changes that view's semantic digest (KD-DIGEST-13).
  const grown = listTextBuilder();
  grown.b.addCandidate({
    qualified_name: 'std.list.shuffle',
    signature: 'std.list.shuffle(edit List[Text]) -> Unit',
    receiver: LIST_TEXT_TYPE,
    mode: 'edit',
    home: grown.std.list,
  });
  // The builder derives std.list's semantic digest from its content, the new symbol included (KIT-24).
  const grownFixture = grown.b.build();
  // The same module under its internal instead of its public view is another member (KD-DIGEST-04).
  const internal = variant(base, (f) => {
    for (const i of f.interfaces) if (i.module === 'std.list') i.view = 'internal';
  });
  return [
    recordCase(
      {
        id: 'stale/old-key-after-source-edit',
        intent:
          'After the source is edited the old key (old source digest, same interface-set digest) is stale-source; ' +
          'the interface-set digest cannot stand in for the source digest.',
        clauses: [...STALE, 'KD-STALE-02', 'KD-KEY-08', 'KD-KEY-03'],
        interpretations: OQ,
        fixture: edited,
        expect: staleBy('source'),
      },
      requestFor(edited, { analysis: { source_sha256: currentKey(base).source_sha256 } }),
    ),
    recordCase(
      {
        id: 'stale/symbol-added-to-imported-module',
        intent:
          "Adding a symbol to an imported module changes its view's semantic digest, " +
          'so a request with the old key is stale-interface-set.',
        clauses: [...STALE, 'KD-STALE-03', 'KD-DIGEST-13', 'KD-DIGEST-02', 'KD-DIGEST-03'],
        interpretations: [...OQ, 'OQ-36'],
        fixture: grownFixture,
        expect: staleBy('interface'),
      },
      requestFor(grownFixture, { analysis: { interface_set_sha256: currentKey(base).interface_set_sha256 } }),
    ),
    recordCase(
      {
        id: 'stale/view-authorization-changed',
        intent:
          'Authorizing the package-internal view of a module instead of its public view changes the interface-set ' +
          'digest; the old key is stale-interface-set.',
        clauses: [...STALE, 'KD-STALE-03', 'KD-DIGEST-04', 'KD-DIGEST-05'],
        interpretations: [...OQ, 'OQ-36'],
        fixture: internal,
        expect: staleBy('interface'),
      },
      requestFor(internal, { analysis: { interface_set_sha256: currentKey(base).interface_set_sha256 } }),
    ),
  ];
}

/**
 * What the key does not cover, and a canonical request judged by its key alone: an unvalidated view is not digested
 * (KD-DIGEST-10), the contract's example request is stale wrong-file here (KD-REQ-10), a path is no key input
 * (KD-KEY-07).
 */
function keyInputCases(): QueryCase[] {
  const base = listTextWorld();
  // An unvalidated interface is not digested, so adding one leaves the key current (KD-DIGEST-10).
  const withUnvalidated = variant(base, (f) => {
    f.interfaces.push({
      package_id: fileId('not-a-package-but-an-id'),
      module_id: fileId('not-a-module-but-an-id'),
      module: 'vendorlib.unchecked',
      view: 'public',
      semantic_digest: semanticDigest('vendorlib/unchecked@1'),
      validated: false,
      names_in_scope: true,
    });
  });
  // The contract's example request, byte for byte (KD-REQ-10): canonical, but not current here.
  const example = {
    schema: 'kofun.discovery.request/v1' as const,
    analysis: {
      file_id: '1'.repeat(64),
      source_sha256: '2'.repeat(64),
      interface_set_sha256: '3'.repeat(64),
      generation: 17,
      semantic_compatibility: 'stage2-v1',
    },
    position: { byte_offset: 84, expression: { start: 75, end: 84 } },
    query: { kind: 'type-and-operations' as const, include_unavailable: false, spelling: null },
  };
  // Path and buffer names are not key inputs (KD-KEY-07): the same FileId under another path is current.
  const renamed = variant(base, (f) => (f.file.path = 'app/src/renamed/untitled-buffer-2.kf'));
  return [
    recordCase(
      {
        id: 'stale/unvalidated-view-not-digested',
        intent:
          'An interface that did not validate is not an interface-set member: ' +
          'the key computed without it is still current and the query is answered.',
        clauses: [...RESULT_SHAPE_CLAUSES, 'KD-DIGEST-10', 'KD-LOOKUP-07', 'KD-KEY-04'],
        interpretations: ['OQ-36', 'KIT-01', 'KIT-03'],
        fixture: withUnvalidated,
        // Answered, not stale; but the view that failed validation makes the answer incomplete (KIT-03 C, L380).
        expect: EXPECT.partial,
      },
      requestFor(withUnvalidated, { analysis: { interface_set_sha256: currentKey(base).interface_set_sha256 } }),
    ),
    recordCase(
      {
        id: 'stale/contract-example-request',
        intent:
          'The example request of the contract, byte for byte (611 canonical bytes), is parseable; ' +
          'sent to another file it is stale wrong-file, checked before anything else.',
        clauses: [...STALE, 'KD-REQ-10', 'KD-STALE-01', 'KD-POS-03', 'KD-CANON-17'],
        interpretations: [...OQ, 'OQ-01'],
        fixture: base,
        expect: staleBy('file'),
      },
      example,
    ),
    recordCase(
      {
        id: 'stale/path-renamed-same-file-id',
        intent:
          'The same file under another path or buffer name, with the same FileId and source, is still current: ' +
          'paths are not analysis-key inputs, and the answer is unchanged.',
        clauses: [...RESULT_SHAPE_CLAUSES, 'KD-KEY-07', 'KD-POS-04', 'KD-KEY-02'],
        interpretations: ['KIT-01', 'OQ-18'],
        fixture: renamed,
        expect: EXPECT.complete,
      },
      requestFor(renamed, { analysis: currentKey(base) }),
    ),
  ];
}
