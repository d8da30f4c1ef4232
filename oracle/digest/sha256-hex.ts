import { sha256 } from '@noble/hashes/sha2.js';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hexadecimal SHA-256 of `bytes`: the spelling of every digest Id (KD-SCALAR-04, KD-KEY-03). */
export function sha256Hex(bytes: Uint8Array): string {
  const digest = sha256(bytes);
  let out = '';
  for (let i = 0; i < digest.length; i++) out += HEX[digest[i] as number] as string;
  return out;
}
