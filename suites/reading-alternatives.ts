/**
 * Latitude where the contract leaves it (KD-ACCEPT-13): where the register says that another
 * reading of an entry is allowed by the contract and fails closed, every query case whose
 * answer that reading changes accepts the other answer as the entry's named alternative
 * (ACCEPTABLE, as Wycheproof's "acceptable" results), computed by the oracle under that
 * reading, and names the entry among the interpretations it rests on.
 *
 * KIT-12 A: a general query may list a public effect requirement that is not validated (L298,
 * L300); only an explanation is held to "only a public validated requirement" (L421).
 */
import { evaluateQueryOrThrow, encodeCanonical, type JsonObject } from '../oracle/index.js';
import type { AlternativeSpec, CaseDefinition, QueryCase } from './case-definition.js';
import { loaded } from './fixtures/request-for.js';

/** The alternative of KIT-12 reading A. */
export const NON_VALIDATED_PUBLIC_EFFECTS: Omit<AlternativeSpec, 'reason'> = {
  name: 'non-validated-public-effects-listed',
  interpretation: 'KIT-12',
  reading: 'A',
};

/** Whether some candidate of the case's world has a public effect requirement (the only ones KIT-12 A lists). */
function hasPublicEffect(c: QueryCase): boolean {
  return (
    c.fixture.candidates.some((d) => d.effects.some((e) => e.public)) ||
    c.fixture.candidate_series.some((s) => s.template.effects.some((e) => e.public))
  );
}

/** `cases` with the KIT-12 A alternative on every query case whose answer it changes. */
export function withReadingAlternatives(cases: CaseDefinition[]): CaseDefinition[] {
  return cases.map((c) => {
    if (c.kind !== 'query' || !('record' in c.request) || c.request.record.query.kind === 'explain-operation') return c;
    if (!hasPublicEffect(c)) return c;
    const request = encodeCanonical(c.request.record as unknown as JsonObject);
    const fixture = loaded(c.fixture);
    const expected = Buffer.from(evaluateQueryOrThrow(request, fixture));
    const other = Buffer.from(evaluateQueryOrThrow(request, fixture, { reading: 'KIT-12:A' }));
    if (expected.equals(other)) return c;
    const alternative: AlternativeSpec = {
      ...NON_VALIDATED_PUBLIC_EFFECTS,
      reason:
        'A general query may also list a public effect requirement that is not validated, with its status and ' +
        'dependencies (KIT-12 A; L298, L300); the row status is the same either way.',
    };
    return {
      ...c,
      interpretations: [...new Set([...c.interpretations, 'KIT-12'])].sort(),
      alternatives: [...(c.alternatives ?? []), alternative],
    };
  });
}
