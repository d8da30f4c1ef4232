/**
 * `kofun-ctk repro <vector-id>`: runs one vector against the provider and writes a
 * folder a provider author can work from: the fixture, the request, the expected and
 * acceptable results, the actual bytes (or the error), the judgement, the transcript of
 * the frames a persistent provider was sent and sent back (which `kofun-ctk replay` sends
 * again), and the commands that reproduce it.
 *
 * The folder never shows the answer first: its marker (runner/io/repro-folder-marker.ts) is written before anything
 * else, what an earlier repro left there that holds an answer is removed, and the expected bytes (with everything
 * derived from them) are written only once the provider has answered and every process of it has ended.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
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
import { readVectorWithFixture } from '../vectors/read-vector-with-fixture.js';
import { loadVectorSet, type QueryVector, type VectorSet } from '../vectors/vector-source.js';
import type { ProviderLauncher } from '../adapters/provider-connection.js';
import { readProviderPlan, readTimeouts } from '../run/run-plan.js';
import type { Register } from '../io/cli-io.js';
import { providerArgs, sandboxArgs } from '../run/reproduce-command.js';
import { suggestName } from '../io/suggest-name.js';
import { addProviderOptions, ignoreClosedOutput, RUN_DEFAULTS } from '../io/cli-options.js';
import { writeOutputFile } from '../io/write-output-file.js';
import { DEFAULT_REPRO_FOLDER, REPRO_FOLDER_MARKER, reproMarkerBytes } from '../io/repro-folder-marker.js';
import { readTranscript, TRANSCRIPT_FILES, TranscriptRecorder, transcriptListing } from '../protocol/transcript.js';

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
    .option(
      '--dir <dir>',
      'output folder (default: kofun-ctk-repro/<vector-id with each "/" as "__">, ' +
        'e.g. kofun-ctk-repro/stale__wrong-file)',
    )
    .option('--timeout-ms <ms>', 'timeout for the fixture load and the query', String(RUN_DEFAULTS.timeoutMs))
    .option('--start-timeout-ms <ms>', 'timeout for the provider to start', String(RUN_DEFAULTS.startTimeoutMs))
    .action(async (id: string, opts: ReproOptions) => {
      done(await repro(id, opts, io));
    });
};

/** The folder repro writes by default for `id`: `kofun-ctk-repro/` and the id, each run of other characters `__`. */
export function defaultReproFolder(id: string): string {
  return join(DEFAULT_REPRO_FOLDER, id.replace(/[^A-Za-z0-9._-]+/g, '__'));
}

/**
 * Files an earlier repro may have left in the folder that hold or show an answer (the expected bytes, or a diff,
 * judgement or summary made from them): removed before the provider starts, so none is there while it runs.
 */
function isAnswerFile(name: string): boolean {
  return (
    [
      'expected.json',
      'judgement.json',
      'diff.txt',
      'README.md',
      'command.txt',
      'actual.bin',
      'actual-error.txt',
    ].includes(name) || /^acceptable-.*\.json$/.test(name)
  );
}

function removeEarlierAnswers(out: string): void {
  for (const name of readdirSync(out)) if (isAnswerFile(name)) rmSync(join(out, name), { force: true });
  rmSync(join(out, 'transcript'), { recursive: true, force: true });
}

