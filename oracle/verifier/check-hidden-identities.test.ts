import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import type { LoadedFixture } from '../fixture/load-fixture.js';
import { verifyEdited } from '../test-support/edit-golden.js';
import { makeCandidate, makeFixture } from '../test-support/make-fixture.js';
import { load as loadFixture } from '../test-support/query-support.js';
import { COMPLETE, IDS, INTERFACE_SET_SHA256, bytes, mutate, requestText } from '../test-support/result-texts.js';
import type { FixtureV1 } from '../fixture/fixture.js';
import { verifyResult } from './verify-result.js';

// Each test edits a committed golden the way a provider that misses one place a hidden identity can stand would, and
// names, worked from the contract by hand, the rule it breaks: L389 ("It cannot return the hidden declaration's
// identity"), and L70 (an identity is a kind and a value). The suite worlds derive every Id as the SHA-256 of
// `kofun-ctk:<kind>:<label>` (FIXTURES.md), so the hidden SymbolId is computed here from its label.

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
const load = (change: (f: FixtureV1) => void): LoadedFixture => {
  const f = makeFixture();
  change(f);
  return loadFixture(f);
};
/** `text` verified against `requestText()`, both under the fixture's own key (a changed view changes it, KIT-24). */
const verifyText = (text: string, fixture: LoadedFixture): string[] => {
  const rekeyed = (t: string): Uint8Array =>
    bytes(t.split(INTERFACE_SET_SHA256).join(fixture.currentKey.interface_set_sha256));
  return verifyResult(rekeyed(text), { fixture, request: rekeyed(requestText()) }).map(
    (v) => `${v.clause} ${v.code} at ${v.pointer ?? `byte ${String(v.offset)}`}`,
  );
};
const id = (kind: string, label: string): string =>
  createHash('sha256').update(`kofun-ctk:${kind}:${label}`).digest('hex');
/** The private declaration of the secretcorp.keyring view (hidden world): not exposed under a public view. */
const PRIVATE = id('SymbolId', 'secretcorp.keyring.zqPrivateKeyringDump');
/** The private cross-package extension of the hidden world. */
const EXTENSION = id('SymbolId', 'shadowpkg.ext.zqShadowExtensionGlow');

/** The fingerprint row as a provider that keeps every fact of it would render it: validated and callable. */
function callable(result: Record<string, any>): Record<string, any> {
  result.status = 'complete';
  const row = result.operations[0];
  row.status = 'validated';
  row.availability = 'callable';
  row.rejection_reasons = [];
  row.signature = 'secretcorp.keyring.fingerprint(read Token) -> Text';
  row.receiver_mode = 'read';
  return row;
}

test('KD-DISCLOSE-07: a generic requirement whose identity is a hidden SymbolId', () => {
  const found = verifyEdited('hidden/requirement-naming-hidden-symbol', (r) => {
    const row = callable(r);
    row.generic_requirements = [
      { display: 'T == Token', identity: { kind: 'SymbolId', value: PRIVATE }, kind: 'equality', status: 'validated' },
    ];
  });
  assert.equal(found, ['KD-DISCLOSE-07 hidden-identity at /operations/0/generic_requirements/0/identity/value']);
});

test('KD-DISCLOSE-07: an effect requirement whose identity is a hidden SymbolId', () => {
  const found = verifyEdited('hidden/effect-naming-hidden-symbol', (r) => {
    const row = callable(r);
    row.effects = [{ display: 'keyring access', identity: { kind: 'SymbolId', value: PRIVATE }, status: 'validated' }];
  });
  assert.equal(found, ['KD-DISCLOSE-07 hidden-identity at /operations/0/effects/0/identity/value']);
});

test("KD-DISCLOSE-07: a type fact's dependency on a hidden declaration", () => {
  // The answer a provider gives that lists every dependency of the type: the validated type, complete.
  const found = verifyEdited('hidden/type-depending-on-hidden-symbol', (r) => {
    r.status = 'complete';
    r.reason = null;
    r.type = {
      dependencies: [
        { kind: 'SymbolId', source: 'kif', status: 'validated', value: PRIVATE },
        { kind: 'NodeId', source: 'live', status: 'validated', value: id('NodeId', 'session.kf:binding:token') },
      ],
      diagnostic_ids: [],
      display: 'Token',
      identity: { kind: 'TypeId', value: id('TypeId', 'app.session.Token') },
      reason: null,
      status: 'validated',
    };
  });
  assert.equal(found, ['KD-DISCLOSE-07 hidden-identity-dependency at /type/dependencies/0/value']);
});

