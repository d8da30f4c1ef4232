/**
 * Module providers that hang, exit, throw outside a call or return something other than
 * bytes cost the one vector they fail on (ERROR); a fresh module process answers the others,
 * and so does a fresh worker when the module is loaded in a thread (--module-in-thread, which needs --sandbox off).
 * Each run aims every fault at a vector of its own, between clean ones.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { moduleFaultsRun } from '../test-support/run-helpers.js';

const FAULTS = { hang: 'timeout', exit: 'crash', 'throw-later': 'crash', 'not-bytes': 'provider-error' } as const;

for (const [mode, args, timeoutMs] of [
  // A module process starts from cold for each instance: the timeout leaves room for that on a busy machine.
  ['a module process', [], 20000],
  ['a module in a thread', ['--module-in-thread', '--sandbox', 'off'], 10000],
] as const) {
  test(`${mode}: a busy loop is terminated; an exit, a later throw or a string costs one vector each`, async () => {
    const r = await moduleFaultsRun(Object.keys(FAULTS), args, timeoutMs);
    assert.is(r.code, 1, `${r.stdout}${r.stderr}`);
    for (const [fault, kind] of Object.entries(FAULTS)) {
      const judged = r.judged.get(fault);
      assert.is(judged?.verdict, 'ERROR', fault);
      assert.is(judged?.error?.kind, kind, fault);
    }
    const passed = Object.values(r.verdicts).filter((v) => v === 'PASS').length;
    assert.is(passed, 2, 'the clean vectors before and after the faults pass');
  });
}

test.run();
