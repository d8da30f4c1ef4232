/**
 * Cases for classes of provider bugs that once escaped the gate, across categories, each resting on the clause the
 * bug breaks: a hidden identity's value under another kind (L70) and a hidden candidate's diagnostics (L389); status
 * closure over cycles and diamonds of the fact graph (L228), an error reached through a cycle and the diagnostics it
 * cites, and source and documentation marked disclosable but absent (L287); the 64-dependency cap counted after
 * de-duplication and the 4,096-row cap counted after unavailable rows are dropped (L77, L224); and requests carrying
 * the interface-set digest of each wrong way to build or frame it (L94-L114). The number spellings, empty spellings and
 * NFC of every request text are invalid/ cases (suites/invalid.ts). Every world here has its own source bytes, so no
 * two share an analysis key (KIT-25).
 */
import type { FactKey, FixtureV1 } from '../oracle/fixture/fixture.js';
import { FixtureBuilder, variant } from '../oracle/fixture/fixture-builder.js';
import { diagnosticId, factKey, fileId, symbolId } from '../oracle/fixture/fixture-ids.js';
import type { DiscoveryRequestV1 } from '../oracle/records/discovery-records.js';
import { interfaceSetVariants } from '../oracle/verifier/interface-set-variants.js';
import type { QueryCase } from './case-definition.js';
import { bigWorldBuilder, ITEMS_TYPE } from './fixtures/big-world.js';
import { HIDDEN_NAMES, hiddenWorld } from './fixtures/hidden-world.js';
import { ownWorld } from './fixtures/own-world.js';
import { requestFor } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES, type CaseHead } from './query-case.js';

/** A small world for closure cases: a Ledger receiver and the operations `rows` names, in the current file. */
function ledgerWorld(tag: string, build: (b: FixtureBuilder) => void): FixtureV1 {
  const b = new FixtureBuilder({
    description: `A Ledger receiver whose operations rest on a fact graph with ${tag}.`,
    fileLabel: `app/src/ledger-${tag}.kf`,
    path: 'app/src/ledger.kf',
    source: `let ledger = books.open(); ledger // ${tag}`,
  });
  const node = b.addFact(factKey('live', 'NodeId', 'ledger.kf:binding:ledger'));
  b.addOccurrence({ text: 'ledger', nth: 1, type: { type: 'app.Ledger', display: 'Ledger', dependencies: [node] } });
  build(b);
  return b.build();
}

/** A current-file operation of the Ledger receiver that depends on `dependencies`. */
function ledgerOperation(b: FixtureBuilder, name: string, dependencies: FactKey[]): string {
  return b.addCandidate({
    qualified_name: `app.ledger.${name}`,
    signature: `app.ledger.${name}(read Ledger) -> Int`,
    receiver: 'app.Ledger',
    mode: 'read',
    home: 'current-file',
    dependencies,
  });
}

/** A NodeId fact of the Ledger world's current file. */
function ledgerKey(label: string): FactKey {
  return factKey('live', 'NodeId', `ledger.kf:${label}`);
}

/** An escaped-class case: its clauses add those every answered result exercises through its shape. */
function escapedCase(head: CaseHead, request: DiscoveryRequestV1): QueryCase {
  return recordCase({ ...head, clauses: [...RESULT_SHAPE_CLAUSES, ...head.clauses] }, request);
}

/** The escaped-class cases, of several categories, in their published order; all-cases.ts files them by category. */
export function escapedClassCases(): QueryCase[] {
  return [...hiddenIdentityCases(), ...closureCases(), ...capCountingCases(), ...interfaceSetFramingCases()];
}

