/**
 * `run --hermetic` end to end. In the sandbox (the default) a seccomp program enforces KD-TRUST-10: a provider that
 * opens a socket or starts a process while it answers a query is ended by the kernel at that call, its vector an ERROR
 * `hermetic` naming KD-TRUST-09 and KD-TRUST-10, whether or not it looks for a tracer (nothing is traced); one that
 * does so before its handshake cannot start. With `--sandbox off`, strace observes instead: such a query FAILs, effects
 * at start-up blame no vector, and a missing or refused strace is said in the report with nothing claimed observed.
 * The reference oracle passes both ways; no process is left. Where ptrace is not permitted, the tracing tests say so.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { schemaViolations } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { liveGroupCount } from '../io/process-group.js';
import type { GateReport } from '../report/gate-report.js';
import {
  judgementOf,
  kitModulePath,
  requestSha,
  runGateCli,
  threeStaleVectors,
  tsArgv,
} from '../test-support/run-helpers.js';
import { probeStrace } from './probe-strace.js';

const probe = probeStrace('strace');
const traceable = probe.ok;
if (!probe.ok)
  console.log(`note: strace cannot trace here (${probe.reason}); the --sandbox off tests check the not-observed path`);

/**
 * The seccomp program forbids starting a process, and the TypeScript loader starts its compiler as one: the enforced
 * tests need the compiled tree `npm test` runs from (a file run alone through tsx checks the rest).
 */
const compiled = kitModulePath('runner/test-support/effectful-provider.ts').endsWith('.js');
if (!compiled)
  console.log('note: run from the TypeScript sources, whose loader starts a process: the enforced tests need npm test');

const HERMETIC_CLAUSES = ['KD-EFFECT-04', 'KD-TRUST-09', 'KD-TRUST-10'];
const OFF = ['--sandbox', 'off'];

/** A configuration for the effectful provider with `env`. */
function effectfulConfig(env: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-hermetic-test-'));
  const path = join(dir, 'provider.json');
  const argv = tsArgv('runner/test-support/effectful-provider.ts');
  writeFileSync(path, JSON.stringify({ name: 'effectful', process: { argv, env, mode: 'persistent' } }));
  return path;
}

/** Runs the three stale vectors with the effect aimed at the second; returns the report and the target's id. */
async function effectRun(env: Record<string, string>, extra: string[] = []) {
  const vs = threeStaleVectors();
  const target = vs[1];
  if (target === undefined) throw new Error('too few stale vectors');
  const config = effectfulConfig({ ...env, KCTK_TARGET_REQUEST_SHA256: requestSha(target) });
  const ids = vs.flatMap((v) => ['--id', v.id]);
  const r = await runGateCli([
    '--config',
    config,
    ...ids,
    '--metamorphic',
    '0',
    '--fresh',
    '0',
    '--hermetic',
    ...extra,
  ]);
  assert.is(liveGroupCount(), 0);
  return { ...r, targetId: target.id, otherIds: vs.filter((v) => v !== target).map((v) => v.id) };
}

function conforms(report: GateReport | undefined): void {
  assert.ok(report !== undefined, 'a JSON report');
  assert.equal(schemaViolations('kofun.ctk.report/v1', report), []);
}

/** The target is an ERROR `hermetic` naming KD-TRUST-09 and KD-TRUST-10; the others PASS; the gate fails. */
function endedAtTheCall(r: Awaited<ReturnType<typeof effectRun>>): void {
  conforms(r.report);
  const target = judgementOf(r.report, r.targetId);
  assert.is(target.verdict, 'ERROR', JSON.stringify(target));
  assert.is(target.error?.kind, 'hermetic');
  assert.match(target.error?.message ?? '', 'the kernel ended the provider at a call --hermetic forbids');
  assert.equal(target.fail_clauses, ['KD-TRUST-09', 'KD-TRUST-10']);
  assert.is(target.clause_source, 'hermetic');
  for (const id of r.otherIds) assert.is(judgementOf(r.report, id).verdict, 'PASS', id);
  // It is reproduced by the gate under the same enforcement.
  assert.match(target.reproduce ?? '', / run --config .* --id \S+ --metamorphic 0 --hermetic$/);
  const h = r.report?.hermetic;
  assert.is(h?.facility, 'seccomp program loaded by bubblewrap');
  assert.equal(h?.enforced?.map((c) => c.what).sort(), ['network', 'process-start']);
  assert.equal(h?.observed, []);
  // What stays neither enforced nor observed is named.
  assert.equal(h?.not_observed.map((c) => c.what).sort(), ['clock', 'file-read', 'process-start', 'random']);
  assert.is(h?.vectors_with_effects, 1);
  assert.is(r.code, 1);
}

