/**
 * `kofun-ctk smoke` against real providers: the reference oracle and the fake provider's misbehaviours, each spawned.
 * Frame headers are worked out from PROTOCOL.md ("KCTK1 <type> <id> <ref> <length>"; the runner's hello and the
 * provider's hello carry id 0, calls are numbered from 1, shutdown and bye carry id 0).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { kitRoot } from '../../oracle/internal.js';
import { liveGroupCount } from '../io/process-group.js';
import { runCli } from '../test-support/run-cli.js';
import { kitFixtureBytes, kitVectors, pickVector, runGateCli } from '../test-support/run-helpers.js';

const fake = (mode: string): string[] => [
  '--process',
  quote([process.execPath, join(kitRoot(), 'runner', 'test-support', 'fake-provider.mjs'), mode]),
];

// No raw control byte (ESC, BEL, ...) may reach the terminal: provider bytes are escaped.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

test('the reference oracle speaks the protocol: exit 0, with --trace every frame header in order', async () => {
  const v = pickVector('complete vector', (x) => x.category === 'complete');
  const r = await runCli(['smoke', '--provider', 'reference', '--trace']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  const sha = v.fixtureSha256;
  const headers = r.stdout
    .split('\n')
    .filter((l) => /^[<>] /.test(l))
    .map((l) => l.replace(/ [0-9]+$/, ''));
  assert.equal(headers, [
    '> KCTK1 hello 0 -',
    '< KCTK1 hello 0 -',
    `> KCTK1 load-fixture 1 ${sha}`,
    `< KCTK1 fixture-loaded 1 ${sha}`,
    `> KCTK1 query 2 ${sha}`,
    '< KCTK1 result 2 -',
    '> KCTK1 shutdown 0 - 0'.replace(/ 0$/, ''),
    '< KCTK1 bye 0 - 0'.replace(/ 0$/, ''),
  ]);
  assert.match(r.stdout, `> KCTK1 load-fixture 1 ${sha} ${kitFixtureBytes(sha).length}\n`);
  assert.match(r.stdout, `> KCTK1 query 2 ${sha} ${v.request.length}\n`);
  assert.match(r.stdout, `< KCTK1 result 2 - ${v.expected.length}\n`);
  assert.match(r.stdout, `answer: ${v.expected.length} bytes, verdict PASS`);
  assert.match(r.stdout, 'stdout: no byte outside the frames');
  assert.match(r.stdout, 'smoke PASSED');
  assert.is(liveGroupCount(), 0);
});

test('a provider that answers wrongly still speaks the protocol: exit 0, the verdict is information', async () => {
  const r = await runCli(['smoke', ...fake('echo')]);
  assert.is(r.code, 0, r.stdout);
  assert.match(r.stdout, 'handshake: ok, fake echo 0 (process-persistent); interpretations declared: OQ-01:C');
  assert.match(r.stdout, /answer: [0-9]+ bytes, verdict FAIL/);
});

test('a start-up banner on stdout: exit 3, the stray bytes and the stderr shown escaped', async () => {
  const r = await runCli(['smoke', ...fake('banner'), '--start-timeout-ms', '5000']);
  assert.is(r.code, 3, r.stdout);
  assert.match(r.stdout, 'handshake: FAILED (protocol): header line is not printable ASCII');
  assert.match(
    r.stdout,
    new RegExp(
      /stdout: [0-9]+ bytes outside any complete frame; the first [0-9]+, escaped:\n {2}/.source +
        /"\\u\{1b\}\[2J\\u\{1b\}\[31mmy-provider 1\.0 listening\\u\{1b\}\[0m\\n/.source,
    ),
  );
  assert.match(r.stdout, '  | my-provider: loading \\u{1b}]0;title\\u{7}config\n');
  assert.match(
    r.stdout,
    'smoke FAILED: the provider does not speak kofun.ctk.provider-protocol/v1: handshake failed (exit 3)',
  );
  assert.not.ok(CONTROL.test(r.stdout), 'a raw control byte reached the output');
  assert.is(liveGroupCount(), 0);
});

test('a crash at the fixture load, a bad hello, a junk header: exit 3 each; a missing binary: exit 2', async () => {
  const crash = await runCli(['smoke', ...fake('exit-at-load')]);
  assert.is(crash.code, 3);
  assert.match(crash.stdout, 'load-fixture: FAILED (crash): provider exited with status 3');
  assert.match(crash.stdout, '  | fake provider: \\u{1b}[31mgiving up\\u{1b}[0m');
  assert.not.ok(CONTROL.test(crash.stdout));
  const hello = await runCli(['smoke', ...fake('bad-hello')]);
  assert.is(hello.code, 3);
  assert.match(hello.stdout, 'handshake: FAILED (start): hello protocol is not kofun.ctk.provider-protocol/v1');
  const junk = await runCli(['smoke', ...fake('junk-header')]);
  assert.is(junk.code, 3);
  assert.match(junk.stdout, 'query: FAILED (protocol)');
  assert.match(
    junk.stdout,
    'stdout: 16 bytes outside any complete frame; the first 16, escaped:\n  "HTTP/1.1 200 OK\\n"',
  );
  // In the sandbox a program that is not there is refused before anything starts; without it, the start fails.
  const missing = await runCli(['smoke', '--process', join(kitRoot(), 'no-such-provider-binary')]);
  assert.is(missing.code, 2);
  assert.match(missing.stderr, `the provider's program ${join(kitRoot(), 'no-such-provider-binary')} does not exist`);
  const unsandboxed = await runCli([
    'smoke',
    '--sandbox',
    'off',
    '--process',
    join(kitRoot(), 'no-such-provider-binary'),
  ]);
  assert.is(unsandboxed.code, 3);
  assert.match(unsandboxed.stdout, 'handshake: FAILED (start)');
  assert.is(liveGroupCount(), 0);
});

test('the gate, with a provider that cannot start, says why once, with its stderr, and points to smoke', async () => {
  const r = await runGateCli([
    ...fake('banner'),
    '--category',
    'stale',
    '--metamorphic',
    '0',
    '--start-timeout-ms',
    '5000',
  ]);
  assert.is(r.code, 3);
  const reason = r.report?.gate.reasons[0] ?? '';
  assert.match(
    reason,
    'the provider could not start: header line is not printable ASCII; its stderr ends: my-provider: loading',
  );
  assert.match(reason, '(kofun-ctk smoke with the same provider options shows its stdout and stderr)');
  assert.match(
    r.stdout,
    '  - the provider could not start: header line is not printable ASCII; its stderr ends: my-provider: ' +
      'loading \\u{1b}]0;title\\u{7}config',
  );
  assert.not.ok(CONTROL.test(r.stdout), 'a raw control byte reached the console');
  assert.is(liveGroupCount(), 0);
});

test('usage: no provider, or an unknown vector, is exit 2 with a suggestion', async () => {
  assert.is((await runCli(['smoke'])).code, 2);
  const v = kitVectors().queryVectors[0];
  const r = await runCli(['smoke', '--provider', 'reference', '--id', (v?.id ?? '').slice(0, -1)]);
  assert.is(r.code, 2);
  assert.match(r.stderr, `(did you mean ${v?.id ?? ''}?)`);
});

test.run();