async function repro(id: string, opts: ReproOptions, io: Parameters<Register>[1]): Promise<number> {
  ignoreClosedOutput(io);
  const timeouts = readTimeouts(opts);
  const provider = readProviderPlan(opts);
  const config = resolveProvider(provider.given, io.cwd);
  const vectorsDir = opts.vectors === undefined ? join(kitRoot(), 'vectors') : resolve(io.cwd, opts.vectors);
  const { set, vector, fixtureBytes } = readReproVector(id, vectorsDir);
  const out = resolve(io.cwd, opts.dir ?? defaultReproFolder(id));
  mkdirSync(out, { recursive: true });
  // The marker first: from now on the folder is known for one that holds answers.
  writeOutputFile(join(out, REPRO_FOLDER_MARKER), reproMarkerBytes(id, kitVersion()));
  removeEarlierAnswers(out);
  // What the provider is given, and nothing it is to answer.
  writeOutputFile(join(out, 'fixture.json'), fixtureBytes);
  writeOutputFile(join(out, 'request.bin'), vector.request);

  const sandbox = openProviderSandbox(
    provider.sandbox,
    config,
    { vectorSets: [vectorsDir], outputs: [{ path: out, what: 'the repro folder' }], cwd: io.cwd, env: io.env },
    relocatedSpec(config.spec),
  );
  const spec = sandbox.on ? relocatedSpec(config.spec) : config.spec;
  // A persistent process and a module's host process speak frames; a one-shot process has none to record.
  const framed = !(spec.kind === 'process' && spec.mode === 'one-shot') && !(spec.kind === 'module' && spec.inThread);
  const recorder = new TranscriptRecorder();
  const removeSignals = installSignalCleanup(EXIT.incomplete);
  let ran: ReproRun;
  try {
    const launch = launcherFor(spec, { kitVersion: kitVersion(), sandbox, ...(framed ? { observer: recorder } : {}) });
    ran = await runOnce(launch, set, vector, fixtureBytes, timeouts);
  } finally {
    killAllGroups();
    sandbox.dispose();
    removeSignals();
  }
  // Every process of the provider has ended: only now do the expected bytes go into the folder.
  writeOutputFile(join(out, 'expected.json'), vector.expected);
  for (const alt of vector.acceptable)
    writeOutputFile(join(out, `acceptable-${alt.name.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`), alt.bytes);
  for (const [name, data] of ran.later) writeOutputFile(join(out, name), data);
  if (framed) writeTranscript(out, recorder);
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
  const replay = quote(['npx', 'kofun-ctk', 'replay', out, ...providerArgs(opts, io.cwd), ...sandboxArgs(opts)]);
  const readme = reproReadme({ id, set, vector, framed, summary: ran.summary, rerun, replay });
  writeOutputFile(join(out, 'README.md'), readme.join('\n'));
  writeOutputFile(join(out, 'command.txt'), `${rerun}\n`);
  io.stdout.write(`${ran.summary.join('\n')}\nrepro folder: ${out}\nreproduce: ${rerun}\n`);
  if (framed) io.stdout.write(`replay: ${replay}\n`);
  return ran.exit;
}

/** The vector `id` of the set, read just after its check, with its fixture; an unknown id is a usage error. */
function readReproVector(
  id: string,
  vectorsDir: string,
): { set: VectorSet; vector: QueryVector; fixtureBytes: Uint8Array } {
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
  return { set, ...readVectorWithFixture(set, entry) };
}

/** What one run of the vector found: the exit code, the summary lines, and the files written once it has ended. */
interface ReproRun {
  exit: number;
  summary: string[];
  later: [string, string | Uint8Array][];
}

/** Starts the provider, loads the fixture, asks the query once and judges the answer; never throws for its faults. */
async function runOnce(
  launch: ProviderLauncher,
  set: VectorSet,
  vector: QueryVector,
  fixtureBytes: Uint8Array,
  timeouts: { timeoutMs: number; startTimeoutMs: number },
): Promise<ReproRun> {
  const summary: string[] = [];
  const later: [string, string | Uint8Array][] = [];
  const started = await launch({ timeoutMs: timeouts.startTimeoutMs });
  if (!started.ok) {
    const e = errorFromFault(started.fault);
    later.push(['actual-error.txt', `${e.kind}: ${e.message}\n${e.stderr_tail ?? ''}`]);
    summary.push(`provider could not start: ${e.message}`);
    return { exit: EXIT.incomplete, summary, later };
  }
  const connection = started.value;
  summary.push(`provider: ${describeProvider(connection.identity)}`);
  const loaded = await connection.loadFixture(vector.fixtureSha256, fixtureBytes, timeouts.timeoutMs);
  const outcome = loaded.ok ? await connection.query(vector.fixtureSha256, vector.request, timeouts.timeoutMs) : loaded;
  await connection.close();
  if (outcome.ok) later.push(['actual.bin', outcome.value]);
  const { judgement } = judgeFromSet(set, vector, outcome, connection.identity.interpretations);
  later.push(['judgement.json', `${JSON.stringify(judgement, null, 2)}\n`]);
  if (judgement.error)
    later.push([
      'actual-error.txt',
      `${judgement.error.kind}: ${judgement.error.message}\n${judgement.error.stderr_tail ?? ''}`,
    ]);
  if (judgement.diff) later.push(['diff.txt', judgement.diff]);
  summary.push(`verdict: ${judgement.verdict}`);
  if (judgement.fail_clauses.length > 0) summary.push(`clauses: ${judgement.fail_clauses.join(' ')}`);
  if (judgement.difference)
    for (const l of differenceLines(judgement.difference, 'terminal')) summary.push(`${'  '.repeat(l.depth)}${l.text}`);
  for (const v of judgement.violations) summary.push(formatViolation(v));
  const exit =
    judgement.verdict === 'PASS' || judgement.verdict === 'ACCEPTABLE'
      ? EXIT.ok
      : judgement.verdict === 'NOT-RUN'
        ? EXIT.incomplete
        : EXIT.failed;
  return { exit, summary, later };
}

