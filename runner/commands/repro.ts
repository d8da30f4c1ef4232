/**
 * `kofun-ctk repro <vector-id>`: runs one vector against the provider and writes a
 * folder a provider author can work from: the fixture, the request, the expected and
 * acceptable results, the actual bytes (or the error), the judgement, and the commands
 * that reproduce it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { quote } from 'shell-quote';
import { kitVersion, formatViolation, escapeText, sha256Hex } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { installSignalCleanup, killAllGroups } from '../io/process-group.js';
import { launcherFor, relocatedSpec, resolveProvider, type ProviderOptions } from '../adapters/provider-spec.js';
import { openProviderSandbox } from '../adapters/provider-sandbox.js';
import type { SandboxOptions } from '../sandbox/open-sandbox.js';
import { EXIT, UsageError } from '../io/cli-io.js';
import { errorFromFault } from '../judge/judge-vector.js';
import { judgeFromSet } from '../judge/judge-from-set.js';
import { describeProvider, differenceLines } from '../report/describe.js';
import { loadVectorSet } from '../vectors/vector-source.js';
import type { Register } from '../io/cli-io.js';
import { providerArgs, sandboxArgs } from '../run/reproduce-command.js';
import { suggestName } from '../io/suggest-name.js';
import { addProviderOptions, ignoreClosedOutput, intOption, RUN_DEFAULTS } from '../io/cli-options.js';

interface ReproOptions extends ProviderOptions, SandboxOptions {
  vectors?: string;
  dir?: string;
  timeoutMs: string;
  startTimeoutMs: string;
}

export const registerRepro: Register = (program: Command, io, done) => {
  addProviderOptions(
    program
      .command('repro')
      .description(
        'write a folder reproducing one vector: fixture, request, expected and actual bytes, and the command',
      )
      .argument('<vector-id>', 'the vector id, e.g. stale/wrong-file'),
  )
    .option('--vectors <dir>', 'vector folder (default: the vectors shipped with the kit)')
    .option('--dir <dir>', 'output folder (default: kofun-ctk-repro/<vector-id>)')
    .option('--timeout-ms <ms>', 'timeout for the fixture load and the query', String(RUN_DEFAULTS.timeoutMs))
    .option('--start-timeout-ms <ms>', 'timeout for the provider to start', String(RUN_DEFAULTS.startTimeoutMs))
    .action(async (id: string, opts: ReproOptions) => {
      done(await repro(id, opts, io));
    });
};

async function repro(id: string, opts: ReproOptions, io: Parameters<Register>[1]): Promise<number> {
  ignoreClosedOutput(io);
  const timeoutMs = intOption('--timeout-ms', opts.timeoutMs, 1);
  const startTimeoutMs = intOption('--start-timeout-ms', opts.startTimeoutMs, 1);
  const config = resolveProvider(opts, io.cwd);
  const vectorsDir = opts.vectors === undefined ? join(kitRoot(), 'vectors') : resolve(io.cwd, opts.vectors);
  const set = loadVectorSet(vectorsDir);
  const entry = set.queryVectors.find((v) => v.id === id);
  if (entry === undefined) {
    const suggestion = suggestName(
      id,
      set.queryVectors.map((v) => v.id),
    );
    throw new UsageError(
      `no query vector ${escapeText(id)} ` +
        `in ${vectorsDir}${suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`}`,
    );
  }
  // Read just after the check: a file changed in between is refused like a corrupt set (exit 2), never reproduced.
  const read = set.readVector(entry);
  if (!read.ok) throw new UsageError(read.reason);
  const vector = read.value;
  const fixture = set.readFixture(vector.fixtureSha256);
  if (!fixture.ok) throw new UsageError(fixture.reason);
  const fixtureBytes = fixture.value;
  const out = resolve(io.cwd, opts.dir ?? join('kofun-ctk-repro', id.replace(/[^A-Za-z0-9._-]+/g, '__')));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'fixture.json'), fixtureBytes);
  writeFileSync(join(out, 'request.bin'), vector.request);
  writeFileSync(join(out, 'expected.json'), vector.expected);
  for (const alt of vector.acceptable)
    writeFileSync(join(out, `acceptable-${alt.name.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`), alt.bytes);

  const sandbox = openProviderSandbox(
    opts,
    config,
    { vectorSets: [vectorsDir], outputs: [{ path: out, what: 'the repro folder' }], cwd: io.cwd, env: io.env },
    relocatedSpec(config.spec),
  );
  const spec = sandbox.on ? relocatedSpec(config.spec) : config.spec;
  const removeSignals = installSignalCleanup(EXIT.incomplete);
  let exit: number = EXIT.incomplete;
  const summary: string[] = [];
  try {
    const started = await launcherFor(spec, { kitVersion: kitVersion(), sandbox })({ timeoutMs: startTimeoutMs });
    if (!started.ok) {
      const e = errorFromFault(started.fault);
      writeFileSync(join(out, 'actual-error.txt'), `${e.kind}: ${e.message}\n${e.stderr_tail ?? ''}`);
      summary.push(`provider could not start: ${e.message}`);
    } else {
      const connection = started.value;
      summary.push(`provider: ${describeProvider(connection.identity)}`);
      const loaded = await connection.loadFixture(vector.fixtureSha256, fixtureBytes, timeoutMs);
      const outcome = loaded.ok ? await connection.query(vector.fixtureSha256, vector.request, timeoutMs) : loaded;
      await connection.close();
      if (outcome.ok) writeFileSync(join(out, 'actual.bin'), outcome.value);
      const { judgement } = judgeFromSet(set, vector, outcome, connection.identity.interpretations);
      writeFileSync(join(out, 'judgement.json'), `${JSON.stringify(judgement, null, 2)}\n`);
      if (judgement.error)
        writeFileSync(
          join(out, 'actual-error.txt'),
          `${judgement.error.kind}: ${judgement.error.message}\n${judgement.error.stderr_tail ?? ''}`,
        );
      if (judgement.diff) writeFileSync(join(out, 'diff.txt'), judgement.diff);
      summary.push(`verdict: ${judgement.verdict}`);
      if (judgement.fail_clauses.length > 0) summary.push(`clauses: ${judgement.fail_clauses.join(' ')}`);
      if (judgement.difference)
        for (const l of differenceLines(judgement.difference, 'terminal'))
          summary.push(`${'  '.repeat(l.depth)}${l.text}`);
      for (const v of judgement.violations) summary.push(formatViolation(v));
      exit =
        judgement.verdict === 'PASS' || judgement.verdict === 'ACCEPTABLE'
          ? EXIT.ok
          : judgement.verdict === 'NOT-RUN'
            ? EXIT.incomplete
            : EXIT.failed;
    }
  } finally {
    killAllGroups();
    sandbox.dispose();
    removeSignals();
  }
  const rerun = quote([
    'npx',
    'kofun-ctk',
    'run',
    ...providerArgs(opts, io.cwd),
    ...sandboxArgs(opts),
    '--id',
    id,
    '--metamorphic',
    '0',
    ...(opts.vectors ? ['--vectors', vectorsDir] : []),
  ]);
  const acceptable = vector.acceptable.map((a) => escapeText(a.name));
  const lines = [
    `# kofun-ctk repro: ${escapeText(id)}`,
    '',
    `- vector set: ${set.vectorSetSha256}`,
    `- kit: kofun-ctk ${escapeText(kitVersion())}`,
    `- fixture: fixture.json (sha256 ${vector.fixtureSha256})`,
    `- request: request.bin (sha256 ${sha256Hex(vector.request)}, ${vector.request.length} bytes, sent exactly)`,
    `- expected: expected.json${acceptable.length > 0 ? `; acceptable alternatives: ${acceptable.join(', ')}` : ''}`,
    '- actual: actual.bin (or actual-error.txt), judgement.json, diff.txt',
    `- intent: ${escapeText(vector.intent)}`,
    `- clauses: ${vector.clauses.join(' ')}; interpretations: ${vector.interpretations.join(' ')}`,
    '',
    ...summary.map((s) => `    ${s}`),
    '',
    'Reproduce through the runner:',
    '',
    `    ${rerun}`,
    '',
    'Or as a one-shot provider would be run (from this folder):',
    '',
    '    <provider argv...> fixture.json < request.bin > actual.bin && cmp actual.bin expected.json',
    '',
  ];
  writeFileSync(join(out, 'README.md'), lines.join('\n'));
  writeFileSync(join(out, 'command.txt'), `${rerun}\n`);
  io.stdout.write(`${summary.join('\n')}\nrepro folder: ${out}\nreproduce: ${rerun}\n`);
  return exit;
}
