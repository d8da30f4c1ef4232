/**
 * The contract's #303-style frame (KD-DIGEST-02), the one builder of every framed digest of the kit:
 *
 *   "KOFUN\0" || domain_length:u16be || domain || payload_length:u32be || payload
 *
 * The contract frames its interface-set digest so; the kit frames the same way, each under its own ASCII domain,
 * every digest it defines (a view's semantic digest, the vector set, the release artifact and its sections), so
 * every byte hashed is length-delimited, no two different inputs frame to the same bytes, and no kit digest can
 * equal an interface-set digest.
 */

/** "KOFUN\0" (KD-DIGEST-02). */
const MAGIC = Uint8Array.of(0x4b, 0x4f, 0x46, 0x55, 0x4e, 0x00);

/** A domain is printable ASCII (the contract's domain is "the ASCII domain"): one byte per character. */
const ASCII_DOMAIN = /^[\x20-\x7e]{1,65535}$/;

/**
 * `payload` framed under `domain`. Every domain is a constant of the kit, so a domain that is not 1 to 65,535
 * printable ASCII characters, or a payload of 4 GiB or more, is a kit fault (thrown).
 */
export function kofunFrame(domain: string, payload: Uint8Array): Uint8Array {
  if (!ASCII_DOMAIN.test(domain)) throw new Error(`frame domain is not 1 to 65,535 ASCII characters: ${domain}`);
  if (payload.length > 0xffffffff) throw new Error(`frame payload too long: ${payload.length} bytes`);
  const payloadAt = MAGIC.length + 2 + domain.length + 4;
  const frame = new Uint8Array(payloadAt + payload.length);
  const view = new DataView(frame.buffer);
  frame.set(MAGIC, 0);
  view.setUint16(MAGIC.length, domain.length);
  for (let i = 0; i < domain.length; i++) frame[MAGIC.length + 2 + i] = domain.charCodeAt(i);
  view.setUint32(payloadAt - 4, payload.length);
  frame.set(payload, payloadAt);
  return frame;
}
