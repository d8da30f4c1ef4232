/**
 * `kofun-ctk replay <folder>`: sends the frames a repro folder recorded (its transcript, runner/protocol/transcript.ts)
 * to a persistent provider, exactly as recorded and one at a time, each waiting for its reply as the runner does; then
 * prints each frame sent and the reply it got beside the reply recorded, and whether the answer to the query is the
 * expected one. The provider command may wrap the provider in a debugger (one that listens on a port needs
 * `--sandbox off`, since the sandbox has no network); the timeouts then want raising.
 *
 * Exit status: 0 the answer is the bytes of expected.json or of an acceptable alternative; 1 it is not (other bytes,
 * an error frame, no answer); 2 usage, or a folder that is not a repro folder with a transcript; 3 the provider did
 * not start. Replay judges one answer for its author, never a provider for the gate.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { escapeBytes, escapeText, kitVersion } from '../../oracle/index.js';
import { firstDifferingByte } from '../../oracle/internal.js';
import { moduleHostProcess } from '../adapters/module-process-launcher.js';
import { openProviderSandbox } from '../adapters/provider-sandbox.js';
import {
  startPersistentWire,
  type PersistentOptions,
  type ProcessCommand,
  type WireObserver,
} from '../adapters/persistent-process.js';
import type { ProviderFault } from '../adapters/provider-connection.js';
import {
  relocatedSpec,
  resolveProvider,
  type ProviderConfig,
  type ProviderOptions,
  type ProviderSpec,
} from '../adapters/provider-spec.js';
import { EXIT, UsageError, type CliIo, type Register } from '../io/cli-io.js';
import { addProviderOptions, ignoreClosedOutput, RUN_DEFAULTS } from '../io/cli-options.js';
import { installSignalCleanup, killAllGroups } from '../io/process-group.js';
import { readReproMarker } from '../io/repro-folder-marker.js';
import { errorFromFault } from '../judge/judge-vector.js';
import { unifiedDiff } from '../judge/unified-diff.js';
import { encodeFrame, FrameDecoder, type Frame } from '../protocol/frame.js';
import {
  MAX_FIXTURE_BYTES,
  MAX_HELLO_BYTES,
  MAX_QUERY_BYTES,
  providerFrameCap,
  runnerFrameCap,
} from '../protocol/messages.js';
import {
  frameHeader,
  MAX_RECEIVED_BYTES,
  readTranscript,
  TRANSCRIPT_FILES,
  type TranscriptRead,
} from '../protocol/transcript.js';
import { describeProvider } from '../report/describe.js';
import type { SandboxOptions } from '../sandbox/open-sandbox.js';
import { readProviderPlan, readTimeouts } from '../run/run-plan.js';

interface ReplayOptions extends ProviderOptions, SandboxOptions {
  timeoutMs: string;
  startTimeoutMs: string;
}

/** The largest sent.bin read: a hello, a fixture at the cap the runner sends, queries, a shutdown. */
const MAX_SENT_BYTES = 2 * MAX_HELLO_BYTES + MAX_FIXTURE_BYTES + 4 * MAX_QUERY_BYTES;
/** The largest expected or acceptable answer read (the contract's result cap, with room to spare). */
const MAX_ANSWER_BYTES = 2 * MAX_RECEIVED_BYTES;
/** The most diff lines printed for an answer that is not the expected one. */
const MAX_DIFF_LINES = 40;

export const registerReplay: Register = (program: Command, io, done) => {
  addProviderOptions(
    program
      .command('replay')
      .description(
        'send the frames a repro folder recorded to a persistent provider, and compare its answers with the ' +
          'recorded and the expected ones',
      )
      .argument('<folder>', 'a folder written by kofun-ctk repro (its transcript/sent.bin holds the frames)'),
  )
    .option('--timeout-ms <ms>', 'timeout for each reply after the hello', String(RUN_DEFAULTS.timeoutMs))
    .option(
      '--start-timeout-ms <ms>',
      'timeout for the provider to start and answer the hello',
      String(RUN_DEFAULTS.startTimeoutMs),
    )
    .action(async (folder: string, opts: ReplayOptions) => {
      done(await replay(folder, opts, io));
    });
};

