/**
 * Property: the reference provider's output passes the independent verifier, with the
 * request and the fixture, for generated worlds and requests (the fuzz generator's
 * worlds: every fact status and closure, visibility and imports, extension and trait
 * candidates, generic requirements, receiver modes, effects, multi-byte positions, stale
 * keys and bad positions). The two sides share only the codec, schemas and fixture
 * loader, so agreement here is evidence about both. fast-check prints seed and path on
 * failure; replay with `{ seed, path }`.
 */
import { test } from 'uvu';
import fc from 'fast-check';
import { loadFixture, evaluateQuery, verifyResult, formatViolation } from '../../oracle/index.js';
import { buildCase, caseShapeArb } from './fuzz-case.js';

test('the oracle answer to a generated request on a generated fixture has no verifier violation', () => {
  fc.assert(
    fc.property(caseShapeArb, (shape) => {
      const { fixture, request } = buildCase(shape);
      const loaded = loadFixture(fixture);
      if (!loaded.ok)
        throw new Error(`generated fixture does not load: ${loaded.violations.map(formatViolation).join('; ')}`);
      const result = evaluateQuery(request, loaded.fixture);
      const violations = verifyResult(result, { request, fixture: loaded.fixture });
      if (violations.length > 0) {
        throw new Error(`${violations.map(formatViolation).join('\n')}\n${new TextDecoder().decode(result)}`);
      }
    }),
    { seed: 20261201, numRuns: 300 },
  );
});

test.run();
