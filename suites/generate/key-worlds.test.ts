import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FixtureV1 } from '../../oracle/index.js';
import { listTextWorld } from '../fixtures/list-text-world.js';
import { hiddenWorld } from '../fixtures/hidden-world.js';
import { currentKey } from '../fixtures/request-for.js';
import { keyWorldConflicts, worldFingerprint } from './key-worlds.js';

const world = (caseId: string, fixture: FixtureV1) => ({ caseId, key: currentKey(fixture), fixture });

test('one key naming two sets of facts is refused; one world under two case ids is not', () => {
  const base = listTextWorld();
  // Changed without rebinding: the permits differ, the key does not.
  const unbound = structuredClone(base);
  unbound.occurrences[0]!.permits.edit = true;
  const lines = keyWorldConflicts([
    world('ownership/a', base),
    world('ownership/b', unbound),
    world('complete/c', listTextWorld()),
  ]);
  assert.is(lines.length, 1);
  assert.ok(lines[0]?.startsWith('cases ownership/a and ownership/b use one analysis key'), lines[0]);
});

test('presentation and the content of an unvalidated view are not facts a key names', () => {
  const base = hiddenWorld();
  const renamed = structuredClone(base);
  renamed.description = 'Another sentence.';
  renamed.file.path = 'elsewhere/session.kf';
  assert.is(worldFingerprint(renamed), worldFingerprint(base));
  const vendor = base.interfaces.find((i) => !i.validated)!;
  const emptied = structuredClone(base);
  emptied.candidates = emptied.candidates.filter(
    (c) => !(c.home.kind === 'interface' && c.home.module_id === vendor.module_id),
  );
  assert.is(worldFingerprint(emptied), worldFingerprint(base));
  const imported = structuredClone(base);
  imported.interfaces.find((i) => !i.validated)!.names_in_scope = false;
  assert.is.not(worldFingerprint(imported), worldFingerprint(base));
});

test.run();