if (compiled) {
  test('in the sandbox, a socket opened during a query ends the provider there: ERROR hermetic', async () => {
    const events = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-hermetic-events-')), 'events.jsonl');
    const r = await effectRun({ KCTK_EFFECT: 'socket' }, ['--events', events]);
    endedAtTheCall(r);
    // The section travels in the run-end event, so a report rebuilt from the recorded events keeps it.
    const lines = readFileSync(events, 'utf8').trimEnd().split('\n');
    const end = JSON.parse(lines.at(-1) ?? '{}') as { event?: string; hermetic?: unknown };
    assert.equal(end.hermetic, r.report?.hermetic);
    assert.equal(schemaViolations('kofun.ctk.events/v1', end), []);
    assert.match(r.stdout, 'hermetic: process starts and network sockets enforced by a seccomp program');
  });

  test('in the sandbox, a provider starting a process only when no tracer watches is ended all the same', async () => {
    const r = await effectRun({ KCTK_EFFECT: 'spawn', KCTK_EFFECT_WHEN: 'untraced' });
    endedAtTheCall(r);
  });

  test('in the sandbox, a process started before the handshake: the provider cannot start (exit 3)', async () => {
    const r = await effectRun({ KCTK_EFFECT: 'spawn', KCTK_EFFECT_AT: 'start-up' });
    conforms(r.report);
    assert.is(r.code, 3, r.stdout);
    for (const v of r.report?.vectors ?? []) assert.is(v.verdict, 'NOT-RUN', v.id);
    assert.match(r.report?.gate.reasons.join(' ') ?? '', 'the kernel ended the provider at a call --hermetic forbids');
  });

  test('in the sandbox, a one-shot provider that starts a process: ERROR hermetic', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-hermetic-test-'));
    const config = join(dir, 'provider.json');
    const argv = [process.execPath, join(kitRoot(), 'runner/test-support/effectful-one-shot.mjs')];
    writeFileSync(config, JSON.stringify({ name: 'effectful one-shot', process: { argv, mode: 'one-shot' } }));
    const id = threeStaleVectors()[0]?.id ?? '';
    const r = await runGateCli(['--config', config, '--id', id, '--metamorphic', '0', '--fresh', '0', '--hermetic']);
    assert.is(liveGroupCount(), 0);
    conforms(r.report);
    const j = judgementOf(r.report, id);
    assert.is(j.error?.kind, 'hermetic', JSON.stringify(j));
    assert.equal(j.fail_clauses, ['KD-TRUST-09', 'KD-TRUST-10']);
  });

  test('the reference oracle under --hermetic passes, in the sandbox and traced outside it', async () => {
    const inside = await runGateCli([
      '--provider',
      'reference',
      '--category',
      'stale',
      '--hermetic',
      '--metamorphic',
      '2',
    ]);
    assert.is(liveGroupCount(), 0);
    conforms(inside.report);
    assert.is(inside.code, 0, inside.stdout);
    assert.is(inside.report?.hermetic?.vectors_with_effects, 0);
    if (!traceable) return;
    const args = ['--provider', 'reference', '--category', 'stale', '--hermetic', '--metamorphic', '2', ...OFF];
    const outside = await runGateCli(args);
    conforms(outside.report);
    assert.is(outside.code, 0, outside.stdout);
    assert.is(outside.report?.hermetic?.ran, true);
    assert.equal(outside.report?.hermetic?.enforced, []);
    assert.ok((outside.report?.vectors ?? []).every((v) => !v.violations.some((x) => x.code.startsWith('hermetic-'))));
    assert.match(outside.stdout, /hermetic: nothing enforced \(the sandbox is off: observed only\); strace .* traced/);
  });
}

