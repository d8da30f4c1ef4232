/**
 * The framing of the kofun-ctk provider protocol (PROTOCOL.md, "Framing").
 *
 * A frame is one ASCII header line followed by exactly `length` raw bytes:
 *
 *     KCTK1 <type> <id> <ref> <length>\n<length bytes>
 *
 * The body is carried as is, so request and result bytes cross the transport
 * unchanged (KD-TRUST-03). Every limit is checked on the header, before a byte
 * of the body is buffered (KD-LIMIT-08), so an untrusted peer costs bounded memory.
 */

/** The protocol tag that opens every header line. */
export const FRAME_MAGIC = 'KCTK1';

/** The longest header line accepted, LF included (PROTOCOL.md: at most 128 bytes). */
export const MAX_HEADER_BYTES = 128;

/** `ref` when the frame refers to nothing. */
export const NO_REF = '-';

/** One decoded frame. */
export interface Frame {
  type: string;
  id: number;
  /** `-`, a fixture SHA-256 (64 lowercase hex) or an error code, by message type. */
  ref: string;
  body: Uint8Array;
}

/** Why a byte stream is not a valid frame sequence; the peer is then dropped. */
export interface FrameFault {
  kind: 'protocol' | 'oversize';
  message: string;
  /** For a line that is not a frame header: its first bytes (at most STRAY_BYTES), as evidence to escape. */
  stray?: Uint8Array;
}

/** How many bytes of a line that is not a frame header a fault keeps. */
export const STRAY_BYTES = 64;

const TYPE_RE = /^[a-z][a-z-]{0,31}$/;
const REF_RE = /^(?:-|[a-z0-9][a-z0-9-]{0,63})$/;
const DECIMAL_RE = /^(?:0|[1-9][0-9]{0,9})$/;
const U32_MAX = 4_294_967_295;

/** Encodes one frame. Throws only for a kit fault (a malformed type or ref). */
export function encodeFrame(type: string, id: number, ref: string, body: Uint8Array = new Uint8Array(0)): Uint8Array {
  if (!TYPE_RE.test(type) || !REF_RE.test(ref) || !Number.isInteger(id) || id < 0 || id > U32_MAX) {
    throw new Error(`kit fault: bad frame header ${type} ${id} ${ref}`);
  }
  const header = Buffer.from(`${FRAME_MAGIC} ${type} ${id} ${ref} ${body.length}\n`, 'ascii');
  const out = new Uint8Array(header.length + body.length);
  out.set(header, 0);
  out.set(body, header.length);
  return out;
}

/** Parses one header line (without its LF); returns the fields or a fault. */
export function parseHeader(
  line: string,
): { ok: true; type: string; id: number; ref: string; length: number } | { ok: false; message: string } {
  const parts = line.split(' ');
  if (parts.length !== 5 || parts[0] !== FRAME_MAGIC) {
    return { ok: false, message: `header is not "${FRAME_MAGIC} <type> <id> <ref> <length>"` };
  }
  const [, type = '', idText = '', ref = '', lengthText = ''] = parts;
  if (!TYPE_RE.test(type)) return { ok: false, message: 'header type is not a lowercase token' };
  if (!DECIMAL_RE.test(idText) || Number(idText) > U32_MAX)
    return { ok: false, message: 'header id is not a decimal U32' };
  if (!REF_RE.test(ref)) return { ok: false, message: 'header ref is not "-" or a lowercase token' };
  if (!DECIMAL_RE.test(lengthText) || Number(lengthText) > U32_MAX)
    return { ok: false, message: 'header length is not a decimal U32' };
  return { ok: true, type, id: Number(idText), ref, length: Number(lengthText) };
}

/**
 * An incremental frame decoder. `maxBody(type)` gives the largest body accepted for
 * a frame type (or undefined when the type is not accepted at all); a larger
 * declared length is an `oversize` fault raised before the body is read.
 */
export class FrameDecoder {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private header: { type: string; id: number; ref: string; length: number } | undefined;
  private failed: FrameFault | undefined;

  constructor(private readonly maxBody: (type: string) => number | undefined) {}

  /** The fault that stopped decoding, if any; after a fault every push returns it again. */
  get fault(): FrameFault | undefined {
    return this.failed;
  }

  /** True when no partial frame is buffered. */
  get idle(): boolean {
    return this.pendingBytes === 0 && this.header === undefined;
  }

  /** Feeds bytes; returns the frames completed by them, or the fault that stopped decoding. */
  push(chunk: Uint8Array): { frames: Frame[]; fault?: FrameFault } {
    if (this.failed) return { frames: [], fault: this.failed };
    const frames: Frame[] = [];
    if (chunk.length > 0) {
      this.pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
      this.pendingBytes += chunk.length;
    }
    for (;;) {
      if (this.header === undefined) {
        const buf = this.flatten();
        const lf = buf.indexOf(0x0a);
        if (lf < 0) {
          if (buf.length >= MAX_HEADER_BYTES)
            return this.fail(frames, 'protocol', `no header line within ${MAX_HEADER_BYTES} bytes`, stray(buf));
          return { frames };
        }
        if (lf + 1 > MAX_HEADER_BYTES)
          return this.fail(frames, 'protocol', `header line longer than ${MAX_HEADER_BYTES} bytes`, stray(buf));
        for (let i = 0; i < lf; i++) {
          const b = buf[i] ?? 0;
          if (b < 0x20 || b > 0x7e)
            return this.fail(frames, 'protocol', 'header line is not printable ASCII', stray(buf));
        }
        const parsed = parseHeader(buf.subarray(0, lf).toString('ascii'));
        if (!parsed.ok) return this.fail(frames, 'protocol', parsed.message, stray(buf));
        const cap = this.maxBody(parsed.type);
        if (cap === undefined)
          return this.fail(frames, 'protocol', `unexpected message type "${parsed.type}"`, stray(buf));
        if (parsed.length > cap) {
          return this.fail(
            frames,
            'oversize',
            `${parsed.type} body of ${parsed.length} bytes exceeds the cap of ${cap} bytes`,
          );
        }
        this.header = { type: parsed.type, id: parsed.id, ref: parsed.ref, length: parsed.length };
        this.replace(buf.subarray(lf + 1));
      }
      const h = this.header;
      if (this.pendingBytes < h.length) return { frames };
      const buf = this.flatten();
      const body = new Uint8Array(h.length);
      body.set(buf.subarray(0, h.length));
      this.replace(buf.subarray(h.length));
      this.header = undefined;
      frames.push({ type: h.type, id: h.id, ref: h.ref, body });
    }
  }

  private fail(
    frames: Frame[],
    kind: FrameFault['kind'],
    message: string,
    strayBytes?: Uint8Array,
  ): { frames: Frame[]; fault: FrameFault } {
    this.failed = strayBytes === undefined ? { kind, message } : { kind, message, stray: strayBytes };
    this.pending = [];
    this.pendingBytes = 0;
    return { frames, fault: this.failed };
  }

  private flatten(): Buffer {
    if (this.pending.length === 1) return this.pending[0] as Buffer;
    const buf = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [buf];
    return buf;
  }

  private replace(rest: Buffer): void {
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
  }
}

/** The first bytes of a line that is not a frame header, copied (the buffer is reused). */
function stray(buf: Uint8Array): Uint8Array {
  return new Uint8Array(buf.subarray(0, Math.min(buf.length, STRAY_BYTES)));
}
