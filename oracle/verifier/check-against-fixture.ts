/**
 * Everything the verifier can say about a result given the fixture the provider answered
 * from: the pre-lookup status (check-fixture-gate), rows, statuses, type fact and
 * disclosure against the compiler's facts (check-fixture-rows), the leak scan
 * (check-leaks) and hidden identities in the records (check-hidden-identities). The fact
 * closure and exposure are computed here, independently of the reference pipeline, once per
 * fixture.
 */
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { Violation } from '../violation.js';
import { checkFixtureGate } from './check-fixture-gate.js';
import { checkFixtureLookup } from './check-fixture-lookup.js';
import { checkFixtureRows, type FixtureView } from './check-fixture-rows.js';
import { checkHiddenIdentities } from './check-hidden-identities.js';
import { checkLeaks, checkLeaksInBytes } from './check-leaks.js';
import { closeFixtureFacts } from './fixture-fact-closure.js';
import { exposureOf, hiddenIdentities } from './fixture-exposure.js';
import { arrayMember, member, stringMember } from './json-access.js';
import type { RequestReading } from './read-request.js';

const viewCache = new WeakMap<LoadedFixture, FixtureView>();

function viewOf(fixture: LoadedFixture): FixtureView {
  const cached = viewCache.get(fixture);
  if (cached !== undefined) return cached;
  const view: FixtureView = {
    fixture,
    closure: closeFixtureFacts(fixture.facts),
    exposed: exposureOf(fixture.interfaces),
    byIdentity: { get: (id) => fixture.candidatesInOrder.byIdentity(id) },
  };
  viewCache.set(fixture, view);
  return view;
}

/** Checks a decoded result of `resultBytes` bytes against the fixture (and the request, when given). */
export function checkAgainstFixture(
  result: unknown,
  fixture: LoadedFixture,
  reading: RequestReading | undefined,
  resultBytes: number,
): Violation[] {
  const view = viewOf(fixture);
  const gate = checkFixtureGate(result, reading, fixture);
  const rows = checkFixtureRows(result, view, gate.occurrence);
  if (gate.occurrence !== undefined && reading?.kind === 'valid') {
    const { request } = reading;
    const input = { fixture, closure: view.closure, occurrence: gate.occurrence, request, resultBytes };
    rows.push(...checkFixtureLookup(result, input));
  }
  // A row for a hidden candidate is reported once, as such, not again field by field.
  const skipRows = new Set<number>();
  arrayMember(result, 'operations').forEach((op, i) => {
    const id = stringMember(member(op, 'identity'), 'value');
    const c = id === undefined ? undefined : view.byIdentity.get(id);
    if (c !== undefined && !view.exposed(c)) skipRows.add(i);
  });
  const leaks = checkLeaks(result, { fixture, closure: view.closure, exposed: view.exposed, reading }, { skipRows });
  const identities = checkHiddenIdentities(result, hiddenIdentities(fixture), skipRows);
  // A hidden identity the records show is reported once, as such, not again by the text scan at the same place.
  const named = new Set(identities.map((v) => v.pointer));
  return [...gate.violations, ...rows, ...leaks.filter((v) => !named.has(v.pointer)), ...identities];
}

/** Result bytes that are not JSON: only the raw leak scan applies. */
export function checkBytesAgainstFixture(
  bytes: Uint8Array,
  fixture: LoadedFixture,
  reading: RequestReading | undefined,
): Violation[] {
  const view = viewOf(fixture);
  return checkLeaksInBytes(bytes, { fixture, closure: view.closure, exposed: view.exposed, reading });
}
