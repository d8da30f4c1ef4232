import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { kofunFrame } from './kofun-frame.js';

// Expected frames are written out byte by byte from the contract's definition (KD-DIGEST-02):
// "KOFUN\0" || domain_length:u16be || domain || payload_length:u32be || payload.
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const ascii = (s: string): string => Buffer.from(s, 'ascii').toString('hex');
const nodeSha = (h: string): string => createHash('sha256').update(Buffer.from(h, 'hex')).digest('hex');
const bytesOf = (h: string): Uint8Array => new Uint8Array(Buffer.from(h, 'hex'));
const DOMAIN = 'kofun.discovery.interface-set/v1';

test('a two-byte domain and a three-byte payload, byte by byte', () => {
  assert.equal(
    [...kofunFrame('ab', Uint8Array.of(7, 8, 9))],
    [0x4b, 0x4f, 0x46, 0x55, 0x4e, 0x00, 0x00, 0x02, 0x61, 0x62, 0x00, 0x00, 0x00, 0x03, 7, 8, 9],
  );
});

test('the empty interface set: the 48-byte frame and its known answer (clauses.md, Derived facts)', () => {
  const expected = `4b4f46554e00` + `0020` + ascii(DOMAIN) + `00000004` + `00000000`;
  const frame = kofunFrame(DOMAIN, bytesOf('00000000'));
  assert.is(frame.length, 48);
  assert.is(hex(frame), expected);
  assert.is(nodeSha(hex(frame)), '80d1c79a9cc431fc7b585d15fcf9a21b31e2daa8002300b1b95cda519d163804');
});

test('one member, view 1 and view 2: the 145-byte frames and their known answers (clauses.md)', () => {
  // member_count 1, then PackageId 32 x 11, ModuleId 32 x 22, authorized_view, semantic_digest 32 x 33.
  const payload = (view: string): string => `00000001` + '11'.repeat(32) + '22'.repeat(32) + view + '33'.repeat(32);
  const head = `4b4f46554e00` + `0020` + ascii(DOMAIN) + `00000065`; // payload_length 4 + 97 = 101
  const publicFrame = kofunFrame(DOMAIN, bytesOf(payload('01')));
  assert.is(publicFrame.length, 145);
  assert.is(hex(publicFrame), head + payload('01'));
  assert.is(nodeSha(hex(publicFrame)), 'cd3b445da0d710c442f7205b8b52edd202c39ff105ef35578ddc18a596bd7f4a');
  const internalFrame = kofunFrame(DOMAIN, bytesOf(payload('02')));
  assert.is(nodeSha(hex(internalFrame)), '87721f10afc7eda37d158fcf6c7d8b054e0475af563cdfb2ecd4574059881efd');
});

test('both lengths are big-endian: a 300-byte payload, a 65,535-byte domain', () => {
  const frame = kofunFrame('d', new Uint8Array(300).fill(0xaa));
  assert.is(hex(frame.subarray(0, 13)), `4b4f46554e00` + `0001` + ascii('d') + `0000012c`);
  assert.is(frame.length, 6 + 2 + 1 + 4 + 300);
  const long = kofunFrame('x'.repeat(65_535), new Uint8Array(0));
  assert.is(hex(long.subarray(6, 8)), 'ffff');
  assert.is(hex(long.subarray(6 + 2 + 65_535)), '00000000');
});

test('a domain the frame cannot carry is a kit fault', () => {
  assert.throws(() => kofunFrame('', new Uint8Array(0)), /domain/);
  assert.throws(() => kofunFrame('x'.repeat(65_536), new Uint8Array(0)), /domain/);
  assert.throws(() => kofunFrame('kofun.caf\u00e9/v1', new Uint8Array(0)), /domain/);
  assert.throws(() => kofunFrame('kofun\n/v1', new Uint8Array(0)), /domain/);
});

test.run();
