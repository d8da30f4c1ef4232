/**
 * Constructors for query cases. The category is the part of the id before the
 * first `/` (ids are `<category>/<slug>` and never change once published), so a
 * case cannot be filed under a category its id does not name.
 */
import type { FixtureV1 } from '../oracle/fixture/fixture.js';
import type { DiscoveryRequestV1 } from '../oracle/records/discovery-records.js';
import { CATEGORIES, type Category, type ExpectedAnswer, type QueryCase } from './case-definition.js';

/** What every query case states besides its request. */
export interface CaseHead {
  id: string;
  intent: string;
  clauses: string[];
  interpretations: string[];
  fixture: FixtureV1;
  /** The status (and reason, where the case fixes one) the case expects. */
  expect: ExpectedAnswer;
}

/** The category named by a case id; throws for an id of another shape (a suite fault). */
export function categoryOf(id: string): Category {
  const slash = id.indexOf('/');
  const category = id.slice(0, slash) as Category;
  if (slash < 0 || !(CATEGORIES as readonly string[]).includes(category))
    throw new Error(`case id ${id} does not start with a category`);
  return category;
}

/** A case whose request is a canonical record. */
export function recordCase(head: CaseHead, record: DiscoveryRequestV1): QueryCase {
  return { ...base(head), request: { record } };
}

/** A case whose request is raw bytes, because the bytes themselves are the point. */
export function bytesCase(head: CaseHead, bytes: Uint8Array, note: string): QueryCase {
  return { ...base(head), request: { bytes, note } };
}

function base(head: CaseHead): Omit<QueryCase, 'request'> {
  return {
    kind: 'query',
    expect: { ...head.expect },
    id: head.id,
    category: categoryOf(head.id),
    intent: head.intent,
    clauses: [...new Set(head.clauses)].sort(),
    interpretations: [...new Set(head.interpretations)].sort(),
    fixture: head.fixture,
  };
}

/** The expected answers cases state most often. */
export const EXPECT = {
  complete: { status: 'complete', reason: null },
  partial: { status: 'partial', reason: null },
  invalidRequest: { status: 'invalid', reason: 'invalid-request' },
  invalidPosition: { status: 'invalid', reason: 'invalid-position' },
} as const satisfies Record<string, ExpectedAnswer>;

/** Clauses every answered result exercises through its shape (cited by the plain cases of each category). */
export const RESULT_SHAPE_CLAUSES = [
  'KD-TRUST-04',
  'KD-RES-01',
  'KD-RES-02',
  'KD-RES-03',
  'KD-RES-04',
  'KD-RES-05',
  'KD-LIMIT-01',
];
