import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { encodeFrame, FrameDecoder, MAX_HEADER_BYTES, parseHeader, type Frame } from './frame.js';

const ascii = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));
const text = (b: Uint8Array): string => Buffer.from(b).toString('latin1');
const caps = (type: string): number | undefined =>
  (({ result: 100, error: 10, hello: 50, bye: 0 }) as Record<string, number>)[type];

test('a frame is the header line "KCTK1 <type> <id> <ref> <length>\\n" then the raw body', () => {
  assert.is(text(encodeFrame('result', 7, '-', ascii('ab\n'))), 'KCTK1 result 7 - 3\nab\n');
  assert.is(text(encodeFrame('bye', 0, '-')), 'KCTK1 bye 0 - 0\n');
  const sha = 'a'.repeat(64);
  assert.is(text(encodeFrame('query', 4294967295, sha, ascii('x'))), `KCTK1 query 4294967295 ${sha} 1\nx`);
});

test('a body is carried byte for byte, LF, NUL and invalid UTF-8 included', () => {
  const body = new Uint8Array([0x00, 0x0a, 0xff, 0xfe, 0x4b, 0x43, 0x54, 0x4b, 0x31, 0x20]);
  const { frames, fault } = new FrameDecoder(caps).push(encodeFrame('result', 1, '-', body));
  assert.is(fault, undefined);
  assert.equal([...(frames[0] as Frame).body], [...body]);
});

test('headers: decimal without leading zeros, five fields, a known type', () => {
  assert.ok(parseHeader('KCTK1 result 1 - 0').ok);
  assert.not.ok(parseHeader('KCTK1 result 01 - 0').ok);
  assert.not.ok(parseHeader('KCTK1 result 1 - 00').ok);
  assert.not.ok(parseHeader('KCTK1 result 1 -  0').ok);
  assert.not.ok(parseHeader('KCTK2 result 1 - 0').ok);
  assert.not.ok(parseHeader('KCTK1 Result 1 - 0').ok);
  assert.not.ok(parseHeader('KCTK1 result 4294967296 - 0').ok);
  assert.not.ok(parseHeader('KCTK1 result 1 REF 0').ok);
});

test('a declared length over the cap is an oversize fault before any body byte arrives', () => {
  const d = new FrameDecoder(caps);
  const r = d.push(ascii('KCTK1 result 1 - 101\n'));
  assert.is(r.fault?.kind, 'oversize');
  assert.is(r.frames.length, 0);
  // Once faulted, nothing more is decoded.
  assert.is(d.push(encodeFrame('bye', 0, '-')).frames.length, 0);
});

test('a body of exactly the cap is accepted', () => {
  const r = new FrameDecoder(caps).push(encodeFrame('error', 3, 'internal', new Uint8Array(10)));
  assert.is(r.fault, undefined);
  assert.is(r.frames[0]?.ref, 'internal');
});

test('no LF within 128 bytes, an unexpected type, or a non-ASCII header is a protocol fault', () => {
  const flood = new FrameDecoder(caps).push(new Uint8Array(MAX_HEADER_BYTES).fill(0x41));
  assert.is(flood.fault?.kind, 'protocol');
  assert.is(new FrameDecoder(caps).push(ascii('KCTK1 query 1 - 0\n')).fault?.kind, 'protocol');
  assert.is(new FrameDecoder(caps).push(ascii('KCTK1 bye 0 - 0\x1b\n')).fault?.kind, 'protocol');
  // 127 bytes without LF is not yet a fault: the header may still end.
  assert.is(new FrameDecoder(caps).push(new Uint8Array(MAX_HEADER_BYTES - 1).fill(0x41)).fault, undefined);
});

test('property: any split of a frame sequence decodes to the same frames', () => {
  const frameArb = fc.record({
    type: fc.constantFrom('result', 'error', 'hello', 'bye'),
    id: fc.nat(),
    body: fc.uint8Array({ maxLength: 10 }),
  });
  fc.assert(
    fc.property(fc.array(frameArb, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 8 }), (frames, cuts) => {
      const kept = frames.map((f) => ({ ...f, body: f.type === 'bye' ? new Uint8Array(0) : f.body }));
      const wire = Buffer.concat(kept.map((f) => encodeFrame(f.type, f.id, '-', f.body)));
      const points = [...new Set(cuts.map((c) => (wire.length === 0 ? 0 : c % wire.length)))].sort((a, b) => a - b);
      const decoder = new FrameDecoder(caps);
      const got: Frame[] = [];
      let at = 0;
      for (const p of [...points, wire.length]) {
        const r = decoder.push(new Uint8Array(wire.subarray(at, p)));
        assert.is(r.fault, undefined);
        got.push(...r.frames);
        at = p;
      }
      assert.is(got.length, kept.length);
      got.forEach((g, i) => {
        assert.is(g.type, kept[i]?.type);
        assert.is(g.id, kept[i]?.id);
        assert.equal([...g.body], [...(kept[i]?.body ?? [])]);
      });
      assert.ok(decoder.idle);
    }),
    { seed: 20261201, numRuns: 300 },
  );
});

test.run();