/** Identities next to hidden declarations: another kind of a hidden value (L70), hidden diagnostics (L389). */
function hiddenIdentityCases(): QueryCase[] {
  const twins = kindTwinsWorld();
  const noisy = diagnosedHiddenWorld();
  return [
    escapedCase(
      {
        id: 'hidden/row-depending-on-kind-twins-of-hidden-symbol',
        expect: EXPECT.complete,
        intent:
          'A visible operation that depends on a TypeId and an ImplementationId whose value is a private ' +
          "declaration's SymbolId value: they are other identities, so the row lists both and stays validated and " +
          'callable.',
        clauses: ['KD-RES-06', 'KD-RES-18', 'KD-SCALAR-12', 'KD-CLOSURE-01', 'KD-CLOSURE-16', 'KD-DISCLOSE-07'],
        interpretations: ['KIT-05', 'KIT-08', 'OQ-22', 'OQ-33'],
        fixture: twins,
      },
      requestFor(twins, { kind: 'explain-operation', spelling: 'fingerprint' }),
    ),
    escapedCase(
      {
        id: 'hidden/hidden-candidate-diagnostics',
        expect: EXPECT.partial,
        intent:
          'Hidden candidates that carry diagnostics of their own (a warning, and an error with a disclosable ' +
          'primary): the result lists the visible rows and one hidden-by-visibility omission, and carries none of ' +
          'those diagnostics, since they are the hidden declarations.',
        clauses: ['KD-RES-08', 'KD-DISCLOSE-03', 'KD-DISCLOSE-05', 'KD-DISCLOSE-07', 'KD-DIAG-07', 'KD-DISCLOSE-09'],
        interpretations: ['KIT-04', 'KIT-11', 'OQ-18', 'OQ-30'],
        fixture: noisy,
      },
      requestFor(noisy, { includeUnavailable: true }),
    ),
    escapedCase(
      {
        id: 'hidden/explain-hidden-candidate-with-diagnostics',
        expect: EXPECT.partial,
        intent:
          'Explaining the spelling of a hidden candidate in error with a diagnostic of its own: one ' +
          'hidden-by-visibility omission echoing the spelling, and no diagnostic.',
        clauses: ['KD-RES-08', 'KD-RES-19', 'KD-DISCLOSE-06', 'KD-DISCLOSE-07', 'KD-OMIT-05'],
        interpretations: ['KIT-04', 'OQ-29', 'OQ-30', 'OQ-35'],
        fixture: noisy,
      },
      requestFor(noisy, { kind: 'explain-operation', spelling: HIDDEN_NAMES.privateOfInterface }),
    ),
  ];
}

/** The hidden world where a visible row depends on a TypeId and an ImplementationId of a private SymbolId's value. */
function kindTwinsWorld(): FixtureV1 {
  // KIT-08 C (L70, L389): an identity is a kind and a value; the hidden SymbolId's value under another kind is no
  // hidden identity, and a row depending on it lists it and stays callable.
  const hidden = symbolId(`secretcorp.keyring.${HIDDEN_NAMES.privateOfInterface}`);
  return ownWorld(
    variant(hiddenWorld({ only: ['privateOfInterface'] }), (f) => {
      const visible = f.candidates.find((c) => c.qualified_name === 'secretcorp.keyring.fingerprint');
      if (visible === undefined) throw new Error('hidden world has no fingerprint candidate');
      for (const kind of ['TypeId', 'ImplementationId'] as const) {
        f.facts.push({ source: 'kif', kind, value: hidden, status: 'validated', depends_on: [], diagnostic_ids: [] });
        visible.dependencies.push({ source: 'kif', kind, value: hidden });
      }
    }),
    'kind twins of a private symbol',
  );
}

/** The hidden world where two hidden candidates carry diagnostics of their own. */
function diagnosedHiddenWorld(): FixtureV1 {
  // L389 (KIT-08 C): a hidden candidate's diagnostics are its own; no result carries them.
  return ownWorld(
    variant(hiddenWorld({ only: ['privateCurrentFile', 'privateOfInterface'] }), (f) => {
      const diagnostic = (label: string, severity: 'error' | 'warning', text: string) => {
        const id = diagnosticId(label);
        f.diagnostics.push({
          id,
          code: severity === 'error' ? 'E0603' : 'W0204',
          severity,
          category: 'privacy',
          template_id: severity === 'error' ? 'E0603.v1' : 'W0204.v1',
          primary: { file_id: fileId('secretcorp/keyring/vault.kf'), span: { start: 4096, end: 4133 } },
          disclose_primary: true,
          fallback_text: text,
        });
        return id;
      };
      for (const c of f.candidates) {
        if (c.display_name === HIDDEN_NAMES.privateCurrentFile)
          c.diagnostic_ids.push(diagnostic('session.kf:W0204', 'warning', 'A vault probe is never audited.'));
        if (c.display_name === HIDDEN_NAMES.privateOfInterface) {
          c.status = 'error';
          c.diagnostic_ids.push(diagnostic('keyring.kf:E0603', 'error', 'The keyring dump does not type-check.'));
        }
      }
    }),
    'hidden candidates with diagnostics',
  );
}

