/**
 * `kofun-ctk smoke`: checks the connection to a provider before the gate runs: the handshake, one fixture load and
 * one query (PROTOCOL.md), with the provider options of `run`. Prints each step, the provider's stderr, the first
 * stdout bytes that are not part of a frame (escaped), and with --trace every frame header as it passes.
 * Exit status: 0 the provider speaks the protocol, 3 it does not (or could not start), 2 usage.
 */
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { escapeBytes, escapeText, kitVersion } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { killAllGroups } from '../io/process-group.js';
import { launcherFor, relocatedSpec, resolveProvider, type ProviderOptions } from '../adapters/provider-spec.js';
import { openProviderSandbox } from '../adapters/provider-sandbox.js';
import type { SandboxOptions } from '../sandbox/open-sandbox.js';
import { describeLimits, describeSandbox } from '../sandbox/describe-sandbox.js';
import { EXIT, UsageError, type Register } from '../io/cli-io.js';
import { addProviderOptions, ignoreClosedOutput, RUN_DEFAULTS } from '../io/cli-options.js';
import { describeProvider } from '../report/describe.js';
import { installRunInterruption } from '../run/run-interruption.js';
import { readProviderPlan, readTimeouts } from '../run/run-plan.js';
import { suggestName } from '../io/suggest-name.js';
import { readVectorWithFixture } from '../vectors/read-vector-with-fixture.js';
import { loadVectorSet } from '../vectors/vector-source.js';
import { runSmoke, smokeObserver, smokeVector, type SmokeOutcome, type StepOutcome } from '../smoke/run-smoke.js';

interface SmokeOptions extends ProviderOptions, SandboxOptions {
  vectors?: string;
  id?: string;
  timeoutMs: string;
  startTimeoutMs: string;
  trace?: boolean;
}

/** The most stray stdout bytes printed. */
const STRAY_SHOWN = 256;
/** The most stderr lines printed. */
const STDERR_LINES = 200;

export const registerSmoke: Register = (program: Command, io, done) => {
  addProviderOptions(
    program
      .command('smoke')
      .description('check that a provider speaks the protocol: handshake, one fixture load, one query'),
  )
    .option('--vectors <dir>', 'vector folder (default: the vectors shipped with the kit)')
    .option('--id <vector-id>', 'the vector to send (default: the first of the complete category)')
    .option('--timeout-ms <ms>', 'timeout for the fixture load and the query', String(RUN_DEFAULTS.timeoutMs))
    .option(
      '--start-timeout-ms <ms>',
      'timeout for the provider to start and finish its handshake',
      String(RUN_DEFAULTS.startTimeoutMs),
    )
    .option('--trace', 'print every frame header sent (>) and received (<)')
    .action(async (opts: SmokeOptions) => {
      done(await smoke(opts, io));
    });
};

