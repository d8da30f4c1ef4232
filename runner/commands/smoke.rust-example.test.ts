/**
 * The Rust skeleton of examples/rust-provider/ builds with the standard library alone (rustc, no crate fetched) and
 * passes `kofun-ctk smoke`: the handshake with its features declared missing, one fixture load and one query, no byte
 * outside the frames. Where rustc is not installed the test says so (a `note:` line) instead of passing silently.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { runCli } from '../test-support/run-cli.js';

test('the Rust skeleton builds from the standard library and passes smoke', async () => {
  const binary = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-rust-example-')), 'kofun-rust-provider');
  const source = join(kitRoot(), 'examples', 'rust-provider', 'src', 'main.rs');
  const built = spawnSync('rustc', ['--edition', '2021', '-O', source, '-o', binary], { encoding: 'utf8' });
  if (built.error !== undefined && (built.error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.log('note: rustc is not installed; the Rust example was neither built nor smoked');
    return;
  }
  assert.is(built.status, 0, built.stderr);
  assert.not.match(built.stderr, /warning/, built.stderr);
  const r = await runCli(['smoke', '--process', binary, '--trace']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(
    r.stdout,
    'features declared missing: explain-operation, include-unavailable, release-cost, step-budget',
  );
  assert.match(r.stdout, 'query: answered with an error frame unsupported');
  assert.match(r.stdout, 'stdout: no byte outside the frames');
  assert.match(r.stdout, 'smoke PASSED: rust skeleton provider 0.1.0');
});

test.run();