/** Status closure over cycles and diamonds of the fact graph (L228; KD-CLOSURE-07, KD-CLOSURE-08, KD-CLOSURE-16). */
function closureCases(): QueryCase[] {
  const cyclic = twoCyclesWorld();
  const diamond = diamondWorld();
  const errorCycle = errorCycleWorld();
  return [
    escapedCase(
      {
        id: 'partial/closure-cycles-entered-at-either-node',
        expect: EXPECT.partial,
        intent:
          'Two operations each depending on one node of each of two two-node cycles, crosswise, a provisional fact ' +
          'hanging off one node of each cycle: every node of both cycles closes to provisional, so both rows and all ' +
          'four listed dependencies are provisional, whichever row or node a closure starts from.',
        clauses: ['KD-RES-08', 'KD-CLOSURE-07', 'KD-CLOSURE-08', 'KD-CLOSURE-09', 'KD-CLOSURE-14', 'KD-CLOSURE-16'],
        interpretations: ['KIT-07', 'KIT-08', 'OQ-22', 'OQ-23'],
        fixture: cyclic,
      },
      requestFor(cyclic, { includeUnavailable: true }),
    ),
    escapedCase(
      {
        id: 'partial/closure-diamond',
        expect: EXPECT.partial,
        intent:
          'An operation listing two dependencies that both reach one provisional fact (a diamond): both listed ' +
          'dependencies are provisional, each closed on its own, and so is the row.',
        clauses: ['KD-RES-08', 'KD-CLOSURE-07', 'KD-CLOSURE-08', 'KD-CLOSURE-14', 'KD-CLOSURE-16'],
        interpretations: ['KIT-07', 'KIT-08', 'OQ-22', 'OQ-23'],
        fixture: diamond,
      },
      requestFor(diamond, { includeUnavailable: true }),
    ),
    escapedCase(
      {
        id: 'partial/closure-error-cycle-through-warned-node',
        expect: EXPECT.partial,
        intent:
          'An operation depending on a provisional fact that carries a warning and is on a cycle with an error fact: ' +
          "the listed dependency closes to error, and so does the row, which cites the error fact's diagnostic and " +
          'not the warning, since only the error facts it reaches explain an error row (KIT-07).',
        clauses: [
          'KD-RES-08',
          'KD-CLOSURE-07',
          'KD-CLOSURE-08',
          'KD-CLOSURE-10',
          'KD-CLOSURE-14',
          'KD-CLOSURE-16',
          'KD-OP-13',
          'KD-DIAG-07',
        ],
        interpretations: ['KIT-07', 'KIT-08', 'KIT-11', 'OQ-22', 'OQ-23', 'OQ-25'],
        fixture: errorCycle,
      },
      requestFor(errorCycle, { includeUnavailable: true }),
    ),
    escapedCase(
      {
        id: 'complete/explain-disclosable-source-and-documentation-absent',
        expect: EXPECT.complete,
        intent:
          'Explaining an operation whose source and documentation the compiler marks disclosable but does not have: ' +
          'the row is callable with a null source and a null documentation link, since a link is kofun-doc: and an ' +
          'attachment ID, and there is none.',
        clauses: ['KD-RES-06', 'KD-RES-07', 'KD-RES-18', 'KD-OP-03', 'KD-OP-07', 'KD-OP-09', 'KD-DISCLOSE-04'],
        interpretations: ['KIT-05', 'KIT-08'],
        fixture: errorCycle,
      },
      requestFor(errorCycle, { kind: 'explain-operation', spelling: 'audit' }),
    ),
  ];
}

