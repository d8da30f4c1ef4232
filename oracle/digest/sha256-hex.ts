/**
 * The kit's one SHA-256 helper (@noble/hashes): every digest Id of the contract (KD-SCALAR-04, KD-KEY-03), every
 * file digest of the manifest and the vector set, and every seed derived from a label go through it, so that no two
 * parts of the kit can disagree on how a digest is spelled.
 */
import { hash } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';

const utf8 = new TextEncoder();

/** Bytes to hash: raw bytes, or a string hashed as its UTF-8 encoding. */
export type HashInput = Uint8Array | string;

function bytesOf(input: HashInput): Uint8Array {
  return typeof input === 'string' ? utf8.encode(input) : input;
}

/**
 * Lowercase hexadecimal spelling of a digest, as one flat string: a string built by concatenating 32 pieces stays
 * a rope that keeps every piece alive, which for the million identities of a candidate series is most of a loaded
 * fixture's memory and of its load time.
 */
export function hexOf(digest: Uint8Array): string {
  return Buffer.from(digest.buffer, digest.byteOffset, digest.byteLength).toString('hex');
}

/** The raw 32-byte SHA-256 of `input`. */
export function sha256Bytes(input: HashInput): Uint8Array {
  return sha256(bytesOf(input));
}

/** Lowercase hexadecimal SHA-256 of `input`: the spelling of every digest Id (KD-SCALAR-04, KD-KEY-03). */
export function sha256Hex(input: HashInput): string {
  return hexOf(sha256(bytesOf(input)));
}

/**
 * Lowercase hexadecimal SHA-256 of a string's UTF-8 bytes, by Node's one-shot native hash: the digest sha256Hex gives,
 * for the many short inputs of a candidate series, whose every SymbolId is hashed at each load to order the members.
 * On an input that short the native call costs a fraction of the JavaScript implementation's time (`npm run bench`
 * prints both for a million SymbolIds).
 */
export function sha256HexOfText(text: string): string {
  return hash('sha256', text, 'hex');
}

/** An incremental SHA-256, for inputs read in chunks (artifact files, streamed vectors). */
export interface Sha256Stream {
  update(chunk: HashInput): Sha256Stream;
  hex(): string;
}

/** Starts an incremental SHA-256. */
export function createSha256(): Sha256Stream {
  const h = sha256.create();
  const stream: Sha256Stream = {
    update(chunk) {
      h.update(bytesOf(chunk));
      return stream;
    },
    hex: () => hexOf(h.digest()),
  };
  return stream;
}
