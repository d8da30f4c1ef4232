/**
 * ownership: every combination of the receiver modes the compiler permits at the
 * position (read, edit, take) against operations requiring read, edit, take and
 * none, with and without unavailable candidates requested (KD-OWN-*, KIT-06,
 * OQ-32, OQ-44). Satisfying edit never implies take.
 */
import type { QueryCase } from './case-definition.js';
import { listTextWorld } from './fixtures/list-text-world.js';
import { requestFor } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const OWN = [...RESULT_SHAPE_CLAUSES, 'KD-OWN-06', 'KD-LOOKUP-09', 'KD-OP-04'];
const OQ = ['KIT-06', 'KIT-08', 'KIT-09', 'OQ-32', 'OQ-43', 'OQ-44'];

/** The ownership cases. */
export function ownershipCases(): QueryCase[] {
  return [...acceptanceExampleCases(), ...permitsCases()];
}

/** The contract's acceptance example "read, edit, and take", asked in several ways. */
function acceptanceExampleCases(): QueryCase[] {
  const cases: QueryCase[] = [];
  const readOnly = listTextWorld();
  cases.push(
    recordCase(
      {
        id: 'ownership/sort-in-place-omitted-by-default',
        expect: EXPECT.complete,
        intent:
          'Acceptance example "read, edit, and take": asked for its operations, ' +
          'a read List[Text] receiver omits sort_in_place (requires edit) and into_iter (requires take) by default.',
        clauses: [...OWN, 'KD-OWN-01', 'KD-OWN-02', 'KD-OWN-04', 'KD-REQ-06'],
        interpretations: OQ,
        fixture: readOnly,
      },
      requestFor(readOnly, { kind: 'operations' }),
    ),
  );
  cases.push(
    recordCase(
      {
        id: 'ownership/sort-in-place-requires-edit-on-request',
        expect: EXPECT.complete,
        intent:
          'Acceptance example "read, edit, and take": with unavailable candidates requested, ' +
          'sort_in_place is a validated unavailable row explaining requires-edit, ' +
          'and into_iter one explaining requires-take, filtered independently.',
        clauses: [...OWN, 'KD-OWN-01', 'KD-OWN-03', 'KD-OWN-04', 'KD-OP-06', 'KD-OP-11', 'KD-OP-12', 'KD-REQ-07'],
        interpretations: OQ,
        fixture: readOnly,
      },
      requestFor(readOnly, { includeUnavailable: true }),
    ),
  );
  cases.push(
    recordCase(
      {
        id: 'ownership/explain-sort-in-place-read-receiver',
        expect: EXPECT.complete,
        intent:
          'explain-operation sort_in_place on a read receiver explains requires-edit with the canonical public ' +
          'requirement, whatever include_unavailable says.',
        clauses: [...OWN, 'KD-OWN-02', 'KD-OWN-03', 'KD-OP-11', 'KD-RES-18'],
        interpretations: [...OQ, 'OQ-33', 'KIT-05'],
        fixture: readOnly,
      },
      requestFor(readOnly, { kind: 'explain-operation', spelling: 'sort_in_place' }),
    ),
  );
  const editOnly = listTextWorld({ permits: { read: true, edit: true, take: false } });
  cases.push(
    recordCase(
      {
        id: 'ownership/explain-into-iter-edit-receiver',
        expect: EXPECT.complete,
        intent:
          'On a receiver that permits edit but not take, into_iter is still rejected with requires-take: ' +
          'satisfying edit does not imply take.',
        clauses: [...OWN, 'KD-OWN-04', 'KD-OWN-05', 'KD-RES-18'],
        interpretations: [...OQ, 'OQ-33', 'KIT-05'],
        fixture: editOnly,
      },
      requestFor(editOnly, { kind: 'explain-operation', spelling: 'into_iter' }),
    ),
  );
  cases.push(
    recordCase(
      {
        id: 'ownership/explain-sort-in-place-edit-receiver',
        expect: EXPECT.complete,
        intent: 'On a receiver that permits edit, sort_in_place is callable.',
        clauses: [...OWN, 'KD-OWN-05', 'KD-RES-18'],
        interpretations: ['KIT-05', 'KIT-06'],
        fixture: editOnly,
      },
      requestFor(editOnly, { kind: 'explain-operation', spelling: 'sort_in_place' }),
    ),
  );
  return cases;
}

/** Every permits combination except read-only (covered above), with and without unavailable candidates. */
function permitsCases(): QueryCase[] {
  const cases: QueryCase[] = [];
  const modes = ['read', 'edit', 'take'] as const;
  for (let mask = 0; mask < 8; mask++) {
    const permits = { read: (mask & 1) !== 0, edit: (mask & 2) !== 0, take: (mask & 4) !== 0 };
    if (mask === 1) continue;
    const held = modes.filter((m) => permits[m]);
    const name = held.length === 0 ? 'nothing' : held.join('-');
    const fixture = listTextWorld({ permits });
    for (const includeUnavailable of [false, true]) {
      cases.push(
        recordCase(
          {
            id: `ownership/permits-${name}${includeUnavailable ? '-include-unavailable' : ''}`,
            intent:
              `A List[Text] receiver permitting ${held.length === 0 ? 'no mode' : held.join(', ')}: ` +
              `operations requiring read, edit, take or none are each filtered by their own ` +
              'mode' +
              (includeUnavailable
                ? '; rejected ones are shown with requires-<mode>'
                : ' and rejected ones are dropped') +
              '.',
            clauses: [
              ...OWN,
              'KD-OWN-01',
              'KD-OWN-04',
              'KD-OWN-05',
              ...(includeUnavailable ? ['KD-OP-11', 'KD-OP-12', 'KD-REQ-07', 'KD-REJECT-01'] : []),
            ],
            interpretations: OQ,
            fixture,
            // Every row is validated: a mode rejection is definitive (L289), dropped or shown.
            expect: EXPECT.complete,
          },
          requestFor(fixture, { includeUnavailable }),
        ),
      );
    }
  }
  return cases;
}