/** Reads a file of the folder, refusing one over `max` bytes; undefined when it is not there. */
function readFolderFile(folder: string, name: string, max: number): Uint8Array | undefined {
  const path = join(folder, name);
  if (!existsSync(path)) return undefined;
  const size = statSync(path).size;
  if (size > max) throw new UsageError(`${escapeText(path)}: ${size} bytes, more than the ${max} a replay reads`);
  return new Uint8Array(readFileSync(path));
}

/** The answers the folder says are right: expected.json, then each acceptable-*.json. */
function rightAnswers(folder: string): { name: string; bytes: Uint8Array }[] {
  const expected = readFolderFile(folder, 'expected.json', MAX_ANSWER_BYTES);
  if (expected === undefined)
    throw new UsageError(`${escapeText(join(folder, 'expected.json'))} is missing: the repro did not finish`);
  const alternatives = readdirSync(folder)
    .filter((n) => /^acceptable-.*\.json$/.test(n))
    .sort();
  return [
    { name: 'expected.json', bytes: expected },
    ...alternatives.map((name) => ({
      name,
      bytes: readFolderFile(folder, name, MAX_ANSWER_BYTES) ?? new Uint8Array(),
    })),
  ];
}

/** The recorded frames to send, checked: whole frames the runner sends, a hello first. */
function framesToSend(folder: string): Frame[] {
  const path = join(folder, TRANSCRIPT_FILES.sent);
  const bytes = readFolderFile(folder, TRANSCRIPT_FILES.sent, MAX_SENT_BYTES);
  if (bytes === undefined)
    throw new UsageError(
      `${escapeText(path)} is missing: the repro was of a one-shot provider (no frames), or of an older kit`,
    );
  const sent = readTranscript(bytes, 'runner');
  if (sent.rest !== undefined)
    throw new UsageError(`${escapeText(path)} at byte ${sent.rest.offset}: ${sent.rest.message}`);
  const first = sent.frames[0]?.frame;
  if (first?.type !== 'hello') throw new UsageError(`${escapeText(path)} at byte 0: the first frame is not a hello`);
  return sent.frames.map((f) => f.frame);
}

/** The provider to replay to, refused before anything starts unless frames can be sent to it. */
function replayableProvider(opts: ReplayOptions, io: CliIo): ProviderConfig {
  const refuse = (why: string): never => {
    throw new UsageError(
      `replay sends frames, which only a persistent process or a module in its own process is spoken to with: ${why}` +
        '; a one-shot provider is run on the folder as its README says (<argv...> fixture.json < request.bin)',
    );
  };
  if (opts.oneShot === true || opts.adapter === 'one-shot') refuse('a one-shot provider is sent none');
  if (opts.moduleInThread === true) refuse('a module in a thread of the runner has no wire');
  const config = resolveProvider(opts, io.cwd);
  if (config.spec.kind === 'process' && config.spec.mode === 'one-shot')
    refuse('the configuration runs a one-shot provider');
  return config;
}

/** How the provider's process runs: a persistent process, or a module in its host process. */
function wireProcess(spec: ProviderSpec): { command: ProcessCommand; options: PersistentOptions } {
  if (spec.kind === 'module') return moduleHostProcess(spec.modulePath, spec.baseDir);
  return { command: spec.command, options: {} };
}

/** Whether two frames are the same message: type, id, ref and body bytes. */
function sameFrame(a: Frame, b: Frame): boolean {
  return a.type === b.type && a.id === b.id && a.ref === b.ref && Buffer.from(a.body).equals(Buffer.from(b.body));
}

