/**
 * Property: the reference provider's output passes the independent verifier, with the
 * request and the fixture, for generated worlds and requests (the fuzz generator's
 * worlds: every fact status and closure, visibility and imports, extension and trait
 * candidates, generic requirements, receiver modes, effects, multi-byte positions, stale
 * keys and bad positions). The two sides share only the codec, schemas and fixture
 * loader, so agreement here is evidence about both: the oracle never answers what its
 * verifier rejects.
 *
 * The worlds reach, and the test counts, the places a hidden identity can stand and the
 * shapes of the fact graph a closure gets wrong: a fact under a TypeId or ImplementationId
 * that shares its value with a hidden candidate's SymbolId (L70: another identity), an
 * effect, a generic requirement or a type dependency that is a hidden candidate's SymbolId
 * (KIT-08 C), a hidden candidate's own diagnostic (L389), and cycles and diamonds in the
 * fact graph (KD-CLOSURE-08). fast-check prints seed and path on failure; replay with
 * `{ seed, path }`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import {
  loadFixture,
  evaluateQuery,
  verifyResult,
  formatViolation,
  type FixtureCandidate,
  type FixtureV1,
} from '../../oracle/index.js';
import { buildCase, caseShapeArb } from './fuzz-case.js';

const CLASSES = [
  'kind-twin-of-hidden-symbol',
  'hidden-effect-identity',
  'hidden-requirement-identity',
  'hidden-type-dependency',
  'hidden-candidate-diagnostic',
  'cycle',
  'diamond',
] as const;
type WorldClass = (typeof CLASSES)[number];

/** Whether a candidate is exposed at the position (KIT-03), worked from the fixture for counting only. */
function exposedIn(f: FixtureV1): (c: FixtureCandidate) => boolean | undefined {
  return (c) => {
    if (c.home.kind === 'current-file') return c.admitted;
    const home = c.home;
    const views = f.interfaces.filter((i) => i.package_id === home.package_id && i.module_id === home.module_id);
    const view = views.length === 1 ? views[0] : undefined;
    // A view that failed validation is never read: its candidates are neither shown nor hidden (KIT-03 C).
    if (view !== undefined && !view.validated) return undefined;
    const visible = c.visibility === 'pub' || (view?.view === 'internal' && c.visibility === 'internal');
    return view !== undefined && view.names_in_scope && c.admitted && visible;
  };
}

/** The classes above a generated world reaches. */
function classesOf(f: FixtureV1): Set<WorldClass> {
  const out = new Set<WorldClass>();
  const exposed = exposedIn(f);
  const hidden = new Set(f.candidates.filter((c) => exposed(c) === false).map((c) => c.identity));
  const isHidden = (i: { kind: string; value: string } | null): boolean =>
    i !== null && i.kind === 'SymbolId' && hidden.has(i.value);
  const shown = f.candidates.filter((c) => exposed(c) === true);
  const type = f.occurrences[0]?.type;
  const listed = [...(type?.dependencies ?? []), ...shown.flatMap((c) => c.dependencies)];
  if (listed.some((k) => k.kind !== 'SymbolId' && hidden.has(k.value))) out.add('kind-twin-of-hidden-symbol');
  if (shown.some((c) => c.effects.some((e) => isHidden(e.identity)))) out.add('hidden-effect-identity');
  if (shown.some((c) => c.generic_requirements.some((g) => isHidden(g.identity))))
    out.add('hidden-requirement-identity');
  if ((type?.dependencies ?? []).some(isHidden)) out.add('hidden-type-dependency');
  if (f.candidates.some((c) => exposed(c) === false && c.diagnostic_ids.some((d) => d !== f.diagnostics[0]?.id)))
    out.add('hidden-candidate-diagnostic');
  const key = (k: { kind: string; value: string }): string => `${k.kind}:${k.value}`;
  const edges = new Map(f.facts.map((n) => [key(n), n.depends_on.map(key)]));
  for (const start of edges.keys()) {
    // Paths from `start`: a node reached twice is a diamond, `start` reached again a cycle.
    const reached = new Map<string, number>();
    const queue = [...(edges.get(start) ?? [])];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const k = queue.shift() as string;
      reached.set(k, (reached.get(k) ?? 0) + 1);
      if (seen.has(k)) continue;
      seen.add(k);
      queue.push(...(edges.get(k) ?? []));
    }
    if (reached.has(start)) out.add('cycle');
    if ([...reached.entries()].some(([k, n]) => n > 1 && k !== start)) out.add('diamond');
  }
  return out;
}

test('the oracle answer to a generated request on a generated fixture has no verifier violation', () => {
  const reached = new Map<WorldClass, number>(CLASSES.map((c) => [c, 0]));
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
      for (const c of classesOf(fixture)) reached.set(c, (reached.get(c) ?? 0) + 1);
    }),
    { seed: 20261201, numRuns: 400 },
  );
  // Each class is reached often enough for the property to say something about it.
  for (const [c, n] of reached) assert.ok(n >= 5, `${c} reached in ${n} of 400 worlds`);
});

test.run();
