import type { Readable } from 'node:stream';

/** What a bounded read produced: all the bytes, or the fact that there were more than the cap. */
export type BoundedRead = { ok: true; bytes: Uint8Array } | { ok: false; overflow: true; read: number };

/**
 * Reads a stream to its end, keeping at most `maxBytes` bytes. Past the cap it stops
 * buffering and drains the rest, so a hostile input costs constant memory (KD-LIMIT-08).
 */
export async function readBounded(stream: Readable, maxBytes: number): Promise<BoundedRead> {
  const chunks: Buffer[] = [];
  let total = 0;
  let overflow = false;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += buf.length;
    if (overflow) continue;
    if (total > maxBytes) {
      overflow = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(buf);
  }
  if (overflow) return { ok: false, overflow: true, read: total };
  return { ok: true, bytes: new Uint8Array(Buffer.concat(chunks)) };
}