/** How a reply compares with the recorded one at the same place. */
function againstRecording(reply: Frame | undefined, recorded: Frame | undefined, rest: TranscriptRead['rest']): string {
  if (reply === undefined && recorded === undefined)
    return rest === undefined ? 'none recorded either' : `recorded: not a frame (${rest.message})`;
  if (recorded === undefined) return rest === undefined ? 'none recorded' : `recorded: not a frame (${rest.message})`;
  if (reply === undefined) return `recorded: ${frameHeader(recorded)}`;
  if (sameFrame(reply, recorded)) return 'as recorded';
  const body =
    reply.type === recorded.type && reply.id === recorded.id && reply.ref === recorded.ref
      ? `; bodies differ from byte ${firstDifferingByte(reply.body, recorded.body)}`
      : '';
  return `recorded: ${frameHeader(recorded)}${body}`;
}

async function replay(folderArg: string, opts: ReplayOptions, io: CliIo): Promise<number> {
  ignoreClosedOutput(io);
  const { timeoutMs, startTimeoutMs } = readTimeouts(opts);
  const provider = readProviderPlan(opts);
  const folder = resolve(io.cwd, folderArg);
  const marker = readReproMarker(folder);
  if (!marker.ok) throw new UsageError(marker.message);
  const toSend = framesToSend(folder);
  const recordedBytes = readFolderFile(folder, TRANSCRIPT_FILES.received, MAX_RECEIVED_BYTES) ?? new Uint8Array();
  const recorded = readTranscript(recordedBytes, 'provider');
  const answers = rightAnswers(folder);
  const config = replayableProvider(opts, io);
  // The folder holds the answers: hidden from the provider like the vector set, never writable by it.
  const sandbox = openProviderSandbox(
    provider.sandbox,
    config,
    { vectorSets: [], outputs: [{ path: folder, what: 'the repro folder' }], cwd: io.cwd, env: io.env },
    relocatedSpec(config.spec),
  );
  const wire = wireProcess(sandbox.on ? relocatedSpec(config.spec) : config.spec);
  const out = (line: string): void => void io.stdout.write(`${line}\n`);
  out(`kofun-ctk replay: ${escapeText(folder)} (vector ${escapeText(marker.vector)}, ${toSend.length} frames)`);

  const { observer, sentFrames, replies, stderrRest } = replayObserver(io);
  const removeSignals = installSignalCleanup(EXIT.incomplete);
  let fault: ProviderFault | undefined;
  let started = false;
  try {
    const hello = toSend[0] as Frame;
    const start = await startPersistentWire(
      wire.command,
      kitVersion(),
      { ...wire.options, sandbox, helloFrame: encodeFrame(hello.type, hello.id, hello.ref, hello.body) },
      observer,
      undefined,
      startTimeoutMs,
    );
    if (!start.ok) fault = start.fault;
    else {
      started = true;
      const connection = start.value;
      out(`provider: ${describeProvider(connection.identity)}`);
      // The recorded shutdown is the one close() sends (the same bytes), so an instance is never asked twice.
      const rest = toSend.slice(1);
      for (const frame of rest.at(-1)?.type === 'shutdown' ? rest.slice(0, -1) : rest) {
        const reply = await connection.exchange(frame, timeoutMs);
        if (!reply.ok) {
          fault = reply.fault;
          break;
        }
      }
      await connection.close();
    }
  } finally {
    killAllGroups();
    sandbox.dispose();
    removeSignals();
  }
  const unterminated = stderrRest();
  if (unterminated.length > 0) io.stderr.write(`provider stderr: ${escapeBytes(unterminated)}\n`);

  const differing = listAgainstRecording(sentFrames, replies, recorded, out);
  if (fault !== undefined) {
    const e = errorFromFault(fault);
    out(`provider ${started ? 'stopped answering' : 'did not start'}: ${e.kind}: ${e.message}`);
  }
  out(
    differing === 0
      ? 'recording: every reply as recorded'
      : `recording: ${differing} repl${differing === 1 ? 'y differs' : 'ies differ'} from the recording`,
  );
  if (!started) return EXIT.incomplete;
  return judgeAnswer(toSend, replies, answers, out);
}