/** The folder's README.md: what each file is, what the run found, and the commands that reproduce it. */
function reproReadme(r: {
  id: string;
  set: VectorSet;
  vector: QueryVector;
  framed: boolean;
  summary: readonly string[];
  rerun: string;
  replay: string;
}): string[] {
  const { vector, framed } = r;
  const acceptable = vector.acceptable.map((a) => escapeText(a.name));
  return [
    `# kofun-ctk repro: ${escapeText(r.id)}`,
    '',
    `- vector set: ${r.set.vectorSetSha256}`,
    `- kit: kofun-ctk ${escapeText(kitVersion())}`,
    `- fixture: fixture.json (sha256 ${vector.fixtureSha256})`,
    `- request: request.bin (sha256 ${sha256Hex(vector.request)}, ${vector.request.length} bytes, sent exactly)`,
    `- expected: expected.json${acceptable.length > 0 ? `; acceptable alternatives: ${acceptable.join(', ')}` : ''}`,
    '- actual: actual.bin (or actual-error.txt), judgement.json, diff.txt',
    framed
      ? `- transcript: ${TRANSCRIPT_FILES.sent} (every frame sent, exact bytes), ${TRANSCRIPT_FILES.received} ` +
        `(what the provider wrote to stdout), ${TRANSCRIPT_FILES.frames} (one line per frame)`
      : '- transcript: none (a one-shot provider is sent no frames)',
    `- intent: ${escapeText(vector.intent)}`,
    `- clauses: ${vector.clauses.join(' ')}; interpretations: ${vector.interpretations.join(' ')}`,
    `- ${REPRO_FOLDER_MARKER}: marks this folder as one holding a vector's answers ` +
      '(the runner hides it from providers)',
    '',
    ...r.summary.map((s) => `    ${s}`),
    '',
    'Reproduce through the runner:',
    '',
    `    ${r.rerun}`,
    '',
    ...(framed
      ? [
          'Send the recorded frames again and compare the answers (wrap the provider command in a debugger if',
          'you like; raise --timeout-ms and --start-timeout-ms while it waits on a breakpoint):',
          '',
          `    ${r.replay}`,
          '',
          'Or without the kit: the provider reads the frames from stdin and its answers are in out.bin:',
          '',
          `    <provider argv...> < ${TRANSCRIPT_FILES.sent} > out.bin && cmp out.bin ${TRANSCRIPT_FILES.received}`,
          '',
        ]
      : []),
    'Or as a one-shot provider would be run (from this folder):',
    '',
    '    <provider argv...> fixture.json < request.bin > actual.bin && cmp actual.bin expected.json',
    '',
  ];
}

/** The transcript of the one instance repro ran, as recorded. */
function writeTranscript(out: string, recorder: TranscriptRecorder): void {
  const sent = recorder.sentBytes;
  const received = recorder.receivedBytes;
  writeOutputFile(join(out, TRANSCRIPT_FILES.sent), sent);
  writeOutputFile(join(out, TRANSCRIPT_FILES.received), received);
  writeOutputFile(
    join(out, TRANSCRIPT_FILES.frames),
    transcriptListing(readTranscript(sent, 'runner'), readTranscript(received, 'provider'), recorder.receivedTotal),
  );
}