/** The report says nothing hermetic was observed, and why. */
function notObserved(report: GateReport | undefined, reason: RegExp): void {
  const h = report?.hermetic;
  assert.ok(h !== undefined, 'a hermetic section');
  assert.is(h.ran, false);
  assert.is(h.facility, null);
  assert.match(h.reason ?? '', reason);
  assert.equal(h.observed, []);
  assert.equal(h.enforced, []);
  const unobserved = new Set(h.not_observed.flatMap((c) => c.clauses));
  for (const clause of HERMETIC_CLAUSES) assert.ok(unobserved.has(clause), clause);
  assert.equal(h.not_observed.map((c) => c.what).sort(), ['clock', 'file-read', 'network', 'process-start', 'random']);
}

if (traceable) {
  test('with the sandbox off, strace observes: a socket and a process FAIL their query; an evader passes', async () => {
    const r = await effectRun({ KCTK_EFFECT: 'both' }, OFF);
    conforms(r.report);
    const target = judgementOf(r.report, r.targetId);
    assert.is(target.verdict, 'FAIL');
    assert.is(target.clause_source, 'hermetic');
    assert.equal(target.fail_clauses, HERMETIC_CLAUSES);
    const network = target.violations.filter((v) => v.code === 'hermetic-network');
    assert.ok(network.some((v) => /^pid \d+ at \d+\.\d{6}: socket\(AF_INET, /.test(v.actual ?? '')));
    const started = target.violations.filter((v) => v.code === 'hermetic-process');
    assert.ok(started.some((v) => /execve\(/.test(v.actual ?? '')));
    for (const id of r.otherIds) assert.is(judgementOf(r.report, id).verdict, 'PASS', id);
    assert.is(r.report?.hermetic?.vectors_with_effects, 1);
    assert.is(r.code, 1);
    assert.match(target.reproduce ?? '', / run --config .* --sandbox off --id \S+ --metamorphic 0 --hermetic$/);
    // Observation only: a provider that looks for its tracer behaves while traced. The sandbox's test above is the
    // one that catches it.
    const evader = await effectRun({ KCTK_EFFECT: 'spawn', KCTK_EFFECT_WHEN: 'untraced' }, OFF);
    assert.is(judgementOf(evader.report, evader.targetId).verdict, 'PASS');
  });

  test('with the sandbox off, effects at start-up blame no vector and are counted outside', async () => {
    const r = await effectRun({ KCTK_EFFECT: 'both', KCTK_EFFECT_AT: 'start-up' }, OFF);
    conforms(r.report);
    assert.is(r.code, 0);
    for (const v of r.report?.vectors ?? []) assert.is(v.verdict, 'PASS', v.id);
    assert.ok((r.report?.hermetic?.effects_outside_queries ?? 0) >= 4);
    assert.is(r.report?.hermetic?.vectors_with_effects, 0);
  });
}

test('with the sandbox off, strace missing or refused: said once, nothing observed or judged', async () => {
  const r = await effectRun({ KCTK_EFFECT: 'both' }, [...OFF, '--strace', '/nonexistent/strace']);
  conforms(r.report);
  notObserved(r.report, /^strace \/nonexistent\/strace not found$/);
  assert.is(r.stdout.match(/hermetic: not observed/g)?.length, 1);
  assert.is(judgementOf(r.report, r.targetId).verdict, 'PASS');
  assert.is(r.code, 0);
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-hermetic-test-'));
  const fake = join(dir, 'strace');
  writeFileSync(fake, '#!/bin/sh\necho "strace: PTRACE_TRACEME: Operation not permitted" >&2\nexit 1\n');
  chmodSync(fake, 0o755);
  const refused = await effectRun({ KCTK_EFFECT: 'spawn' }, [...OFF, '--strace', fake]);
  conforms(refused.report);
  notObserved(refused.report, /cannot trace here.*PTRACE_TRACEME: Operation not permitted/);
});

test('--hermetic with an in-thread module is a usage error (exit 2) with a one-line reason', async () => {
  const module = join(kitRoot(), 'runner/adapters/reference-provider.ts');
  const r = await runGateCli(['--module', module, '--module-in-thread', '--hermetic', '--category', 'stale', ...OFF]);
  assert.is(r.code, 2);
  const lines = r.stderr.trim().split('\n');
  assert.is(lines.length, 1, r.stderr);
  assert.match(lines[0] ?? '', /--hermetic cannot trace an in-thread module/);
  assert.is(r.report, undefined);
});

test.run();