async function smoke(opts: SmokeOptions, io: Parameters<Register>[1]): Promise<number> {
  ignoreClosedOutput(io);
  const { timeoutMs, startTimeoutMs } = readTimeouts(opts);
  const provider = readProviderPlan(opts);
  const config = resolveProvider(provider.given, io.cwd);
  const vectorsFolder = opts.vectors === undefined ? join(kitRoot(), 'vectors') : resolve(io.cwd, opts.vectors);
  const set = loadVectorSet(vectorsFolder);
  const entry = smokeVector(set, opts.id);
  if (entry === undefined) {
    const suggestion =
      opts.id === undefined
        ? undefined
        : suggestName(
            opts.id,
            set.queryVectors.map((v) => v.id),
          );
    const what = opts.id === undefined ? 'no query vector in the set' : `no query vector ${escapeText(opts.id)}`;
    throw new UsageError(`${what}${suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`}`);
  }
  const { vector, fixtureBytes } = readVectorWithFixture(set, entry);
  const out = (line: string): void => void io.stdout.write(`${line}\n`);
  const watch = smokeObserver(
    opts.trace ? (direction, header) => out(`${direction === 'sent' ? '>' : '<'} ${escapeText(header)}`) : undefined,
  );
  const wireObserved = config.spec.kind === 'process' && config.spec.mode === 'persistent';
  out(`kofun-ctk smoke: vector ${escapeText(vector.id)} (fixture ${vector.fixtureSha256})`);
  const interruption = installRunInterruption({
    exitCode: EXIT.incomplete,
    notify: (line) => io.stderr.write(`${line}\n`),
  });
  const sandbox = openProviderSandbox(
    provider.sandbox,
    config,
    { vectorSets: [vectorsFolder], outputs: [], cwd: io.cwd, env: io.env },
    relocatedSpec(config.spec),
  );
  out(escapeText(describeSandbox(sandbox.report)));
  if (sandbox.report.limits !== undefined) out(escapeText(describeLimits(sandbox.report.limits)));
  const spec = sandbox.on ? relocatedSpec(config.spec) : config.spec;
  let outcome: SmokeOutcome;
  try {
    outcome = await runSmoke({
      // Only a persistent process's own wire is checked (a module's host process speaks the kit's side of it).
      launcher: launcherFor(spec, {
        kitVersion: kitVersion(),
        sandbox,
        ...(wireObserved ? { observer: watch.observer } : {}),
      }),
      watch,
      wireObserved,
      set,
      vector,
      fixtureBytes,
      startTimeoutMs,
      timeoutMs,
    });
  } finally {
    killAllGroups();
    sandbox.dispose();
    interruption.dispose();
  }
  for (const line of describeSmoke(outcome)) out(line);
  return interruption.reason() === null && outcome.speaksProtocol ? EXIT.ok : EXIT.incomplete;
}

/** The report of one smoke check, every provider-controlled byte escaped. */
export function describeSmoke(o: SmokeOutcome): string[] {
  const lines: string[] = [];
  for (const s of o.steps) lines.push(describeStep(s, o));
  if (o.answer !== undefined)
    lines.push(
      `answer: ${o.answer.bytes} bytes, verdict ${o.answer.verdict} (information only; the gate judges answers)`,
    );
  if (!o.wireObserved)
    lines.push('stdout: not observed (a one-shot process writes its answer there; a module has no stdout of its own)');
  else if (o.strayBytes === 0) lines.push('stdout: no byte outside the frames');
  else {
    const shown = o.stray.subarray(0, STRAY_SHOWN);
    lines.push(
      `stdout: ${o.strayBytes} bytes outside any complete frame; the first ${shown.length}, escaped:`,
      `  "${escapeBytes(shown)}"`,
    );
  }
  if (o.wireObserved) {
    const text = o.stderrBytes === 0 ? [] : escapeBytes(o.stderr, { keepLines: true }).split('\n');
    if (text.at(-1) === '') text.pop();
    lines.push(
      o.stderrBytes === 0
        ? 'stderr: empty'
        : `stderr (${o.stderrBytes} bytes${o.stderrBytes > o.stderr.length ? `, the first ${o.stderr.length}` : ''}):`,
    );
    for (const l of text.slice(0, STDERR_LINES)) lines.push(`  | ${l}`);
    if (text.length > STDERR_LINES) lines.push(`  … ${text.length - STDERR_LINES} more lines`);
  }
  const failed = o.steps.find((s) => !s.ok);
  if (o.speaksProtocol)
    lines.push(`smoke PASSED: ${describeProvider(o.identity)} speaks kofun.ctk.provider-protocol/v1 (exit 0)`);
  else {
    const why = failed !== undefined ? `${failed.step} failed` : 'it wrote bytes outside the frames on stdout';
    lines.push(`smoke FAILED: the provider does not speak kofun.ctk.provider-protocol/v1: ${why} (exit 3)`);
  }
  return lines;
}

function describeStep(s: StepOutcome, o: SmokeOutcome): string {
  if (!s.ok) {
    const tail =
      'stderrTail' in s.fault && s.fault.stderrTail.length > 0 && !o.wireObserved
        ? `; stderr: ${escapeBytes(s.fault.stderrTail)}`
        : '';
    return `${s.step}: FAILED (${s.fault.kind}): ${escapeText(s.fault.message)}${tail}`;
  }
  if ('providerError' in s)
    return (
      `${s.step}: answered with an error ` +
      `frame ${escapeText(s.providerError.code)}: ${escapeText(s.providerError.message)}`
    );
  if (s.step === 'handshake') {
    const i = o.identity;
    const declared =
      i === null || i.interpretations.length === 0 ? 'none' : i.interpretations.map((x) => escapeText(x)).join(', ');
    const missing = i?.missing_features ?? [];
    const features = missing.length === 0 ? '' : `; features declared missing: ${missing.join(', ')}`;
    return `handshake: ok, ${describeProvider(i)}; interpretations declared: ${declared}${features}`;
  }
  return `${s.step}: ok`;
}