/**
 * What the provider sends back, decoded as the runner decodes it, and what it was sent; its stderr shown as it comes,
 * line by line (`stderrRest`: the last line, unterminated).
 */
function replayObserver(io: CliIo): {
  observer: WireObserver;
  sentFrames: Frame[];
  replies: Frame[];
  stderrRest: () => Buffer;
} {
  const decoder = new FrameDecoder(providerFrameCap);
  const replies: Frame[] = [];
  const sentFrames: Frame[] = [];
  const sentDecoder = new FrameDecoder(runnerFrameCap);
  let stderrLine = Buffer.alloc(0);
  const observer: WireObserver = {
    sent: (bytes) => sentFrames.push(...sentDecoder.push(bytes).frames),
    stdout: (chunk) => replies.push(...decoder.push(chunk).frames),
    stderr: (chunk) => {
      let rest = Buffer.concat([stderrLine, chunk]);
      for (let lf = rest.indexOf(0x0a); lf >= 0; lf = rest.indexOf(0x0a)) {
        io.stderr.write(`provider stderr: ${escapeBytes(rest.subarray(0, lf))}\n`);
        rest = rest.subarray(lf + 1);
      }
      stderrLine = rest.length > 64 * 1024 ? Buffer.alloc(0) : rest;
    },
  };
  return { observer, sentFrames, replies, stderrRest: () => stderrLine };
}

/** Lists each frame sent and each reply against the recording; how many replies differ from it. */
function listAgainstRecording(
  sentFrames: readonly Frame[],
  replies: readonly Frame[],
  recorded: TranscriptRead,
  out: (line: string) => void,
): number {
  let differing = 0;
  for (let i = 0; i < Math.max(sentFrames.length, replies.length); i++) {
    const s = sentFrames[i];
    const r = replies[i];
    if (s !== undefined) out(`> ${frameHeader(s)}`);
    const compared = againstRecording(
      r,
      recorded.frames[i]?.frame,
      i === recorded.frames.length ? recorded.rest : undefined,
    );
    if (compared !== 'as recorded' && compared !== 'none recorded either') differing += 1;
    out(`< ${r === undefined ? '(no reply)' : frameHeader(r)}  ${compared}`);
  }
  return differing;
}

/** The answer to the transcript's last query, against the right answers; the exit status. */
function judgeAnswer(
  toSend: readonly Frame[],
  replies: readonly Frame[],
  answers: readonly { name: string; bytes: Uint8Array }[],
  out: (line: string) => void,
): number {
  const query = [...toSend].reverse().find((f) => f.type === 'query');
  if (query === undefined) {
    out('answer: none (the transcript holds no query)');
    return EXIT.failed;
  }
  const reply = replies.find((f) => f.id === query.id && (f.type === 'result' || f.type === 'error'));
  if (reply === undefined) {
    out(`answer: none to query ${query.id}`);
    return EXIT.failed;
  }
  if (reply.type === 'error') {
    out(`answer: error ${escapeText(reply.ref)}: ${escapeBytes(reply.body)}`);
    return EXIT.failed;
  }
  const match = answers.find((a) => Buffer.from(a.bytes).equals(Buffer.from(reply.body)));
  if (match !== undefined) {
    out(`answer: the bytes of ${escapeText(match.name)} (${reply.body.length} bytes)`);
    return EXIT.ok;
  }
  const expected = answers[0]?.bytes ?? new Uint8Array();
  out(
    `answer: not the bytes of expected.json (${expected.length} bytes) nor of an acceptable alternative: ` +
      `${reply.body.length} bytes, differing from byte ${firstDifferingByte(expected, reply.body)}`,
  );
  const diff = unifiedDiff(expected, reply.body).split('\n');
  for (const l of diff.slice(0, MAX_DIFF_LINES)) out(`  ${l}`);
  if (diff.length > MAX_DIFF_LINES) out(`  … ${diff.length - MAX_DIFF_LINES} more diff lines`);
  return EXIT.failed;
}
