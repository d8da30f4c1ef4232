/**
 * The payload builder of the kit's frames (kofun-frame.ts): big-endian integers, raw bytes, raw 32-byte Ids and
 * length-prefixed texts appended in order, so a payload reads as the field list of its frame's definition.
 */
import { isId } from '../records/scalar-checks.js';

const encoder = new TextEncoder();

/** Appends big-endian integers, raw bytes and length-prefixed strings; a value a field cannot hold is a kit fault. */
export class ByteWriter {
  private chunks: Uint8Array[] = [];
  private length = 0;

  u8(value: number): this {
    return this.push(Uint8Array.of(unsigned(value, 0xff, 'u8')));
  }

  u16(value: number): this {
    const b = new Uint8Array(2);
    new DataView(b.buffer).setUint16(0, unsigned(value, 0xffff, 'u16'));
    return this.push(b);
  }

  u32(value: number): this {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, unsigned(value, 0xffffffff, 'u32'));
    return this.push(b);
  }

  /** A safe integer as u64be; sizes are exact integers, never floats. */
  u64(value: number): this {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(unsigned(value, Number.MAX_SAFE_INTEGER, 'u64')));
    return this.push(b);
  }

  bytes(value: Uint8Array): this {
    return this.push(value);
  }

  /** 64 lowercase hex characters as their 32 raw bytes (KD-DIGEST-03 "raw"). */
  id(hex: string): this {
    if (!isId(hex)) throw new Error('not a 64-hex Id');
    return this.push(Uint8Array.from(Buffer.from(hex, 'hex')));
  }

  /** u32be byte length, then the UTF-8 bytes. */
  text(value: string): this {
    const b = encoder.encode(value);
    return this.u32(b.length).push(b);
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  private push(b: Uint8Array): this {
    this.chunks.push(b);
    this.length += b.length;
    return this;
  }
}

function unsigned(value: number, max: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${field} out of range: ${value}`);
  return value;
}