/** The Ledger world whose two rows depend crosswise on the nodes of two cycles. */
function twoCyclesWorld(): FixtureV1 {
  // L228 (KIT-07): closure over cycles. Two cycles of two nodes, each with a provisional fact hanging off one node
  // only; the two rows depend on one node of each cycle, crosswise, so whichever row a provider closes first, one
  // cycle is entered at the node that reaches the provisional fact: a closure that takes a node still on its stack
  // for its own status leaves the other node of that cycle validated.
  return ledgerWorld('two cycles', (b) => {
    const names = ['balance', 'audit'].sort((x, y) =>
      symbolId(`app.ledger.${x}`) < symbolId(`app.ledger.${y}`) ? -1 : 1,
    );
    const [a1, b1, t1, a2, b2, t2] = ['a1', 'b1', 't1', 'a2', 'b2', 't2'].map(ledgerKey) as FactKey[] as [
      FactKey,
      FactKey,
      FactKey,
      FactKey,
      FactKey,
      FactKey,
    ];
    b.addFact(a1, 'validated', [b1, t1]);
    b.addFact(b1, 'validated', [a1]);
    b.addFact(t1, 'provisional');
    b.addFact(a2, 'validated', [b2, t2]);
    b.addFact(b2, 'validated', [a2]);
    b.addFact(t2, 'provisional');
    // The first row in canonical order enters cycle 1 at a1 and cycle 2 at b2; the second, b1 and a2.
    ledgerOperation(b, names[0] as string, [a1, b2]);
    ledgerOperation(b, names[1] as string, [b1, a2]);
  });
}

/** The Ledger world whose row lists two dependencies reaching one provisional fact. */
function diamondWorld(): FixtureV1 {
  // L228 (KIT-07): closure over diamonds. The row lists two dependencies that reach one provisional fact, one of
  // them through a middle node: each listed status is its own closure, so a visited set shared across the row's
  // dependencies leaves the second one validated.
  return ledgerWorld('a diamond', (b) => {
    const tip = b.addFact(ledgerKey('tip'), 'provisional');
    const middle = b.addFact(ledgerKey('middle'), 'validated', [tip]);
    const left = b.addFact(ledgerKey('left'), 'validated', [middle]);
    const right = b.addFact(ledgerKey('right'), 'validated', [tip]);
    ledgerOperation(b, 'reconcile', [left, right]);
  });
}

/**
 * The Ledger world where a row's one dependency, a provisional fact with a warning, is on a cycle with an error fact;
 * and an operation whose source and documentation are marked disclosable but absent.
 */
function errorCycleWorld(): FixtureV1 {
  // L228 (KIT-07): the provisional fact reaches the error fact, so it closes to error, whichever of the two a closure
  // meets first; a closure that lets the less restrictive intrinsic status of a node overwrite the error it reaches
  // lists it provisional. A walk for the error's diagnostics that does not mark the nodes it has queued never ends on
  // the cycle, and one that collects every diagnostic it passes cites the warning.
  // L287 (KD-DISCLOSE-04): disclosure allowed is no location or link: with none, both fields are null.
  return ledgerWorld('an error cycle', (b) => {
    const warning = b.addDiagnostic({
      label: 'ledger.kf:W0311',
      code: 'W0311',
      severity: 'warning',
      fallback_text: 'The posting rule is inferred.',
    });
    const error = b.addDiagnostic({
      label: 'ledger.kf:E0312',
      code: 'E0312',
      fallback_text: 'The posting rule fails.',
    });
    const warned = ledgerKey('rule');
    const failing = ledgerKey('rule-check');
    b.addFact(warned, 'provisional', [failing], [warning]);
    b.addFact(failing, 'error', [warned], [error]);
    ledgerOperation(b, 'settle', [warned]);
    b.addCandidate({
      qualified_name: 'app.ledger.audit',
      signature: 'app.ledger.audit(read Ledger) -> Int',
      receiver: 'app.Ledger',
      mode: 'read',
      home: 'current-file',
      source: null,
      disclose_source: true,
      documentation: null,
      disclose_documentation: true,
    });
  });
}

/** The caps counted as the contract counts them: unique dependencies (L77, L224), rows shown (L77). */
function capCountingCases(): QueryCase[] {
  const sharedWorld = sharedDependenciesWorld();
  const crowdedWorld = crowdedRowsWorld();
  return [
    escapedCase(
      {
        id: 'limit/row-dependencies-64-unique-of-74',
        expect: EXPECT.complete,
        intent:
          "An operation whose own, origin's and requirement's dependencies make 74 entries, 64 of them unique: the " +
          'row lists the 64, unique and sorted, within the cap, and stays validated and callable.',
        clauses: ['KD-LIMIT-06', 'KD-ORDER-01', 'KD-ORDER-02', 'KD-CLOSURE-16', 'KD-RES-06'],
        interpretations: ['OQ-09', 'OQ-22'],
        fixture: sharedWorld,
      },
      requestFor(sharedWorld, { includeUnavailable: true }),
    ),
    escapedCase(
      {
        id: 'limit/rows-100-shown-of-4100-candidates',
        expect: EXPECT.complete,
        intent:
          'A read-only receiver with 100 callable operations and 4,000 that require edit: without ' +
          'include_unavailable the 4,000 definitive rejections are dropped, the 100 rows are within the 4,096-row ' +
          'cap, and nothing is truncated.',
        clauses: ['KD-LIMIT-05', 'KD-LIMIT-12', 'KD-OWN-01', 'KD-REQ-07', 'KD-RES-06'],
        interpretations: ['OQ-06', 'OQ-32', 'KIT-10', 'KIT-17'],
        fixture: crowdedWorld,
      },
      requestFor(crowdedWorld),
    ),
  ];
}

