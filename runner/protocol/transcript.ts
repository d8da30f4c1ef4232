/**
 * The transcript of one persistent provider instance, as `kofun-ctk repro` writes it into its folder and `kofun-ctk
 * replay` reads it back (PROTOCOL.md, "Reproducing one vector"): `transcript/sent.bin`, the exact bytes of every frame
 * the runner wrote to the provider's stdin, in order; `transcript/received.bin`, the exact bytes the provider wrote to
 * its stdout, in order (capped); and `transcript/frames.txt`, one line per frame for a reader. Each file is read back
 * with the one frame decoder, so a frame in it is a frame on the wire.
 */
import { sha256Hex } from '../../oracle/index.js';
import { FRAME_MAGIC, FrameDecoder, type Frame } from './frame.js';
import { MAX_ERROR_BYTES, MAX_HELLO_BYTES, MAX_RESULT_BYTES, providerFrameCap, runnerFrameCap } from './messages.js';

/** The transcript's files, relative to the repro folder. */
export const TRANSCRIPT_FILES = {
  sent: 'transcript/sent.bin',
  received: 'transcript/received.bin',
  frames: 'transcript/frames.txt',
} as const;

/**
 * The most provider stdout bytes a transcript keeps: every reply of one repro fits (a hello, a fixture-loaded, a
 * result at the contract's cap, a bye, room for error frames), and a provider that floods its stdout costs no more.
 */
export const MAX_RECEIVED_BYTES = MAX_HELLO_BYTES + MAX_RESULT_BYTES + 4 * MAX_ERROR_BYTES + 64 * 1024;

/** Records a wire as a WireObserver (runner/adapters/persistent-process.ts) sees it: frames sent, stdout received. */
export class TranscriptRecorder {
  private readonly sentChunks: Uint8Array[] = [];
  private readonly receivedChunks: Buffer[] = [];
  private kept = 0;
  /** Every stdout byte the provider wrote, kept or not. */
  receivedTotal = 0;

  /** A frame the runner wrote (copied: the caller may reuse its buffer). */
  sent(frame: Uint8Array): void {
    this.sentChunks.push(new Uint8Array(frame));
  }

  /** Bytes the provider wrote to its stdout. */
  stdout(chunk: Uint8Array): void {
    this.receivedTotal += chunk.length;
    const room = MAX_RECEIVED_BYTES - this.kept;
    if (room <= 0) return;
    const part = Buffer.from(chunk.subarray(0, Math.min(room, chunk.length)));
    this.receivedChunks.push(part);
    this.kept += part.length;
  }

  get sentBytes(): Uint8Array {
    return new Uint8Array(Buffer.concat(this.sentChunks));
  }

  get receivedBytes(): Uint8Array {
    return new Uint8Array(Buffer.concat(this.receivedChunks));
  }
}

/** One frame of a transcript file and where it starts. */
export interface TranscriptFrame {
  frame: Frame;
  /** Byte offset of its header line in the file. */
  offset: number;
}

/** A transcript file decoded: its frames, then what is left that is no whole frame (with where and why). */
export interface TranscriptRead {
  frames: TranscriptFrame[];
  rest?: { offset: number; bytes: number; message: string };
}

/** The header line of a frame, without its LF: `KCTK1 query 2 <sha256> 607`. */
export function frameHeader(frame: Frame): string {
  return `${FRAME_MAGIC} ${frame.type} ${frame.id} ${frame.ref} ${frame.body.length}`;
}

/** The bytes a frame takes on the wire (its header line and LF, then its body). */
function wireLength(frame: Frame): number {
  return Buffer.byteLength(frameHeader(frame), 'ascii') + 1 + frame.body.length;
}

/**
 * Decodes a transcript file written by `side` (`runner`: sent.bin, frames the runner sends; `provider`: received.bin,
 * frames a provider sends), each frame held to the caps the other end enforces.
 */
export function readTranscript(bytes: Uint8Array, side: 'runner' | 'provider'): TranscriptRead {
  const decoder = new FrameDecoder(side === 'runner' ? runnerFrameCap : providerFrameCap);
  const { frames, fault } = decoder.push(bytes);
  const out: TranscriptFrame[] = [];
  let offset = 0;
  for (const frame of frames) {
    out.push({ frame, offset });
    offset += wireLength(frame);
  }
  const left = bytes.length - offset;
  if (fault !== undefined) return { frames: out, rest: { offset, bytes: left, message: fault.message } };
  if (left > 0) return { frames: out, rest: { offset, bytes: left, message: 'a frame cut short at the end' } };
  return { frames: out };
}

/**
 * `frames.txt`: each frame the runner sent (`>`) followed by what the provider sent next (`<`), with its offset in
 * sent.bin or received.bin and its body's SHA-256, then what in received.bin is no frame.
 */
export function transcriptListing(sent: TranscriptRead, received: TranscriptRead, receivedTotal: number): string {
  const line = (mark: '>' | '<', f: TranscriptFrame): string =>
    `${mark} ${String(f.offset).padStart(8)}  ${frameHeader(f.frame)}  body sha256 ${sha256Hex(f.frame.body)}`;
  const lines = [
    '# kofun-ctk transcript (PROTOCOL.md, "Reproducing one vector"): > a frame the runner sent (sent.bin),',
    '# < a frame the provider sent (received.bin); the offset of its header in that file; the SHA-256 of its body.',
  ];
  const n = Math.max(sent.frames.length, received.frames.length);
  for (let i = 0; i < n; i++) {
    const s = sent.frames[i];
    const r = received.frames[i];
    if (s !== undefined) lines.push(line('>', s));
    if (r !== undefined) lines.push(line('<', r));
  }
  if (received.rest !== undefined)
    lines.push(
      `< ${String(received.rest.offset).padStart(8)}  not a frame: ${received.rest.message} ` +
        `(${received.rest.bytes} bytes to the end of received.bin)`,
    );
  const kept = received.frames.reduce((sum, f) => sum + wireLength(f.frame), 0) + (received.rest?.bytes ?? 0);
  if (receivedTotal > kept)
    lines.push(`# the provider wrote ${receivedTotal} bytes to stdout; received.bin keeps the first ${kept}`);
  return `${lines.join('\n')}\n`;
}
