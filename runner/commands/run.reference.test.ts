/**
 * The reference oracle passes the gate through every adapter, and no provider process
 * outlives a run. Small vector subsets keep this fast.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { liveGroupCount } from '../io/process-group.js';
import { kitVectors, runGateCli } from '../test-support/run-helpers.js';

const stale = (): string[] =>
  kitVectors()
    .queryVectors.filter((v) => v.category === 'stale')
    .map((v) => v.id);

test('process adapter (kofun-ctk serve): the stale category passes, metamorphic variants included', async () => {
  const r = await runGateCli(['--provider', 'reference', '--category', 'stale', '--metamorphic', '3', '--seed', '11']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.is(r.report?.counts.PASS, stale().length);
  assert.is(r.report?.provider?.adapter, 'process-persistent');
  assert.is(r.report?.provider?.name, 'kofun-ctk reference oracle');
  assert.is(r.report?.vectors.filter((v) => v.metamorphic?.ok === true).length, 3);
  assert.is(r.report?.vector_set_sha256, kitVectors().vectorSetSha256);
  assert.match(r.stdout, /metamorphic: 3 vectors, seed 11/);
  assert.is(liveGroupCount(), 0);
});

test('module adapter (worker thread): the stale category passes', async () => {
  const r = await runGateCli([
    '--provider',
    'reference',
    '--adapter',
    'module',
    '--category',
    'stale',
    '--metamorphic',
    '0',
  ]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.is(r.report?.counts.PASS, stale().length);
  assert.is(r.report?.provider?.adapter, 'module');
});

test('one-shot adapter (kofun-ctk serve --one-shot): two vectors pass', async () => {
  const ids = stale().slice(0, 2);
  const r = await runGateCli([
    '--provider',
    'reference',
    '--adapter',
    'one-shot',
    ...ids.flatMap((id) => ['--id', id]),
    '--metamorphic',
    '0',
  ]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.is(r.report?.counts.PASS, 2);
  assert.is(liveGroupCount(), 0);
});

test('the Python example passes the stale and invalid categories from its configuration file', async () => {
  const config = join(kitRoot(), 'examples', 'python-provider', 'provider-config.json');
  const r = await runGateCli([
    '--config',
    config,
    '--category',
    'invalid',
    '--category',
    'stale',
    '--metamorphic',
    '0',
    '--allow-missing-features',
  ]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.is(r.report?.provider?.name, 'python example provider');
  assert.is(liveGroupCount(), 0);
});

test('usage errors exit 2: no provider, no matching vector, a corrupt vector folder', async () => {
  assert.is((await runGateCli(['--category', 'stale'])).code, 2);
  assert.is((await runGateCli(['--provider', 'reference', '--category', 'no-such-category'])).code, 2);
  assert.is((await runGateCli(['--provider', 'reference', '--vectors', join(kitRoot(), 'oracle')])).code, 2);
  assert.is((await runGateCli(['--process', 'a | b'])).code, 2);
});

test('a provider that cannot start exits 3 with every vector NOT-RUN, started once', async () => {
  // A program that ends at once without a hello (one that does not exist is refused before the run: exit 2).
  const r = await runGateCli(['--process', '/bin/false', '--category', 'stale', '--metamorphic', '0']);
  assert.is(r.code, 3);
  assert.is(r.report?.counts['NOT-RUN'], stale().length);
  assert.ok(r.report?.gate.reasons.some((x) => x.includes('could not start')));
  // One start for the run: no restart, and no later phase tries again.
  assert.not.match(r.stdout, 'restarted');
  assert.is(liveGroupCount(), 0);
});

test.run();