/** One operation with 74 dependency entries, 64 of them unique. */
function sharedDependenciesWorld(): FixtureV1 {
  // L77, L224 (OQ-09 A, OQ-22 A): the 64-dependency cap counts the unique entries a row lists.
  const shared = bigWorldBuilder({ description: 'One operation with 74 dependency entries, 64 of them unique.' });
  const own = Array.from({ length: 40 }, (_, i) => shared.b.addFact(factKey('kif', 'SymbolId', `m.shared:${i}`)));
  const origin = Array.from({ length: 24 }, (_, i) =>
    shared.b.addFact(factKey('kif', 'ModuleId', `m.shared.origin:${i}`)),
  );
  shared.b.addCandidate({
    qualified_name: 'm.shared',
    signature: 'm.shared(read Items)',
    receiver: ITEMS_TYPE,
    mode: 'read',
    home: shared.m,
    dependencies: own,
    origin: { dependencies: origin },
    // The requirement rests on ten of the operation's own dependencies again.
    generics: [{ kind: 'inference', identity: null, display: 'T = Item', dependencies: own.slice(0, 10) }],
  });
  return ownWorld(shared.b.build(), '64 unique of 74 dependency entries');
}

/** 100 callable operations among 4,100 applicable candidates, 4,000 of them requiring edit. */
function crowdedRowsWorld(): FixtureV1 {
  // L77 (OQ-06 A, OQ-32 A): the 4,096-row cap counts the rows shown, after unavailable ones are dropped.
  const crowded = bigWorldBuilder({
    description: '100 callable operations among 4,100 applicable candidates, 4,000 of them requiring edit.',
  });
  crowded.addSeries({ seed: 'limit/rows-after-filter:callable', count: 100 });
  crowded.addSeries({ seed: 'limit/rows-after-filter:edit', count: 4000, template: { mode: 'edit' } });
  return ownWorld(crowded.b.build(), 'rows counted after the filter');
}

/** Requests carrying the interface-set digest of each wrong way to build or frame it (L94-L114; KD-KEY-04). */
function interfaceSetFramingCases(): QueryCase[] {
  const cases: QueryCase[] = [];
  // L94-L114: a request carrying the digest of each wrong way to build or frame the interface set is stale, since the
  // compiler's digest is the framed one; a provider that computes that wrong digest answers it as current.
  const views = ownWorld(hiddenWorld({ only: ['unvalidatedView'] }), 'interface-set framings');
  const empty = ownWorld(
    ledgerWorld('no interface', (b) => void ledgerOperation(b, 'balance', [])),
    'empty interface set framing',
  );
  for (const world of [views, empty]) {
    for (const v of interfaceSetVariants(world)) {
      // The empty set's other framings are those of the world with views.
      if (world === empty && v.name !== 'no-count-for-empty-set') continue;
      cases.push(
        escapedCase(
          {
            id: `stale/interface-set-digest-${v.name}`,
            expect: { status: 'stale', reason: 'stale-interface-set' },
            intent:
              `A key whose interface-set digest is the one computed ${v.how}: not the framed digest of the ` +
              'contract, so the request is stale with stale-interface-set.',
            clauses: ['KD-RES-10', 'KD-RES-11', 'KD-STALE-03', 'KD-KEY-04', v.clause],
            interpretations: ['OQ-01', 'OQ-36', 'KIT-01'],
            fixture: world,
          },
          requestFor(world, { analysis: { interface_set_sha256: v.digest } }),
        ),
      );
    }
  }
  return cases;
}
