/**
 * Cases for candidate series beside one another (FIXTURES.md, "candidate_series[]"): a series stands for its members,
 * each a candidate of its own (KIT-10), so every member that applies is a row with its own SymbolId and name
 * (KD-ORDER-06), an explanation naming one member finds that member alone (KD-RES-18, KIT-05), a series of another
 * receiver type adds nothing, and a series whose home module has no view is outside the query's environment: no row,
 * no omission, and the result stays complete (KD-LOOKUP-07, KIT-03).
 */
import type { FixtureV1 } from '../oracle/fixture/fixture.js';
import { variant } from '../oracle/fixture/fixture-builder.js';
import { typeId } from '../oracle/fixture/fixture-ids.js';
import type { QueryCase } from './case-definition.js';
import { candidateNamed, homeIn, seriesLike } from './fixtures/candidate-series.js';
import { hiddenWorld } from './fixtures/hidden-world.js';
import { ownWorld } from './fixtures/own-world.js';
import { requestFor } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

/** Three public members on the query's receiver: `badge0`, `badge1`, `badge2`. */
export const RECEIVER_SERIES = { seed: 'kd-order-06/keyring-badges', count: 3 } as const;
/** Two public members on another receiver type. */
export const OTHER_RECEIVER_SERIES = { seed: 'kd-order-06/vault-seals', count: 2 } as const;
/** Two public members of a module with no view in the fixture. */
export const VIEWLESS_SERIES = { seed: 'kit-03/ghost-charms', count: 2 } as const;

/**
 * The hidden world's visible declarations (nothing hidden) beside the three series, each written like the keyring's
 * public `fingerprint`.
 */
function seriesWorld(): FixtureV1 {
  return ownWorld(
    variant(hiddenWorld({ only: [] }), (f) => {
      const fingerprint = candidateNamed(f, 'secretcorp.keyring.fingerprint');
      f.candidate_series.push(
        seriesLike(
          fingerprint,
          { ...RECEIVER_SERIES, qualifiedNamePrefix: 'secretcorp.keyring.badge' },
          { signature: 'secretcorp.keyring.badge(read Token) -> Badge' },
        ),
        seriesLike(
          fingerprint,
          { ...OTHER_RECEIVER_SERIES, qualifiedNamePrefix: 'secretcorp.keyring.seal' },
          {
            receiver_type: typeId('secretcorp.keyring.Vault'),
            signature: 'secretcorp.keyring.seal(read Vault) -> Seal',
          },
        ),
        seriesLike(
          fingerprint,
          { ...VIEWLESS_SERIES, qualifiedNamePrefix: 'ghostpkg.charms.charm' },
          {
            ...homeIn({ package: 'ghostpkg', module: 'ghostpkg.charms' }, fingerprint),
            signature: 'ghostpkg.charms.charm(read Token) -> Charm',
          },
        ),
      );
    }),
    'series of three receivers',
  );
}

/** The series cases, in their published order; all-cases.ts files them by category. */
export function seriesCases(): QueryCase[] {
  const world = seriesWorld();
  return [
    recordCase(
      {
        id: 'canonical-order/series-members-each-their-own-row',
        expect: EXPECT.complete,
        intent:
          'A series of three public members on the receiver gives three rows, each with its own SymbolId and name, ' +
          'beside the visible operations; a series on another receiver type gives none, and a series whose home ' +
          'module has no view is outside the environment: no row and no omission, so the result stays complete.',
        clauses: [...RESULT_SHAPE_CLAUSES, 'KD-ORDER-06', 'KD-LOOKUP-07'],
        interpretations: ['KIT-03', 'KIT-10'],
        fixture: world,
      },
      requestFor(world),
    ),
    recordCase(
      {
        id: 'complete/explain-first-member-of-series',
        expect: EXPECT.complete,
        intent:
          'An explanation whose spelling names member 0 of a series of three finds that member alone: its row, ' +
          'with its own SymbolId, and not ambiguous.',
        clauses: [...RESULT_SHAPE_CLAUSES, 'KD-RES-18'],
        interpretations: ['KIT-05', 'KIT-10'],
        fixture: world,
      },
      requestFor(world, { kind: 'explain-operation', spelling: 'badge0' }),
    ),
  ];
}
