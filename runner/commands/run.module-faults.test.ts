/**
 * Module providers that hang, exit, throw outside a call or return something other than
 * bytes cost the one vector they fail on (ERROR); a fresh worker answers the others.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { liveGroupCount } from '../adapters/process-group.js';
import { judgementOf, kitVectors, requestSha, runGateCli } from '../test-support/run-helpers.js';

const three = () => kitVectors().queryVectors.filter((v) => v.category === 'stale').slice(0, 3);

async function faultRun(args: (targetSha: string) => string[]): Promise<{ code: number; verdicts: Record<string, string>; target: ReturnType<typeof judgementOf> }> {
  const vs = three();
  const target = vs[1];
  if (target === undefined) throw new Error('too few stale vectors');
  const r = await runGateCli([...args(requestSha(target)), ...vs.flatMap((v) => ['--id', v.id]), '--metamorphic', '0', '--timeout-ms', '3000']);
  const verdicts = Object.fromEntries((r.report?.vectors ?? []).map((v) => [v.id, v.verdict]));
  assert.is(liveGroupCount(), 0);
  return { code: r.code, verdicts, target: judgementOf(r.report, target.id) };
}

function othersPass(verdicts: Record<string, string>, targetId: string): void {
  for (const [id, verdict] of Object.entries(verdicts)) if (id !== targetId) assert.is(verdict, 'PASS', id);
  assert.is(Object.keys(verdicts).length, 3);
}

test('a busy-looping module is terminated; one that exits, throws later or returns a string costs one vector', async () => {
  const module = 'runner/test-support/modules/misbehaving-module.ts';
  const target = three()[1];
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
      const r = await faultRun(() => ['--module', module]);
      assert.is(r.target.error?.kind, kind, fault);
      othersPass(r.verdicts, r.target.id);
    }
  } finally {
    delete process.env.KCTK_TARGET_REQUEST_SHA256;
    delete process.env.KCTK_MODULE_FAULT;
  }
});

test.run();
