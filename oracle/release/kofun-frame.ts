/**
 * The #303-style frame the contract uses for its interface-set digest
 * (KD-DIGEST-02): "KOFUN\0" || domain_length:u16be || domain || payload_length:u32be
 * || payload. The kit reuses the same house framing for the reference artifact's
 * sections and for the artifact digest, so every byte of those is length-delimited
 * and no two different listings can frame to the same bytes.
 */

const MAGIC = new Uint8Array([0x4b, 0x4f, 0x46, 0x55, 0x4e, 0x00]);
const encoder = new TextEncoder();

/** Frames `payload` under the ASCII `domain`. A domain over 65,535 bytes or a payload over 4 GiB is a kit fault. */
export function kofunFrame(domain: string, payload: Uint8Array): Uint8Array {
  const domainBytes = encoder.encode(domain);
  if (domainBytes.length > 0xffff) throw new Error(`frame domain too long: ${domainBytes.length} bytes`);
  if (payload.length > 0xffffffff) throw new Error(`frame payload too long: ${payload.length} bytes`);
  const out = new Uint8Array(MAGIC.length + 2 + domainBytes.length + 4 + payload.length);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint16(MAGIC.length, domainBytes.length);
  out.set(domainBytes, MAGIC.length + 2);
  view.setUint32(MAGIC.length + 2 + domainBytes.length, payload.length);
  out.set(payload, MAGIC.length + 2 + domainBytes.length + 4);
  return out;
}

/** Appends big-endian integers, raw bytes and length-prefixed strings; the payload builder of every frame. */
export class ByteWriter {
  private chunks: Uint8Array[] = [];
  private length = 0;

  u8(value: number): this {
    return this.push(Uint8Array.of(value & 0xff));
  }

  u16(value: number): this {
    const b = new Uint8Array(2);
    new DataView(b.buffer).setUint16(0, value);
    return this.push(b);
  }

  u32(value: number): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new Error(`u32 out of range: ${value}`);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, value);
    return this.push(b);
  }

  /** A safe integer as u64be; sizes are exact integers, never floats. */
  u64(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`u64 out of range: ${value}`);
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(value));
    return this.push(b);
  }

  bytes(value: Uint8Array): this {
    return this.push(value);
  }

  /** 64 lowercase hex characters as their 32 raw bytes (KD-DIGEST-03 "raw"). */
  id(hex: string): this {
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('not a 64-hex Id');
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
