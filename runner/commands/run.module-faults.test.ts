/**
 * Module providers that hang, exit, throw outside a call or return something other than
 * bytes cost the one vector they fail on (ERROR); a fresh module process answers the others,
 * and so does a fresh worker when the module is loaded in a thread (--module-in-thread, which needs --sandbox off).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { faultRun, kitModulePath, othersPass, requestSha, threeStaleVectors } from '../test-support/run-helpers.js';

test(
  'a busy-looping module is terminated; one that exits, ' + 'throws later or returns a string costs one vector',
  async () => {
    const module = kitModulePath('runner/test-support/modules/misbehaving-module.ts');
    const target = threeStaleVectors()[1];
    if (target === undefined) throw new Error('too few stale vectors');
    process.env.KCTK_TARGET_REQUEST_SHA256 = requestSha(target);
    try {
      for (const [fault, kind] of [
        ['hang', 'timeout'],
        ['exit', 'crash'],
        ['throw-later', 'crash'],
        ['not-bytes', 'provider-error'],
      ] as const) {
        process.env.KCTK_MODULE_FAULT = fault;
        // A module process starts from cold for each instance: the timeout leaves room for that on a busy machine.
        // Its settings reach it as the runner's variables passed on purpose (the runner's own never reach it).
        const env = { KCTK_MODULE_FAULT: fault, KCTK_TARGET_REQUEST_SHA256: requestSha(target) };
        const r = await faultRun(() => ['--module', module], 20000, env);
        assert.is(r.target.error?.kind, kind, fault);
        othersPass(r.verdicts, r.target.id);
        const inThread = await faultRun(() => ['--module', module, '--module-in-thread', '--sandbox', 'off'], 10000);
        assert.is(inThread.target.error?.kind, kind, `${fault} in a thread`);
        othersPass(inThread.verdicts, inThread.target.id);
      }
    } finally {
      delete process.env.KCTK_TARGET_REQUEST_SHA256;
      delete process.env.KCTK_MODULE_FAULT;
    }
  },
);

test.run();