test('KD-DISCLOSE-08: a dependency naming a hidden extension is named by the extension clause', () => {
  const found = verifyEdited('hidden/general-private-extension', (r) => {
    const row = r.operations.find((o: Record<string, any>) => o.display_name === 'token_len');
    row.dependencies.push({ kind: 'SymbolId', source: 'kif', status: 'validated', value: EXTENSION });
  });
  // The dependency names no fact node, so its status is unavailable at best (KD-CLOSURE-14); its value is in no other
  // field, so the leak scan finds it too, at the same place, and the verifier reports it once.
  assert.equal(found, [
    'KD-CLOSURE-14 status-upgraded at /operations/1/dependencies/0/status',
    'KD-DISCLOSE-08 hidden-identity-dependency at /operations/1/dependencies/0/value',
  ]);
});

/**
 * The make-fixture world plus a candidate hidden here (not admitted, in the current file, so the key stays that of the
 * hand-written results) whose SymbolId value X is also the value of a TypeId and an ImplementationId the visible
 * `length` row depends on: the row lists both (OQ-22 A), validated, and stays callable.
 */
const X = sha('twin value');
const twins = (): LoadedFixture =>
  load((f) => {
    // Over another receiver type, so the general query does not collect it and no omission is owed (KIT-02, KIT-04).
    const other = { receiver_type: sha('type:std.map.Map[Text]') };
    f.candidates.push(
      makeCandidate('hidden_twin', { identity: X, home: { kind: 'current-file' }, admitted: false, ...other }),
    );
    for (const kind of ['TypeId', 'ImplementationId'] as const) {
      f.facts.push({ source: 'kif', kind, value: X, status: 'validated', depends_on: [], diagnostic_ids: [] });
      f.candidates[0]?.dependencies.push({ source: 'kif', kind, value: X });
    }
  });
/** `COMPLETE` with the row's dependencies after the `length` SymbolId: `kinds` under the twin value, by kind bytes. */
const withTwinDependencies = (kinds: readonly string[]): string =>
  mutate(
    COMPLETE,
    `"value": "${IDS.length}"
        }
      ],`,
    `"value": "${IDS.length}"
        }${kinds
          .map(
            (kind) =>
              `,
        {
          "kind": "${kind}",
          "source": "kif",
          "status": "validated",
` +
              `          "value": "${X}"
        }`,
          )
          .join('')}
      ],`,
  );

test('an identity is its kind and its value: the hidden SymbolId value under another kind discloses nothing', () => {
  // Dependencies sort by (source, kind, value) bytes: ImplementationId < SymbolId < TypeId (L224).
  const listed = mutate(
    withTwinDependencies(['TypeId']),
    `"kind": "SymbolId",
          "source": "kif",
          "status": "validated",
          "value": "${IDS.length}"`,
    `"kind": "ImplementationId",
          "source": "kif",
          "status": "validated",
          "value": "${X}"` +
      `
        },
        {
          "kind": "SymbolId",
          "source": "kif",
          "status": "validated",` +
      `
          "value": "${IDS.length}"`,
  );
  assert.equal(verifyText(listed, twins()), []);
  // The same value as a SymbolId is the hidden candidate's identity (KD-DISCLOSE-07), and no fact of the row.
  assert.equal(verifyText(withTwinDependencies(['SymbolId']), twins()), [
    'KD-CLOSURE-14 status-upgraded at /operations/0/dependencies/1/status',
    'KD-CLOSURE-16 missing-dependency at /operations/0/dependencies',
    'KD-CLOSURE-16 missing-dependency at /operations/0/dependencies',
    'KD-DISCLOSE-07 hidden-identity-dependency at /operations/0/dependencies/1/value',
    'KD-ORDER-02 dependencies-order at /operations/0/dependencies/1',
  ]);
});

test.run();
